import type { TradeCreditClient } from "../client/index"
import type { BuiltLines } from "../core/order/lines"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import type { PlanLimits } from "../core/plan/plan-limits"
import { planTaxSubtotalsOf } from "../core/plan/plan-lines"
import type { RegionDefaults } from "../core/region/region-settings"
import { isPlanProviderId } from "../medusa/provider-ids"
import type { Query } from "../medusa/services"
import type { BuyerCompany } from "../service/schemas/order"
import type { PreviewInstalment, PreviewResult } from "../service/schemas/repayment"
import type { CompanyCredits } from "./company-credits"
import type { ServiceCall } from "./deps"
import type { CompanyIdentities, PlanCheckReuse } from "./plan-check-reuse"
import { offerPlanAlongside, type PlanRefusal } from "./plan-offer"
import { type CartRefusal, companyOfCart, readOpenCart } from "./store-cart"

export type PlanPreviewDeps = {
  query: Pick<Query, "graph">
  client: Pick<TradeCreditClient, "companies" | "repayment">
  options: RegionDefaults
  call: ServiceCall
  /** What the service last said of buyer companies' credit and arrears (plan-offer.ts). */
  companyCredits: CompanyCredits
  /** Approved checks already held (plan-check-reuse.ts), shared with the instalment provider's session. */
  checks?: PlanCheckReuse
  /** What the company search said of a canonical id (plan-offer.ts). */
  identities?: CompanyIdentities
}

export type PlanPreviewInput = {
  cart_id: string
  /** The numbers of monthly instalments to preview (each 3 to 36, none twice: the route's validator). */
  periods: number[]
  /** Left out: the company of the cart's instalment payment session. */
  company?: BuyerCompany
}

/** The store's answer: the cart's schedule for each number of months asked, and the check's limits. */
export type PlanPreview = {
  cart_id: string
  total_repayment_amount: string
  currency: string
  limits: PlanLimits
  schedules: {
    number_of_periods: number
    period: PreviewResult["terms"]["period"]
    instalments: Pick<PreviewInstalment, "invoice_issue_date" | "repayment_amount" | "tax_subtotals">[]
  }[]
}

/** A preview refused: a code of the catalogue and the buyer's words. */
export type PlanPreviewRefusal = {
  outcome: "refused"
  code: CartRefusal["code"] | "TRADE_CREDIT_INVALID_PREVIEW" | PlanRefusal["code"]
  message: string
}

export type PlanPreviewOutcome = { outcome: "preview"; preview: PlanPreview } | PlanPreviewRefusal

const NO_COMPANY =
  "Invalid instalment preview: company is required: give {company_canonical_id} " +
  "or {organization_number, country_prefix, company_name}, or start the cart's " +
  "instalment payment session with it"

/**
 * The instalment schedules of a cart for each number of months asked, and the terms the buyer may choose from: the
 * plan offer (plan-offer.ts: the region's rules, the company, the credit check for the cart's total, the months that
 * fit) and one preview a number of months (the service previews one plan a call), all at once: a preview needs only
 * the cart's total, so the buyer waits for the slower of the check and the previews, not for both. The schedules are
 * answered only with an offer; refused with a code and the buyer's words: a cart that is not there or completed, no
 * company, a plan not offered (previews asked at the same time are then not answered).
 */
export async function previewPlans(deps: PlanPreviewDeps, input: PlanPreviewInput): Promise<PlanPreviewOutcome> {
  const read = await readOpenCart(deps.query, input.cart_id)
  if (read.outcome !== "cart") return read
  const { cart } = read
  const company = companyOfCart(input.company, cart, isPlanProviderId)
  if (!company) return { outcome: "refused", code: "TRADE_CREDIT_INVALID_PREVIEW", message: NO_COMPANY }
  // One tentative plan a call (contract section 3): the options asked are previewed side by side, with the check.
  const previewAll = ({ lines }: { lines: BuiltLines }) => {
    const tax_subtotals = planTaxSubtotalsOf(lines.tax_subtotals)
    return deps.call("preview the instalments", () =>
      Promise.all(
        input.periods.map((n) =>
          deps.client.repayment.preview(
            {
              total_repayment_amount: lines.gross_amount,
              tax_subtotals,
              terms: { period: "MONTHLY", number_of_periods: n },
            },
            { idempotencyKey: planKeys.preview(cart.id) },
          ),
        ),
      ),
    )
  }
  const { offer, alongside: previews } = await offerPlanAlongside(
    deps,
    {
      cart,
      company,
      periods: input.periods,
      scope: cart.id,
      ...(deps.checks && { checks: deps.checks }),
      ...(deps.identities && { identities: deps.identities }),
    },
    previewAll,
  )
  if (offer.outcome === "periods_not_offered")
    return { outcome: "refused", code: offer.code, message: `Invalid instalment preview: periods: ${offer.message}` }
  if (offer.outcome !== "offer") return { outcome: "refused", code: offer.code, message: offer.message }

  const { lines, currency, limits } = offer
  const schedules = (previews ?? []).map((preview) => ({
    number_of_periods: preview.terms.number_of_periods,
    period: preview.terms.period,
    instalments: preview.instalments.map((i) => ({
      invoice_issue_date: i.invoice_issue_date,
      repayment_amount: i.repayment_amount,
      tax_subtotals: i.tax_subtotals,
    })),
  }))
  const preview = { cart_id: cart.id, total_repayment_amount: lines.gross_amount, currency, limits, schedules }
  return { outcome: "preview", preview }
}
