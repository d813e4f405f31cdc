import { Alert, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditCustomerCompany } from "../../lib/trade-credit-receivables-api"
import { DetailRow } from "../common/detail-row"
import { useIntlFormat } from "../common/intl-format"

type Credit = NonNullable<TradeCreditCustomerCompany["credit"]>

/**
 * The company's arrears: none; approaching (in how many days the block starts); or blocked (for how many days: the
 * checkout does not offer trade credit). With the earliest overdue invoice when the service named it.
 */
export const ArrearsNotice = ({ credit }: { credit: Credit }) => {
  const { t } = useTranslation("tradeCredit")
  const fmt = useIntlFormat()
  const state = credit.arrears_state === "none" && credit.in_arrears ? "blocked" : credit.arrears_state
  const earliest =
    credit.earliest_invoice_number &&
    t("receivables.credit.earliestValue", {
      number: credit.earliest_invoice_number,
      date: credit.earliest_invoice_due_date ? fmt.day(credit.earliest_invoice_due_date) : "-",
    })
  if (state === "none")
    return (
      <DetailRow title={t("receivables.credit.arrears")}>
        <Text size="small" data-testid="tc-arrears">
          {t("receivables.credit.arrearsNone")}
        </Text>
      </DetailRow>
    )
  const days = state === "blocked" ? credit.days_in_arrears : credit.days_until_arrears
  const text = days == null ? t(`receivables.credit.${state}NoDays`) : t(`receivables.credit.${state}`, { count: days })
  return (
    <div className="px-6 py-2">
      <Alert variant={state === "blocked" ? "error" : "warning"} data-testid="tc-arrears">
        <Text size="small" weight="plus">
          {text}
        </Text>
        {earliest && <Text size="small">{t("receivables.credit.earliest", { invoice: earliest })}</Text>}
      </Alert>
    </div>
  )
}
