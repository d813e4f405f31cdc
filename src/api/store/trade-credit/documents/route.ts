import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listBuyerDocuments } from "../../../../use-cases/buyer-documents"
import { tradeCreditOf } from "../../../../workflows/enrollment/enrollment-store"
import type { DocumentsQuery } from "./validators"

/**
 * `GET /store/trade-credit/documents?limit=50&offset=0` (a logged-in customer; publishable key): the customer's
 * invoices, credit notes, instalment invoices and statements, the latest issued first (use-cases/buyer-documents.ts:
 * their own orders' and their trade account's company's, never another company's). Answers
 * `{documents, count, limit, offset}`; each document's PDF, when `pdf_available`, is `GET .../documents/{id}/pdf`.
 * Read from the plugin's own tables: no call to the service.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, DocumentsQuery>, res: MedusaResponse) {
  res.setHeader("Cache-Control", "private, no-store")
  res.json(await listBuyerDocuments(tradeCreditOf(req.scope), req.auth_context.actor_id, req.validatedQuery))
}
