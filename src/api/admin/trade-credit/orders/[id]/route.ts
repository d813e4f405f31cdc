import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readOrderSummary } from "../../../../../use-cases/order-summary"
import { RouteError } from "../../../../errors/route-error"
import { adminDepsOf } from "../../admin-deps"
import type { TradeCreditOrderSummary } from "../../admin-ui-types"

/**
 * GET /admin/trade-credit/orders/:id
 *
 * The trade credit side of a Medusa order, for the order widget: the service's
 * order (state, status, verification link while unverified, fulfilments with
 * their invoices, refunds with their credit notes) or, for instalments, the
 * plan and its schedule, and the buyer's company. Read back from the service;
 * when it cannot be read, what the payment recorded, with `service_error`.
 * 404 with a code for an unknown order or one not paid by trade credit.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse<{ trade_credit: TradeCreditOrderSummary }>) => {
  const outcome = await readOrderSummary(adminDepsOf(req), req.params.id)
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  res.setHeader("Cache-Control", "private, no-store")
  res.json({ trade_credit: outcome.summary })
}
