import type { TradeCreditClient } from "../client/index"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import type { PlanLimits } from "../core/plan/plan-limits"
import { planTaxSubtotalsOf } from "../core/plan/plan-lines"
import type { RegionDefaults } from "../core/region/region-settings"
import { isPlanProviderId } from "../medusa/provider-ids"
import type { Query } from "../medusa/services"
import type { BuyerCompany } from "../service/schemas/order"
import type { PreviewInstalment, PreviewResult } from "../service/schemas/repayment"
import type { ServiceCall } from "./deps"
import { offerPlan, type PlanRefusal } from "./plan-offer"
import { type CartRefusal, companyOfCart, readOpenCart } from "./store-cart"

export type PlanPreviewDeps = {
  query: Pick<Query, "graph">
  client: Pick<TradeCreditClient, "companies" | "repayment">
  options: RegionDefaults
  call: ServiceCall
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
 * plan offer first (plan-offer.ts: the region's rules, the company, the credit check for the cart's total, the months
 * that fit), then one preview a number of months (the service previews one plan a call), in parallel. Refused with a
 * code and the buyer's words: a cart that is not there or completed, no company, a plan not offered.
 */
export async function previewPlans(deps: PlanPreviewDeps, input: PlanPreviewInput): Promise<PlanPreviewOutcome> {
  const read = await readOpenCart(deps.query, input.cart_id)
  if (read.outcome !== "cart") return read
  const { cart } = read
  const company = companyOfCart(input.company, cart, isPlanProviderId)
  if (!company) return { outcome: "refused", code: "TRADE_CREDIT_INVALID_PREVIEW", message: NO_COMPANY }
  const offer = await offerPlan(deps, { cart, company, periods: input.periods, scope: cart.id })
  if (offer.outcome === "periods_not_offered")
    return { outcome: "refused", code: offer.code, message: `Invalid instalment preview: periods: ${offer.message}` }
  if (offer.outcome !== "offer") return { outcome: "refused", code: offer.code, message: offer.message }

  // One tentative plan a call (contract section 3): the options asked are previewed side by side.
  const { lines, currency, limits } = offer
  const tax_subtotals = planTaxSubtotalsOf(lines.tax_subtotals)
  const previews = await deps.call("preview the instalments", () =>
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
  const schedules = previews.map((preview) => ({
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
