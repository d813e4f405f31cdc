import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { CompanyIdentities, PlanCheckReuse } from "../../../../../use-cases/plan-check-reuse"
import { previewPlans } from "../../../../../use-cases/plan-preview"
import { RouteError } from "../../../../errors/route-error"
import { checkoutDepsOf } from "../../checkout-deps"
import type { PreviewPlansBody } from "./validators"

/**
 * `POST /store/trade-credit/plans/preview {cart_id, periods, company?}`: the instalment schedule of the cart for each
 * number of months asked, and the terms the buyer may choose from (use-cases/plan-preview.ts). The buyer's company is
 * credit-checked for the cart's total first; a number of months outside the check's limits, or whose monthly amount
 * is above its maximum, is a 400 with a code (TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS, TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT)
 * and no preview is asked for; a number outside the plan duration (3 to 36 months) is TRADE_CREDIT_INVALID_PERIODS
 * before anything is asked. A declined check is TRADE_CREDIT_DECLINED; 404 TRADE_CREDIT_CART_NOT_FOUND, 400
 * TRADE_CREDIT_CART_COMPLETED, 400 TRADE_CREDIT_INVALID_PREVIEW without a company.
 */
export async function POST(req: MedusaRequest<PreviewPlansBody>, res: MedusaResponse) {
  const { cart_id, periods, company } = req.validatedBody
  const deps = checkoutDepsOf(req)
  const outcome = await previewPlans(
    { ...deps, checks: new PlanCheckReuse(deps.kept), identities: new CompanyIdentities(deps.kept) },
    { cart_id, periods, company },
  )
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  res.json(outcome.preview)
}
