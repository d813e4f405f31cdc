import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { buyerDocumentPdf } from "../../../../../../use-cases/buyer-document-pdf"
import { tradeCreditOf } from "../../../../../../workflows/enrollment/enrollment-store"
import { Codes } from "../../../../../errors/codes"
import { quote } from "../../../../../errors/quote"
import { RouteError } from "../../../../../errors/route-error"
import { sendPdf } from "../../../../../utils/send-pdf"
import { storeServiceFailure } from "../../../../../utils/service-failure"
import { isDocumentId } from "../../validators"

/**
 * `GET /store/trade-credit/documents/:id/pdf` (a logged-in customer): the PDF of one of the customer's documents
 * (use-cases/buyer-document-pdf.ts), as a download. A document that is not the customer's is answered as one that
 * does not exist (404 TRADE_CREDIT_DOCUMENT_NOT_FOUND); one whose PDF is not issued yet is 409
 * TRADE_CREDIT_NOT_INVOICED.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  if (!isDocumentId(id))
    throw new RouteError(Codes.TRADE_CREDIT_DOCUMENT_NOT_FOUND, `You have no document ${quote(id)}`)
  const module = tradeCreditOf(req.scope)
  const deps = {
    store: module,
    documentPdf: (url: string) => module.getClient().orders.documentPdf(url),
    fail: (action: string, error: unknown): never => {
      throw storeServiceFailure(req, error, { action })
    },
  }
  const outcome = await buyerDocumentPdf(deps, req.auth_context.actor_id, id)
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  sendPdf(res, outcome.name, outcome.pdf)
}
