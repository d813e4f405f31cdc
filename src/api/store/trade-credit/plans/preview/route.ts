import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../modules/trade-credit"
import type { BuyerCompany } from "../../../../../service/schemas/order"
import { checkPlanCredit } from "../../../../../use-cases/plan-credit-check"
import { planKeys } from "../../../../../core/plan/plan-idempotency-keys"
import { checkPeriodsWithinLimits } from "../../../../../core/plan/plan-limits"
import { planTaxSubtotalsOf } from "../../../../../core/plan/plan-lines"
import { billingAddressOf } from "../../../../../core/plan/repayment-address"
import { resolveRepaymentCompany } from "../../../../../use-cases/repayment-company"
import { isPlanProviderId } from "../../../../../medusa/provider-ids"
import { buildLines } from "../../../../../core/order/lines"
import { SessionCompany } from "../../../../../core/order/session-input"
import { Codes } from "../../../../errors/codes"
import { quote } from "../../../../errors/quote"
import { RouteError } from "../../../../errors/route-error"
import { describeServiceFailure, serviceFailureError } from "../../../../utils/service-failure"
import { CART_WITH_SESSIONS_FIELDS, type CartWithSessions } from "../../cart-with-sessions"
import { type LinkedCart, REGION_SETTING_FIELDS, regionSettingsOfCart } from "../../../../../medusa/cart-links"
import { ineligibilityOf, periodsRefusalOf } from "../../../../../core/region/region-settings"
import type { PreviewPlansBody } from "./validators"
import { errorIds, logLine } from "../../../../../utils/log-line"
import { pluginLoggerOf } from "../../../../../medusa/plugin-logger"

/** The company of the request, else the one the cart's instalment payment session names. */
function companyOf(body: PreviewPlansBody, cart: CartWithSessions): BuyerCompany {
  if (body.company) return body.company
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!isPlanProviderId(session.provider_id)) continue
    const parsed = SessionCompany.safeParse(session.data?.company)
    if (parsed.success) return parsed.data
  }
  throw new RouteError(
    Codes.TRADE_CREDIT_INVALID_PREVIEW,
    "Invalid instalment preview: company is required: give {company_canonical_id} " +
      "or {organization_number, country_prefix, company_name}, or start the cart's " +
      "instalment payment session with it",
  )
}

/**
 * Runs one step against the service; its failures become answers with a code (never a 500) that tell the buyer what
 * could not be done, and nothing of the call (the log has the service's code and trace id).
 */
async function service<T>(req: MedusaRequest, action: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const refusal = serviceFailureError(error, action)
    if (!refusal) throw error
    logLine(
      pluginLoggerOf(req.scope),
      "warn",
      `Trade credit instalment preview: could not ${action}: ${describeServiceFailure(error)}`,
      {
        code: refusal.code,
        trace_id: errorIds(error).trace_id,
      },
    )
    throw refusal
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
    // The region's trade credit settings come with the cart (a read-only link): one Query.
    fields: [...CART_WITH_SESSIONS_FIELDS, ...REGION_SETTING_FIELDS],
    filters: { id: body.cart_id },
  })
  // Query's rows are untyped here (no generated .medusa/types); the payload builder validates the cart it is given
  // (parseMedusaCart).
  const cart = data[0] as (CartWithSessions & LinkedCart) | undefined
  if (!cart) throw new RouteError(Codes.TRADE_CREDIT_CART_NOT_FOUND, `Cart ${quote(body.cart_id)} was not found`)
  if (cart.completed_at)
    throw new RouteError(Codes.TRADE_CREDIT_CART_COMPLETED, `Cart ${quote(body.cart_id)} is already completed`)

  const company = companyOf(body, cart)
  const lines = buildLines(cart)
  const currency = cart.currency_code.toUpperCase()
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  // The merchant's settings for the cart's region come first: nothing is asked of the service for what is not offered.
  const region = regionSettingsOfCart(cart, tradeCredit.getOptions())
  const refusal = ineligibilityOf(region, "instalments", { grossAmount: lines.gross_amount, currency })
  if (refusal) throw new RouteError(refusal.code, refusal.message)
  const notOffered = body.periods.map((n) => periodsRefusalOf(region, n)).find(Boolean)
  if (notOffered)
    throw new RouteError(Codes.TRADE_CREDIT_INVALID_PERIODS, `Invalid instalment preview: periods: ${notOffered}`)
  const client = tradeCredit.getClient()
  const resolved = await service(req, "read the buyer's company", () =>
    resolveRepaymentCompany(client, company, billingAddressOf(cart)),
  )
  const limits = await service(req, "check the buyer's credit", () =>
    checkPlanCredit(client, { company: resolved, amount: lines.gross_amount, currency, scope: cart.id }),
  )
  const fit = checkPeriodsWithinLimits(lines.gross_amount, body.periods, limits)
  if (!fit.ok) throw new RouteError(fit.code, fit.message)

  // One tentative plan a call (contract section 3): the options asked are previewed side by side.
  const tax_subtotals = planTaxSubtotalsOf(lines.tax_subtotals)
  const previews = await service(req, "preview the instalments", () =>
    Promise.all(
      body.periods.map((n) =>
        client.repayment.preview(
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
