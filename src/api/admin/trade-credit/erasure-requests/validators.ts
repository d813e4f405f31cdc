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
    reference: z
      .string({ error: "reference is required: your data-protection request reference" })
      .pipe(ErasureReference),
    email: z
      .string({ error: "email must be a string" })
      .trim()
      .max(254, "email must be at most 254 characters")
      .pipe(z.email("email must be an email address"))
      .optional(),
    customer_id: z
      .string({ error: "customer_id must be a string" })
      .regex(CUSTOMER_ID, "customer_id must be a Medusa customer id")
      .optional(),
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
