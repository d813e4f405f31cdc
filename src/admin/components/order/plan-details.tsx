import { Copy, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditOrderSummary } from "../../lib/trade-credit-api"
import { DetailRow } from "../common/detail-row"
import { amountText, dateText } from "./display-format"
import { StateBadge } from "./state-badge"
import { CreditLineNote } from "./invoice-documents"

/** The dot of an instalment's state on the schedule's line. */
const DOT: Record<string, string> = {
  INVOICED: "bg-ui-tag-green-icon",
  CANCELLED: "bg-ui-tag-red-icon",
  PLANNED: "bg-ui-tag-neutral-icon",
}

/** An order paid in instalments: the plan, its funding and fulfilment, its amounts and the schedule. */
export const PlanDetails = ({ summary }: { summary: TradeCreditOrderSummary }) => {
  const { t } = useTranslation("tradeCredit")
  const plan = summary.plan!
  const currency = summary.payment.currency_code
  return (
    <>
      <DetailRow title={t("order.plan")}>
        {plan.plan_id ? (
          <>
            <Text size="small" className="truncate font-mono" data-testid="tc-plan-id">
              {plan.plan_id}
            </Text>
            <Copy content={plan.plan_id} />
          </>
        ) : (
          <Text size="small">{t("order.notCreated")}</Text>
        )}
      </DetailRow>
      <DetailRow title={t("order.funding")}>
        <StateBadge value={plan.funding_status} name="funding" />
      </DetailRow>
      <DetailRow title={t("order.fulfilment")}>
        <StateBadge value={plan.fulfilment_status} name="fulfilment" />
      </DetailRow>
      <DetailRow title={t("order.planAmounts")}>
        <Text size="small">
          {[plan.invoiced_amount, plan.cancelled_amount, plan.credited_amount].map((a) => a ?? "-").join(" / ")}{" "}
          {(currency ?? "").toUpperCase()}
        </Text>
      </DetailRow>
      {plan.credit_decline_reason && (
        <DetailRow title={t("order.declineReason")}>
          <Text size="small">{plan.credit_decline_reason}</Text>
        </DetailRow>
      )}
      <div className="px-6 py-4" data-testid="tc-instalments">
        <Text size="small" weight="plus" className="text-ui-fg-subtle mb-3">
          {t("order.instalments", { count: plan.number_of_periods ?? plan.instalments.length })}
        </Text>
        <ol className="relative ml-1 border-l border-ui-border-base">
          {plan.instalments.map((i, n) => (
            <li key={i.id} className="mb-3 ml-4 last:mb-0">
              <span className={`absolute -left-[5px] mt-1.5 h-2.5 w-2.5 rounded-full ${DOT[i.state] ?? DOT.PLANNED}`} />
              <div className="flex items-center justify-between gap-x-2">
                <Text size="small">
                  {n + 1}. {dateText(i.invoice_issue_date)}
                </Text>
                <div className="flex items-center gap-x-2">
                  <Text size="small" className="text-ui-fg-subtle">
                    {amountText(i.repayment_amount, currency)}
                  </Text>
                  <StateBadge value={i.state} name="instalment" />
                </div>
              </div>
            </li>
          ))}
        </ol>
        {plan.credits.length > 0 && <CreditLineNote />}
      </div>
    </>
  )
}
