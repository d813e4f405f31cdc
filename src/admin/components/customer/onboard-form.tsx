import { Alert, Button, Input, Label, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { describeError } from "../../lib/trade-credit-customer-api"
import { OnboardCompanyFields } from "./onboard-company-fields"
import { useOnboardForm } from "./use-onboard-form"

/** "Onboard": the company by the company search's canonical id, or by country and organization number. */
export const OnboardForm = ({
  customerId,
  companyName,
  onDone,
}: {
  customerId: string
  companyName: string | null
  onDone: () => void
}) => {
  const { t } = useTranslation("tradeCredit")
  const { onboard, fields, tradeName, setTradeName, company, submit } = useOnboardForm(customerId, onDone)

  return (
    <form
      onSubmit={submit}
      className="mx-6 mb-4 flex flex-col gap-y-3 rounded-lg border border-ui-border-base p-4"
      data-testid="tc-onboard-form"
    >
      <Text size="small" className="text-ui-fg-subtle">
        {t("customer.onboard.intro")}
      </Text>
      <OnboardCompanyFields {...fields} />
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-trade-name" size="xsmall" weight="plus">
          {t("customer.onboard.tradeName")}
        </Label>
        <Input
          id="tc-trade-name"
          size="small"
          value={tradeName}
          onChange={(e) => setTradeName(e.target.value)}
          placeholder={
            companyName
              ? t("customer.onboard.tradeNameDefault", { name: companyName })
              : t("customer.onboard.tradeNameRequired")
          }
        />
      </div>
      {onboard.error && (
        <Alert variant="error" data-testid="tc-onboard-error">
          {t("customer.onboard.failed", { error: describeError(onboard.error) })}
        </Alert>
      )}
      <div className="flex justify-end gap-x-2">
        <Button size="small" variant="secondary" type="button" onClick={onDone} disabled={onboard.isPending}>
          {t("common.cancel")}
        </Button>
        <Button
          size="small"
          type="submit"
          disabled={!company}
          isLoading={onboard.isPending}
          data-testid="tc-onboard-submit"
        >
          {t("customer.onboard.submit")}
        </Button>
      </div>
    </form>
  )
}
