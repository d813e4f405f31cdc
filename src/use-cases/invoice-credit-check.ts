import { MedusaError } from "@medusajs/framework/utils"
import { buildBuyer } from "../core/order/buyer"
import { buildIntentBody } from "../core/order/order-body"
import { parseSessionInput } from "../core/order/session-input"
import { resolveReturnUrl } from "../core/order/return-url"
import { Money } from "../core/money/money"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import { type TradeCreditPaymentData, withIntent } from "../core/order/payment-data"
import { type CheckoutCart, invoiceTermsOfCart, regionSettingsOfCart, SESSION_CART_FIELDS } from "../medusa/cart-links"
import { assertCompanyCredit, companyCreditDepsOf } from "./company-credits"
import { declined } from "./errors"
import { IntentReuse } from "./intent-reuse"
import type { InvoiceDeps } from "./deps"
import { assertOfferedInRegion } from "./region-offer"

export type InvoiceCreditCheck = {
  sessionId: string
  /** The session data with the buyer's company. */
  data: TradeCreditPaymentData
  /** The payment session's amount (Medusa's cart total), when Medusa gave one. */
  amount: unknown
  /** The session's cart when the caller read it already (else it is read here: one Query). */
  cart?: CheckoutCart
}

/**
 * The credit check of pay by invoice: an order intent for the cart as it is now, in the cart's region as the merchant
 * offers it, for a company the service has not said is in an arrears block or above its limits (its events, kept in
 * the module: TRADE_CREDIT_ARREARS_BLOCK, TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE, TRADE_CREDIT_ABOVE_CREDIT_BALANCE before
 * anything is asked of it). An unchanged cart (same lines, totals and buyer) reuses its approved intent (`intents`):
 * no second check. A decline is TRADE_CREDIT_DECLINED; the session data then carries the intent and the region's
 * invoice terms.
 */
export async function checkInvoiceCredit(
  deps: Pick<InvoiceDeps, "client" | "options" | "logger" | "call" | "readCart" | "medusa">,
  intents: IntentReuse,
  { sessionId, data, amount, cart: read }: InvoiceCreditCheck,
): Promise<TradeCreditPaymentData> {
  const input = parseSessionInput(data)
  // Refuse a return URL off the storefront now, before the buyer gets as far as verification.
  resolveReturnUrl(input.return_url, deps.options.storefrontUrls, deps.options.returnPath)
  const cart = read ?? (await deps.readCart<CheckoutCart>(sessionId, SESSION_CART_FIELDS))
  const buyer = buildBuyer(input, cart, { representativeRequired: false })
  const body = buildIntentBody(cart, buyer)
  const paymentAmount = amount === undefined ? undefined : Money.fromMedusa(amount).roundToCents()
  if (paymentAmount && !paymentAmount.eq(body.gross_amount)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The cart total ${body.gross_amount} differs from the payment amount ${paymentAmount.toDecimal()}`,
      "TRADE_CREDIT_AMOUNT_MISMATCH",
    )
  }
  // The merchant's settings for the cart's region (Settings → Trade credit): offered at all, and for this total?
  const region = regionSettingsOfCart(cart, deps.options)
  assertOfferedInRegion(
    deps.logger,
    region,
    "invoice",
    { grossAmount: body.gross_amount, currency: body.currency },
    { sessionId, cartId: cart.id },
  )
  const ids = { payment_session_id: sessionId, cart_id: cart.id }
  // What the service last said of the company (checked before a kept intent: a block holds at once).
  await assertCompanyCredit(
    companyCreditDepsOf(deps.medusa, deps.logger),
    buyer.company,
    { grossAmount: body.gross_amount, currency: body.currency },
    ids,
  )
  const reuseKey = IntentReuse.keyOf(cart.id, body)
  const intent =
    (await intents.get(reuseKey)) ??
    (await deps.call(
      "check the buyer's credit",
      () => deps.client.orders.createIntent(body, { idempotencyKey: idempotencyKeys.intent(sessionId, body) }),
      ids,
    ))
  if (!intent.approved) throw declined(intent.decline_reason, { logger: deps.logger, ids })
  await intents.remember(reuseKey, intent)
  // The region's terms, or the customer's or their group's (Settings → Trade credit → Regions).
  return withIntent(data, sessionId, intent, buyer.company, invoiceTermsOfCart(cart, region))
}
