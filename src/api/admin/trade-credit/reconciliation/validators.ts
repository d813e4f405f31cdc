import { z } from "@medusajs/framework/zod"
import { MedusaError } from "@medusajs/framework/utils"

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
    order_id: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, "must be a Medusa order id").optional(),
  })
  .strict()
export type RunReconciliationBody = z.infer<typeof RunReconciliationBody>

/**
 * Parses a query or body; a mistake is a 400 with a code naming what was wrong
 * (Medusa's own validation middleware answers without a code).
 */
export function parseOrThrow<T extends z.ZodTypeAny>(schema: T, value: unknown, what: "query" | "body"): z.infer<T> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join(".")
    return issue.code === "unrecognized_keys" ? `unknown ${what} field(s) ${issue.keys.join(", ")}` : `${path || what}: ${issue.message}`
  })
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Invalid ${what}: ${problems.join("; ")}`,
    what === "query" ? "TRADE_CREDIT_INVALID_QUERY" : "TRADE_CREDIT_INVALID_BODY"
  )
}
