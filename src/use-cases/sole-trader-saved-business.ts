import { ENROLLED_STATUSES } from "../modules/trade-credit/models/enrollment"
import { enrollmentOf, type SoleTraderDeps, type SoleTraderRefusal } from "./sole-trader-deps"

export type SavedBusiness = { company_name: string; country_code: string; organization_number: string }

/**
 * The business the service's autofill holds for this customer (the signup popup saved it), read server-side; the
 * customer's enrollment takes its organization number, so the next checkout uses it. Refused
 * (TRADE_CREDIT_AUTOFILL_EMPTY) while nothing is saved: the buyer cancelled, was declined, or the review is pending.
 */
export async function recordSavedBusiness(
  deps: SoleTraderDeps,
  customerId: string,
): Promise<{ outcome: "saved"; business: SavedBusiness } | SoleTraderRefusal<"TRADE_CREDIT_AUTOFILL_EMPTY">> {
  const buyer = await deps.client.autofill.readCurrentBuyer({ buyerReference: customerId })
  if (!buyer?.organization_number || !buyer.country_code) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_AUTOFILL_EMPTY",
      message:
        "No business is saved for this customer: the signup was cancelled or declined, " +
        "or the registration is still in review",
    }
  }
  const business = {
    // The read leaves `company_name` out when none was saved; the billing address's organization is the next best
    // name.
    company_name: buyer.company_name ?? buyer.billing_address?.organization_name ?? buyer.organization_number,
    country_code: buyer.country_code,
    organization_number: buyer.organization_number,
  }
  await recordBusiness(deps, customerId, business)
  return { outcome: "saved", business }
}

/** The customer's enrollment names the business: already, by the customer's own accepted proposal, or now. */
async function recordBusiness(deps: SoleTraderDeps, customerId: string, business: SavedBusiness) {
  let row = await enrollmentOf(deps.module, customerId)
  if (row && ENROLLED_STATUSES.includes(row.status) && row.organization_number === business.organization_number) return
  // The customer's own proposal: its accepted state (read back from the service) is the record.
  if (row?.proposal_id && row.source === "proposal") {
    row = (await deps.applyProposalState(row.proposal_id)) ?? undefined
    if (row?.status === "ACCEPTED" && row.organization_number === business.organization_number) return
  }
  await deps.enrol({ customer_id: customerId, status: "VERIFIED", source: "autofill", proposal_id: null, business })
}
