import { z } from "@medusajs/framework/zod"
import { MAX_PLAN_MONTHS, MIN_PLAN_MONTHS } from "../../../../service/plan-periods"
import { CAPTURE_ON } from "../../../../core/order/capture-on"
import { INVOICE_LANGUAGES } from "../../../../core/order/invoice-language"
import { ARREARS_BLOCK_DISPLAYS } from "../../../../core/region/region-settings"

/** An order amount in the region's currency, major units: "250", "250.00". */
const OrderAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in major units, such as "250.00"')
  .nullable()

const TermsDays = z.number().int("must be a whole number of days").min(1).max(180)

/** The numbers of monthly instalments offered: 1 to 12 different numbers from 3 to 36 (kept ascending). */
const InstalmentPeriods = z
  .array(z.number().int("must be whole numbers of months").min(MIN_PLAN_MONTHS).max(MAX_PLAN_MONTHS))
  .min(1, "offer at least one number of months, or null for all the credit check allows")
  .max(12)
  .refine((periods) => new Set(periods).size === periods.length, { message: "must not repeat a number of months" })
  .transform((periods) => [...periods].sort((a, b) => a - b))
  .nullable()

/** Terms for a customer group or for one customer (one of the two ids). */
const TermsOverride = z.union([
  z.object({ customer_group_id: z.string().min(1).max(100), invoice_terms_days: TermsDays }).strict(),
  z.object({ customer_id: z.string().min(1).max(100), invoice_terms_days: TermsDays }).strict(),
])

const InvoiceTermsOverrides = z
  .array(TermsOverride)
  .max(100)
  .refine(
    (list) =>
      new Set(list.map((o) => ("customer_id" in o ? `c:${o.customer_id}` : `g:${o.customer_group_id}`))).size ===
      list.length,
    {
      message: "names a customer group or a customer twice",
    },
  )

/** `POST /admin/trade-credit/regions/:id/settings`: the fields to change; `null` clears a limit or the terms. */
export const UpdateRegionSettingsBody = z
  .object({
    offered: z.boolean(),
    instalments_offered: z.boolean(),
    min_order_amount: OrderAmount,
    max_order_amount: OrderAmount,
    invoice_terms_days: TermsDays.nullable(),
    instalment_periods: InstalmentPeriods,
    invoice_terms_overrides: InvoiceTermsOverrides,
    /** null: back to the provider options' `captureOn`. */
    capture_on: z
      .enum(CAPTURE_ON, {
        error: `must be one of ${CAPTURE_ON.join(", ")}, or null for the provider options' captureOn`,
      })
      .nullable(),
    /** null: each order's locale. */
    invoice_language: z
      .enum(INVOICE_LANGUAGES, {
        error:
          `must be one of ${INVOICE_LANGUAGES.join(", ")} (the languages the service ` +
          `issues invoices in), or null for the order's locale`,
      })
      .nullable(),
    hide_when_declined: z.boolean(),
    /** What a buyer whose company is in an arrears block sees at the pre-check. */
    arrears_block_display: z.enum(ARREARS_BLOCK_DISPLAYS, {
      error: `must be one of ${ARREARS_BLOCK_DISPLAYS.join(", ")}`,
    }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "name at least one setting to change" })
export type UpdateRegionSettingsBody = z.infer<typeof UpdateRegionSettingsBody>
