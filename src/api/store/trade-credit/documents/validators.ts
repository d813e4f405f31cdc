import { z } from "@medusajs/framework/zod"

/** Documents per page unless `limit` says otherwise, and at most. */
export const DEFAULT_DOCUMENTS_LIMIT = 50
export const MAX_DOCUMENTS_LIMIT = 100

const limitWords = `limit must be a whole number from 1 to ${MAX_DOCUMENTS_LIMIT}`
const offsetWords = "offset must be a whole number, 0 or more"

/** `GET /store/trade-credit/documents?limit=50&offset=0`: a page of the customer's documents, the latest first. */
export const DocumentsQuery = z
  .object({
    limit: z.coerce
      .number({ error: limitWords })
      .int(limitWords)
      .min(1, limitWords)
      .max(MAX_DOCUMENTS_LIMIT, limitWords)
      .default(DEFAULT_DOCUMENTS_LIMIT),
    offset: z.coerce.number({ error: offsetWords }).int(offsetWords).min(0, offsetWords).default(0),
  })
  .strict()
export type DocumentsQuery = z.output<typeof DocumentsQuery>

/** A document's id as the plugin makes them (`tcrcv_…`): anything else is no document of the customer's. */
export const isDocumentId = (id: unknown): id is string =>
  typeof id === "string" && /^tcrcv_[A-Za-z0-9]{1,60}$/.test(id)
