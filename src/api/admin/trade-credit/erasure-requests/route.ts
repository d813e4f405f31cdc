import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { requestErasure } from "../../../../workflows/erasure/request-erasure"
import { serializeErasureRequest } from "./serialize"
import type { CreateErasureRequestBody, ListErasureRequestsQuery } from "./validators"

/** The erasure requests, newest first, with the case the lookup found and their status. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { limit, offset, ...filters } = (req as any).validatedQuery as ListErasureRequestsQuery
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
 */
export async function POST(req: AuthenticatedMedusaRequest<CreateErasureRequestBody>, res: MedusaResponse) {
  const body = req.validatedBody
  let result: Awaited<ReturnType<typeof requestErasure>>
  try {
    result = await requestErasure(req.scope, {
      reference: body.reference,
      email: body.email,
      customer_id: body.customer_id,
      requested_by: req.auth_context?.actor_id ?? null,
      source: "admin",
    })
  } catch (error) {
    // Medusa's error handler answers a CONFLICT with its own generic code: this one keeps the plugin's.
    if (error instanceof MedusaError && error.type === MedusaError.Types.CONFLICT) {
      res.status(409).json({ type: "conflict", code: error.code, message: error.message })
      return
    }
    throw error
  }
  const { request, replayed } = result
  res.status(replayed ? 200 : 201).json({ erasure_request: serializeErasureRequest(request), replayed })
}
