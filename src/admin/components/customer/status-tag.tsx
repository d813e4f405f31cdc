import { Badge } from "@medusajs/ui"
import type { BadgeColor } from "../common/badge-color"

/** Colours of enrollment statuses, erasure cases and erasure statuses (their words: src/admin/i18n). */
const COLORS: Record<string, BadgeColor> = {
  DRAFT: "grey",
  SUBMITTED: "orange",
  IN_REVIEW: "orange",
  ACCEPTED: "green",
  VERIFIED: "green",
  DECLINED: "red",
  WITHDRAWN: "grey",
  ERASABLE: "green",
  RETAINED: "orange",
  NO_RECORDS: "grey",
  submitted: "green",
  recorded: "orange",
  failed: "red",
}

/** A status's code in words ("IN_REVIEW" → "In review"): what the translations fall back to. */
export const statusLabel = (value: string) =>
  value.charAt(0).toUpperCase() + value.slice(1).toLowerCase().replace(/_/g, " ")

/** A status in the admin's language; a status the translations do not know reads as its code, in words. */
export const StatusTag = ({
  value,
  text,
  testId,
  color,
}: {
  value: string
  text: string
  testId?: string
  color?: BadgeColor
}) => (
  <Badge size="2xsmall" color={color ?? COLORS[value] ?? "grey"} data-testid={testId}>
    {text}
  </Badge>
)
