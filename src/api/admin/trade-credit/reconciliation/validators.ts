import { z } from "@medusajs/framework/zod"

/** `GET /admin/trade-credit/reconciliation?limit=&offset=`: the runs, newest first. */
export const ListReconciliationRunsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()
export type ListReconciliationRunsQuery = z.infer<typeof ListReconciliationRunsQuery>

/** `POST /admin/trade-credit/reconciliation`: run now, for every payment or one Medusa order. */
export const RunReconciliationBody = z
  .object({
    order_id: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, "must be a Medusa order id")
      .optional(),
  })
  .strict()
export type RunReconciliationBody = z.infer<typeof RunReconciliationBody>
