import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditCustomerCompany } from "../../lib/trade-credit-receivables-api"
import { DetailRow } from "../common/detail-row"
import { useIntlFormat } from "../common/intl-format"
import { ArrearsNotice } from "./arrears-notice"
import { Value } from "./section-parts"

/** One company's credit: limit, remaining balance, maximum single order value, approval, arrears. */
export const CompanyCredit = ({ company }: { company: TradeCreditCustomerCompany }) => {
  const { t } = useTranslation("tradeCredit")
  const fmt = useIntlFormat()
  const credit = company.credit
  const money = (amount: string | null | undefined) =>
    amount && credit?.currency_code ? fmt.money(amount, credit.currency_code) : t("receivables.credit.unknown")
  const number = [company.country_code, company.organization_number].filter(Boolean).join(" ")
  return (
    <div data-testid="tc-company-credit-item">
      <Text size="small" leading="compact" className="text-ui-fg-subtle px-6 pt-2">
        {company.company_name ? `${company.company_name} · ${number}` : number}
      </Text>
      {!credit ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2">
          {t("receivables.credit.none")}
        </Text>
      ) : (
        <>
          <ArrearsNotice credit={credit} />
          <DetailRow title={t("receivables.credit.limit")}>
            <Value testId="tc-credit-limit">{money(credit.credit_limit)}</Value>
          </DetailRow>
          <DetailRow title={t("receivables.credit.balance")}>
            <Value testId="tc-credit-balance">{money(credit.credit_limit_balance)}</Value>
          </DetailRow>
          <DetailRow title={t("receivables.credit.maxOrder")}>
            <Value testId="tc-credit-max-order">{money(credit.max_single_order_value)}</Value>
          </DetailRow>
          {credit.credit_approved === false && (
            <DetailRow title={t("receivables.credit.notApproved")}>
              <Value>{credit.decline_reason ?? "-"}</Value>
            </DetailRow>
          )}
        </>
      )}
    </div>
  )
}
