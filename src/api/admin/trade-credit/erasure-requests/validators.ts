import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { ERASURE_CASES, ErasureReference } from "../../../../service/schemas/erasure"
import { ERASURE_REQUEST_STATUSES } from "../../../../modules/trade-credit/models/erasure-request"

const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,100}$/

/**
 * `POST /admin/trade-credit/erasure-requests`: `{reference, email}` or
 * `{reference, customer_id}`. The reference is the merchant's own
 * data-protection request reference (1-100 characters: letters, digits and
 * `. _ - : / #`, starting with a letter or digit).
 */
export const CreateErasureRequestBody = z
  .object({
    reference: z.string({ error: "reference is required: your data-protection request reference" }).pipe(ErasureReference),
    email: z.string({ error: "email must be a string" }).trim().max(254, "email must be at most 254 characters").pipe(z.email("email must be an email address")).optional(),
    customer_id: z.string({ error: "customer_id must be a string" }).regex(CUSTOMER_ID, "customer_id must be a Medusa customer id").optional(),
  })
  .strict()
  .refine((body) => (body.email === undefined) !== (body.customer_id === undefined), {
    message: "give either email or customer_id (exactly one)",
    path: ["email"],
  })
export type CreateErasureRequestBody = z.infer<typeof CreateErasureRequestBody>

/** `GET /admin/trade-credit/erasure-requests`: newest first, filtered by status, case, reference or customer. */
export const ListErasureRequestsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    status: z.enum(ERASURE_REQUEST_STATUSES).optional(),
    case: z.enum(ERASURE_CASES).optional(),
    reference: ErasureReference.optional(),
    customer_id: z.string().regex(CUSTOMER_ID, "customer_id must be a Medusa customer id").optional(),
  })
  .strict()
export type ListErasureRequestsQuery = z.infer<typeof ListErasureRequestsQuery>

/** One message naming each problem, with a code (Medusa's own validation middleware answers without one). */
function describe(error: z.ZodError, what: string): string {
  const problems = error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") return `unknown ${what} field(s) ${issue.keys.join(", ")}`
    const path = issue.path.map(String).join(".")
    return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message
  })
  return problems.join("; ")
}

/** Validates the body before the route runs: a mistake is a 400 with a code, and nothing is sent to the service. */
export function validateCreateErasureRequest(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const result = CreateErasureRequestBody.safeParse(req.body ?? {})
  if (result.success) {
    ;(req as MedusaRequest<CreateErasureRequestBody>).validatedBody = result.data
    return next()
  }
  return next(
    new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid erasure request: ${describe(result.error, "body")}`,
      "TRADE_CREDIT_INVALID_ERASURE_REQUEST"
    )
  )
}

export function validateListErasureRequests(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const result = ListErasureRequestsQuery.safeParse(req.query ?? {})
  if (result.success) {
    ;(req as any).validatedQuery = result.data
    return next()
  }
  return next(
    new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid query: ${describe(result.error, "query")}`, "TRADE_CREDIT_INVALID_QUERY")
  )
}
