import { Copy, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { describeError, useCustomerEnrollment } from "../../lib/trade-credit-customer-api"
import { DetailRow } from "../common/detail-row"
import { dateTime } from "./date-time"
import { Failed, Loading, SectionTitle, Value } from "./section-parts"
import { StatusTag, statusLabel } from "./status-tag"

/** Sole-trader enrollment: status, organization number, company name, country, decided at. */
export const EnrollmentSection = ({ customerId }: { customerId: string }) => {
  const { t } = useTranslation("tradeCredit")
  const { data: enrollment, isLoading, error } = useCustomerEnrollment(customerId)
  const status = enrollment ? (
    <StatusTag
      value={enrollment.status}
      text={t(`customer.enrollment.status.${enrollment.status}`, { defaultValue: statusLabel(enrollment.status) })}
      testId="tc-enrollment-status"
    />
  ) : undefined
  return (
    <div className="pb-2" data-testid="tc-enrollment">
      <SectionTitle aside={status}>{t("customer.enrollment.title")}</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("customer.enrollment.loadFailed", { error: describeError(error) })} />
      ) : !enrollment ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2" data-testid="tc-enrollment-none">
          {t("customer.enrollment.none")}
        </Text>
      ) : (
        <>
          <DetailRow title={t("customer.enrollment.organizationNumber")}>
            <Value testId="tc-enrollment-org" mono>
              {enrollment.organization_number}
            </Value>
            {enrollment.organization_number && <Copy content={enrollment.organization_number} />}
          </DetailRow>
          <DetailRow title={t("customer.enrollment.companyName")}>
            <Value testId="tc-enrollment-company">{enrollment.company_name}</Value>
          </DetailRow>
          <DetailRow title={t("customer.enrollment.country")}>
            <Value testId="tc-enrollment-country">{enrollment.country_code}</Value>
          </DetailRow>
          <DetailRow title={t("customer.enrollment.decidedAt")}>
            <Value testId="tc-enrollment-decided">
              {enrollment.decided_at ? dateTime(enrollment.decided_at) : t("customer.enrollment.notDecided")}
            </Value>
          </DetailRow>
          {enrollment.proposal_id && (
            <DetailRow title={t("customer.enrollment.proposal")}>
              <Value mono>{enrollment.proposal_id}</Value>
            </DetailRow>
          )}
        </>
      )}
    </div>
  )
}
