import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../modules/trade-credit"
import { Codes } from "../../../../errors/codes"
import { quote } from "../../../../errors/quote"
import { RouteError } from "../../../../errors/route-error"
import { serializeErasureRequest } from "../serialize"

/** One erasure request by its id (`tcera_...`). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const [row] = await tradeCredit.listErasureRequests({ id: req.params.id }, { take: 1 })
  if (!row)
    throw new RouteError(
      Codes.TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND,
      `Erasure request ${quote(req.params.id)} was not found`,
    )
  res.json({ erasure_request: serializeErasureRequest(row) })
}
