import type { CaptureOn } from "../../../core/order/capture-on"
import type { InvoiceLanguage } from "../../../core/order/invoice-language"
import type { RegionSettingsAnswer, RegionSettingsChange } from "../../lib/trade-credit-api"

// The region settings form's values (what the inputs hold: text) and the change they are sent as.

type Override = RegionSettingsAnswer["settings"]["invoice_terms_overrides"][number]

/** The customer or customer group an override of the invoice terms is for. */
export const targetOf = (o: Override) => ("customer_id" in o ? o.customer_id : o.customer_group_id)

/** The invoice language select's value for "none set: each order's language". */
export const AUTO = "auto"

/** One row of the terms per customer group or customer. */
export type OverrideRow = { kind: "group" | "customer"; target: string; days: string }

export type RegionForm = {
  offered: boolean
  instalments_offered: boolean
  min_order_amount: string
  max_order_amount: string
  invoice_terms_days: string
  instalment_periods: string
  overrides: OverrideRow[]
  capture_on: CaptureOn
  invoice_language: InvoiceLanguage | typeof AUTO
  hide_when_declined: boolean
  /** The region's arrears_block_display: hide trade credit from a company in an arrears block, or grey it out. */
  hide_in_arrears: boolean
}

/** "3, 6, 12" → [3, 6, 12]; empty → null (every number the credit check allows); anything else is sent as is for the
 * route to refuse. */
const periodsOf = (text: string): number[] | null =>
  text.trim()
    ? text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number)
    : null

/** The form's values for a region's settings as they apply. */
export const formOf = (answer: RegionSettingsAnswer): RegionForm => ({
  offered: answer.settings.offered,
  instalments_offered: answer.settings.instalments_offered,
  min_order_amount: answer.settings.min_order_amount ?? "",
  max_order_amount: answer.settings.max_order_amount ?? "",
  invoice_terms_days: answer.settings.invoice_terms_days === null ? "" : String(answer.settings.invoice_terms_days),
  instalment_periods: (answer.settings.instalment_periods ?? []).join(", "),
  overrides: answer.settings.invoice_terms_overrides.map((o) => ({
    kind: "customer_id" in o ? ("customer" as const) : ("group" as const),
    target: targetOf(o),
    days: String(o.invoice_terms_days),
  })),
  capture_on: answer.settings.capture_on,
  invoice_language: (answer.settings.invoice_language ?? AUTO) as InvoiceLanguage | typeof AUTO,
  hide_when_declined: answer.settings.hide_when_declined,
  hide_in_arrears: answer.settings.arrears_block_display !== "grey",
})

/** The change the form sends: every setting, empty ones as null; the invoice moment only when changed here. */
export const changeOf = (form: RegionForm, answer: RegionSettingsAnswer): RegionSettingsChange => ({
  offered: form.offered,
  instalments_offered: form.instalments_offered,
  min_order_amount: form.min_order_amount.trim() || null,
  max_order_amount: form.max_order_amount.trim() || null,
  invoice_terms_days: form.invoice_terms_days.trim() ? Number(form.invoice_terms_days) : null,
  instalment_periods: periodsOf(form.instalment_periods),
  invoice_terms_overrides: form.overrides.map((row) =>
    row.kind === "customer"
      ? { customer_id: row.target.trim(), invoice_terms_days: Number(row.days) }
      : { customer_group_id: row.target, invoice_terms_days: Number(row.days) },
  ),
  // Sent only when changed here: a region left as it was keeps following the provider options' captureOn.
  ...(form.capture_on !== answer.settings.capture_on && { capture_on: form.capture_on }),
  invoice_language: form.invoice_language === AUTO ? null : form.invoice_language,
  hide_when_declined: form.hide_when_declined,
  arrears_block_display: form.hide_in_arrears ? "hide" : "grey",
})
