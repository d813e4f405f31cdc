import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { requestErasure } from "../../../../workflows/erasure/request-erasure"
import { serializeErasureRequest } from "./serialize"
import type { CreateErasureRequestBody, ListErasureRequestsQuery } from "./validators"

/** The erasure requests, newest first, with the case the lookup found and their status. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, ListErasureRequestsQuery>, res: MedusaResponse) {
  const { limit, offset, ...filters } = req.validatedQuery
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const where = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined))
  const [rows, count] = await tradeCredit.listAndCountErasureRequests(where, {
    order: { created_at: "DESC", id: "DESC" },
    take: limit,
    skip: offset,
  })
  res.json({ erasure_requests: rows.map(serializeErasureRequest), count, limit, offset })
}

/**
 * Requests the erasure of a customer's (or an address's) personal data under
 * the merchant's reference: lookup, record, submit, and for an erasable case
 * the plugin's own copies anonymised. 201 with the new request; 200 with the
 * recorded one when the reference was submitted before (nothing sent again).
 * A reference used for another address is 409 TRADE_CREDIT_ERASURE_REFERENCE_CONFLICT (the plugin's error
 * handler keeps the code, where Medusa's would answer every conflict with its own).
 */
export async function POST(req: AuthenticatedMedusaRequest<CreateErasureRequestBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const { request, replayed } = await requestErasure(req.scope, {
    reference: body.reference,
    email: body.email,
    customer_id: body.customer_id,
    requested_by: req.auth_context?.actor_id ?? null,
    source: "admin",
  })
  res.status(replayed ? 200 : 201).json({ erasure_request: serializeErasureRequest(request), replayed })
}
