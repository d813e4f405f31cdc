import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../modules/trade-credit"
import type { BuyerCompany } from "../../../../../service/schemas"
import { toMedusaError } from "../../../../../providers/trade-credit/lib/errors"
import { checkPlanCredit } from "../../../../../providers/trade-credit/lib/plan-credit-check"
import { planKeys } from "../../../../../providers/trade-credit/lib/plan-idempotency-keys"
import { checkPeriodsWithinLimits } from "../../../../../providers/trade-credit/lib/plan-limits"
import { planTaxSubtotalsOf } from "../../../../../providers/trade-credit/lib/plan-lines"
import { billingAddressOf } from "../../../../../providers/trade-credit/lib/repayment-address"
import { resolveRepaymentCompany } from "../../../../../providers/trade-credit/lib/repayment-company"
import { buildLines, CART_FIELDS, type MedusaCartInput, SessionCompany } from "../../../../../providers/trade-credit/payload"
import type { PreviewPlansBody } from "./validators"

/** Payment sessions of the instalment provider (`pp_trade-credit-plan_<id>`). */
const isPlanProvider = (providerId: unknown) => typeof providerId === "string" && providerId.startsWith("pp_trade-credit-plan_")

type CartWithSessions = MedusaCartInput & {
  completed_at?: string | null
  payment_collection?: { payment_sessions?: { provider_id?: string; data?: Record<string, unknown> | null }[] | null } | null
}

/** The company of the request, else the one the cart's instalment payment session names. */
function companyOf(body: PreviewPlansBody, cart: CartWithSessions): BuyerCompany {
  if (body.company) return body.company
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!isPlanProvider(session.provider_id)) continue
    const parsed = SessionCompany.safeParse(session.data?.company)
    if (parsed.success) return parsed.data
  }
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    "Invalid instalment preview: company is required: give {company_canonical_id} or {organization_number, country_prefix, company_name}, or start the cart's instalment payment session with it",
    "TRADE_CREDIT_INVALID_PREVIEW"
  )
}

/** Runs one step against the service; its failures become MedusaErrors with a code (never a 500). */
async function service<T>(action: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw toMedusaError(error, action)
  }
}

/**
 * `POST /store/trade-credit/plans/preview {cart_id, periods, company?}`: the
 * instalment schedule of the cart for each number of months asked, and the
 * terms the buyer may choose from. The buyer's company is credit-checked for
 * the cart's total first; a number of months outside the check's limits, or
 * whose monthly amount is above its maximum, is a 400 with a code
 * (TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS, TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT)
 * and no preview is asked for; a number outside the plan duration (3 to 36
 * months) is TRADE_CREDIT_INVALID_PERIODS before anything is asked. A
 * declined check is TRADE_CREDIT_DECLINED. The service previews one plan a
 * call: one call per number of months, in parallel.
 */
export async function POST(req: MedusaRequest<PreviewPlansBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [...CART_FIELDS, "completed_at", "payment_collection.payment_sessions.provider_id", "payment_collection.payment_sessions.data"],
    filters: { id: body.cart_id },
  })
  // Query's generated cart type (.medusa/types, once Medusa has run here) lists no computed totals; the payload
  // builder validates the cart it is given (parseMedusaCart).
  const cart = data[0] as unknown as CartWithSessions | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${body.cart_id} was not found`, "TRADE_CREDIT_CART_NOT_FOUND")
  if (cart.completed_at) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cart ${body.cart_id} is already completed`, "TRADE_CREDIT_CART_COMPLETED")
  }

  const company = companyOf(body, cart)
  const lines = buildLines(cart)
  const currency = cart.currency_code.toUpperCase()
  const client = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  const resolved = await service("read the buyer's company", () => resolveRepaymentCompany(client, company, billingAddressOf(cart)))
  const limits = await service("check the buyer's credit", () =>
    checkPlanCredit(client, { company: resolved, amount: lines.gross_amount, currency, scope: cart.id })
  )
  const fit = checkPeriodsWithinLimits(lines.gross_amount, body.periods, limits)
  if (!fit.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, fit.message, fit.code)

  // One tentative plan a call (contract section 3): the options asked are previewed side by side.
  const tax_subtotals = planTaxSubtotalsOf(lines.tax_subtotals)
  const previews = await service("preview the instalments", () =>
    Promise.all(
      body.periods.map((n) =>
        client.repayment.preview(
          { total_repayment_amount: lines.gross_amount, tax_subtotals, terms: { period: "MONTHLY", number_of_periods: n } },
          { idempotencyKey: planKeys.preview(cart.id) }
        )
      )
    )
  )
  res.json({
    cart_id: cart.id,
    total_repayment_amount: lines.gross_amount,
    currency,
    limits,
    schedules: previews.map((preview) => ({
      number_of_periods: preview.terms.number_of_periods,
      period: preview.terms.period,
      instalments: preview.instalments.map((i) => ({
        invoice_issue_date: i.invoice_issue_date,
        repayment_amount: i.repayment_amount,
        tax_subtotals: i.tax_subtotals,
      })),
    })),
  })
}
