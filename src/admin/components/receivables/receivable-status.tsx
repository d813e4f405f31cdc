import { StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import type { BadgeColor } from "../common/badge-color"

/** Colours of where a document stands: a loss (recourse) or an overdue one red, collection orange. */
const COLORS: Record<string, BadgeColor> = {
  open: "blue",
  part_paid: "blue",
  overdue: "red",
  paid: "green",
  credited: "grey",
  in_collection: "orange",
  recoursed: "red",
}

/** A document's status ("Overdue" while it is owed past its due date), in the admin's language. */
export const ReceivableStatus = ({ doc }: { doc: Pick<TradeCreditReceivable, "status" | "overdue"> }) => {
  const { t } = useTranslation("tradeCredit")
  const status = doc.overdue ? "overdue" : doc.status
  return (
    <StatusBadge
      color={COLORS[status] ?? "grey"}
      className="shrink-0 whitespace-nowrap"
      data-testid="tc-receivable-status"
    >
      {t(`receivables.statuses.${status}`, { defaultValue: status })}
    </StatusBadge>
  )
}
