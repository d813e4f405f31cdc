import type { MedusaResponse } from "@medusajs/framework/http"
import { applyProposalStateWorkflow } from "../../../../../workflows/enrollment/apply-proposal-state"
import { ENROLLED_STATUSES, type EnrollmentRow } from "../../../../../workflows/enrollment/enrollment-store"
import { saveEnrolledBusinessWorkflow } from "../../../../../workflows/enrollment/save-enrolled-business"
import {
  customerIdOf,
  enrollmentOfRequest,
  RouteError,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../route-helpers"
import { Codes } from "../../../../errors/codes"

/**
 * `GET /store/trade-credit/soletrader/buyer` (customer): the business the
 * service's autofill holds for this customer (the signup popup saved it),
 * read server-side. The customer's enrollment takes its organization number,
 * so the next checkout uses it. 404 TRADE_CREDIT_AUTOFILL_EMPTY while nothing is
 * saved (the buyer cancelled, was declined, or the review is pending).
 */
export const GET = soletraderRoute(
  "read the buyer's saved business",
  async (req: SoletraderRequest, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const buyer = await tradeCreditOfRequest(req).getClient().autofill.readCurrentBuyer({ buyerReference: customerId })
    if (!buyer?.organization_number || !buyer.country_code) {
      throw new RouteError(
        Codes.TRADE_CREDIT_AUTOFILL_EMPTY,
        "No business is saved for this customer: the signup was cancelled or declined, " +
          "or the registration is still in review",
      )
    }
    const business = {
      // The read leaves `company_name` out when none was saved; the billing address's organization is the next best
      // name.
      company_name: buyer.company_name ?? buyer.billing_address?.organization_name ?? buyer.organization_number,
      country_code: buyer.country_code,
      organization_number: buyer.organization_number,
    }
    await recordBusiness(req, customerId, business)
    res.set("Cache-Control", "private, no-store").json({ buyer: business })
  },
)

async function recordBusiness(
  req: SoletraderRequest,
  customerId: string,
  business: { company_name: string; country_code: string; organization_number: string },
) {
  let row: EnrollmentRow | undefined | null = await enrollmentOfRequest(req)
  if (row && ENROLLED_STATUSES.includes(row.status) && row.organization_number === business.organization_number) return
  // The customer's own proposal: its accepted state (read back from the service) is the record.
  if (row?.proposal_id && row.source === "proposal") {
    const { result } = await applyProposalStateWorkflow(req.scope).run({ input: { proposal_id: row.proposal_id } })
    row = result.enrollment
    if (row?.status === "ACCEPTED" && row.organization_number === business.organization_number) return
  }
  await saveEnrolledBusinessWorkflow(req.scope).run({
    input: { customer_id: customerId, status: "VERIFIED", source: "autofill", proposal_id: null, business },
  })
}
