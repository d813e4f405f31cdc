import type { MedusaResponse } from "@medusajs/framework/http"
import { presentEnrollment } from "../../../../../workflows/enrollment/enrollment-store"
import { enrollmentOfRequest, RouteError, type SoletraderRequest, soletraderRoute } from "../route-helpers"
import { Codes } from "../../../../errors/codes"
import { buyerLanguageOf } from "../../../../../utils/buyer-texts"

/**
 * `GET /store/trade-credit/soletrader/enrollment` (customer): the customer's
 * enrollment as this store knows it (status, proposal, organization number).
 * 404 TRADE_CREDIT_NOT_ENROLLED when there is none.
 */
export const GET = soletraderRoute("read the enrollment", async (req: SoletraderRequest, res: MedusaResponse) => {
  const row = await enrollmentOfRequest(req)
  if (!row) throw new RouteError(Codes.TRADE_CREDIT_NOT_ENROLLED, "This customer has not enrolled as a sole trader")
  res
    .set("Cache-Control", "private, no-store")
    .vary("Accept-Language")
    .json({ enrollment: presentEnrollment(row, buyerLanguageOf(req)) })
})
