import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../modules/trade-credit"
import { serializeErasureRequest } from "../serialize"

/** One erasure request by its id (`tcera_...`). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const [row] = await tradeCredit.listErasureRequests({ id: req.params.id }, { take: 1 })
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Erasure request ${req.params.id} was not found`, "TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND")
  }
  res.json({ erasure_request: serializeErasureRequest(row) })
}
