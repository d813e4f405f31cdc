import { z } from "@medusajs/framework/zod"

/** An order amount in the region's currency, major units: "250", "250.00". */
const OrderAmount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in major units, such as "250.00"').nullable()

/** `POST /admin/trade-credit/regions/:id/settings`: the fields to change; `null` clears a limit or the terms. */
export const UpdateRegionSettingsBody = z
  .object({
    offered: z.boolean(),
    instalments_offered: z.boolean(),
    min_order_amount: OrderAmount,
    max_order_amount: OrderAmount,
    invoice_terms_days: z.number().int("must be a whole number of days").min(1).max(180).nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "name at least one setting to change" })
export type UpdateRegionSettingsBody = z.infer<typeof UpdateRegionSettingsBody>
