import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { BadgeColor } from "../common/badge-color"

/** Colours of the service's order states, plan statuses and instalment states (their words: src/admin/i18n). */
const COLORS: Record<string, BadgeColor> = {
  UNVERIFIED: "orange",
  VERIFIED: "blue",
  CONFIRMED: "blue",
  FULFILLING: "purple",
  FULFILLED: "green",
  REFUNDED: "grey",
  CANCELLED: "red",
  APPROVED: "green",
  PARTIAL: "orange",
  REJECTED: "red",
  PENDING: "orange",
  ACCEPTED: "green",
  NOT_INITIATED: "grey",
  SUCCEEDED: "green",
  FAILED: "red",
  PLANNED: "grey",
  INVOICED: "green",
}
const label = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, " ")

/** A state of the service in the admin's language (one the translations do not know reads as its code, in words);
 * `name` picks the tooltip and test id. */
export const StateBadge = ({
  value,
  name,
}: {
  value: string | null
  name: "state" | "status" | "funding" | "fulfilment" | "instalment"
}) => {
  const { t } = useTranslation("tradeCredit")
  return value ? (
    <Badge
      size="2xsmall"
      color={COLORS[value] ?? "grey"}
      title={`${t(`order.${name}`)}: ${value}`}
      data-testid={`tc-${name}`}
    >
      {t(`order.states.${value}`, { defaultValue: label(value) })}
    </Badge>
  ) : (
    <Text size="small">-</Text>
  )
}
