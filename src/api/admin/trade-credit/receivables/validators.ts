import { z } from "@medusajs/framework/zod"
import {
  RECEIVABLE_KINDS,
  RECEIVABLE_ORDERS,
  RECEIVABLE_STATUS_FILTERS,
} from "../../../../use-cases/receivable-filters"
import { MedusaId } from "../admin-ui-middlewares"

/** What both the list and the export filter and sort on (use-cases/receivable-filters.ts). */
const filters = {
  status: z.enum(RECEIVABLE_STATUS_FILTERS).optional(),
  kind: z.enum(RECEIVABLE_KINDS).optional(),
  q: z
    .string()
    .trim()
    .max(100, "q must be at most 100 characters")
    // A NUL or half a surrogate pair is no text PostgreSQL can search for: a 400, never its error.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, "q must be text, without control characters")
    .optional(),
  order_id: MedusaId.optional(),
  customer_id: MedusaId.optional(),
  order: z.enum(RECEIVABLE_ORDERS).optional(),
}

/** `GET /admin/trade-credit/receivables`: a page of the documents, newest issued first unless `order` says. */
export const ListReceivablesQuery = z
  .object({
    ...filters,
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()
export type ListReceivablesQuery = z.infer<typeof ListReceivablesQuery>

/** `GET /admin/trade-credit/receivables/export`: every document the filters select, as CSV. */
export const ExportReceivablesQuery = z.object(filters).strict()
export type ExportReceivablesQuery = z.infer<typeof ExportReceivablesQuery>

/** `GET /admin/trade-credit/receivables/companies?customer_id=`: the companies a customer buys for. */
export const CustomerCompaniesQuery = z.object({ customer_id: MedusaId }).strict()
export type CustomerCompaniesQuery = z.infer<typeof CustomerCompaniesQuery>
