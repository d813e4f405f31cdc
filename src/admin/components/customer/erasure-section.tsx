import type { AdminCustomer } from "@medusajs/framework/types"
import { Alert, Button, Input, Label, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { describeError, useCustomerErasureRequests } from "../../lib/trade-credit-customer-api"
import { ErasureRequestList } from "./erasure-request-list"
import { Failed, Loading, SectionTitle } from "./section-parts"
import { useErasureRequest } from "./use-erasure-request"

/** Erasure: the customer's requests (case, status) and "Request erasure" under a reference, confirmed first. */
export const ErasureSection = ({ customer }: { customer: AdminCustomer }) => {
  const { t } = useTranslation("tradeCredit")
  const { data: requests, isLoading, error } = useCustomerErasureRequests(customer.id)
  const { requestErasure, reference, setReference, submit, caseText, statusText } = useErasureRequest(customer)

  return (
    <div className="pb-4" data-testid="tc-erasure">
      <SectionTitle>{t("customer.erasure.title")}</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("customer.erasure.loadFailed", { error: describeError(error) })} />
      ) : !requests?.length ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2" data-testid="tc-erasure-none">
          {t("customer.erasure.none")}
        </Text>
      ) : (
        <ErasureRequestList requests={requests} caseText={caseText} statusText={statusText} />
      )}
      <form onSubmit={submit} className="flex items-end gap-x-2 px-6 pt-2">
        <div className="flex flex-1 flex-col gap-y-1">
          <Label htmlFor="tc-erasure-reference" size="xsmall" weight="plus">
            {t("customer.erasure.reference")}
          </Label>
          <Input
            id="tc-erasure-reference"
            size="small"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            placeholder={t("customer.erasure.referencePlaceholder")}
            maxLength={100}
          />
        </div>
        <Button
          size="small"
          variant="danger"
          type="submit"
          disabled={!reference.trim()}
          isLoading={requestErasure.isPending}
          data-testid="tc-request-erasure"
        >
          {t("customer.erasure.request")}
        </Button>
      </form>
      {requestErasure.error && (
        <div className="px-6 pt-3">
          <Alert variant="error" data-testid="tc-erasure-error">
            {t("customer.erasure.failed", { error: describeError(requestErasure.error) })}
          </Alert>
        </div>
      )}
    </div>
  )
}
