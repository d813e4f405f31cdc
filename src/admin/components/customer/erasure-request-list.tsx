import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditErasureRequest } from "../../lib/trade-credit-customer-api"
import { dateTime } from "./date-time"
import { StatusTag } from "./status-tag"

/** The customer's erasure requests: reference, when, whether anonymised or failed, case and status. */
export const ErasureRequestList = ({
  requests,
  caseText,
  statusText,
}: {
  requests: TradeCreditErasureRequest[]
  caseText: (value: string) => string
  statusText: (value: string) => string
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <ul className="flex flex-col gap-y-2 px-6 py-2" data-testid="tc-erasure-list">
      {requests.map((r) => (
        <li key={r.id} className="flex items-center justify-between gap-x-2" data-testid="tc-erasure-request">
          <div className="min-w-0">
            <Text size="small" leading="compact" className="truncate font-mono">
              {r.reference}
            </Text>
            <Text size="xsmall" className="text-ui-fg-muted">
              {dateTime(r.submitted_at ?? r.created_at)}
              {r.anonymised_at ? ` · ${t("customer.erasure.anonymised")}` : ""}
              {r.error ? ` · ${r.error}` : ""}
            </Text>
          </div>
          <div className="flex shrink-0 items-center gap-x-1">
            <StatusTag value={r.case} text={caseText(r.case)} testId="tc-erasure-case" />
            <StatusTag value={r.status} text={statusText(r.status)} testId="tc-erasure-status" />
          </div>
        </li>
      ))}
    </ul>
  )
}
