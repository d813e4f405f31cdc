import { TradeCreditError } from "../client/errors"
import type { OrderSummary } from "../service/schemas/order"
import { buildBuyer } from "../core/order/buyer"
import { buildCreateOrderBody, invoiceTermsOf, orderExtrasOf } from "../core/order/order-body"
import { parseSessionInput } from "../core/order/session-input"
import { resolveReturnUrl } from "../core/order/return-url"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import { merchantUrlsFor } from "../core/order/merchant-urls"
import { cartReference, merchantOrderIdOf } from "../core/order/merchant-reference"
import type { TradeCreditPaymentData } from "../core/order/payment-data"
import { type CheckoutCart, ORDER_CART_FIELDS, tradeAccountBuyerOfCart } from "../medusa/cart-links"
import { recordOrderReference } from "../medusa/order-references"
import { tradeCreditModuleOf } from "../medusa/plan-store"
import { assertCompanyCredit, companyCreditDepsOf } from "./company-credits"
import { declined } from "./errors"
import { callOnSessionOrder } from "./order-gone"
import type { IntentReuse } from "./intent-reuse"
import type { InvoiceDeps } from "./deps"

type OrderDeps = Pick<InvoiceDeps, "client" | "options" | "call" | "fail" | "readCart" | "medusa" | "logger">

/**
 * The order of this session at the service. A create retried with the same body
 * answers the first order again (Idempotency-Key); a create refused because the
 * merchant order id is taken, or because the cart changed since the first try,
 * is resolved by looking the order up by merchant_order_id, never by creating another.
 * The buyer reads the merchant order id and reference on the service's page and
 * invoice: both are short references of the cart (merchant-reference.ts); the key
 * stays Medusa's session id. Which session the merchant order id belongs to is
 * recorded before the create (order-references.ts): the order's events find it there. A session's order the service
 * answers 404 for is gone (TRADE_CREDIT_ORDER_GONE, order-gone.ts): never re-created under the same session. An
 * order is not made for a company the service has since said is in an arrears block or above its limits (its events,
 * kept in the module: company-credits.ts), before anything is asked of it.
 */
export async function findOrCreateOrder(
  deps: OrderDeps,
  intents: IntentReuse,
  sessionId: string,
  data: TradeCreditPaymentData,
): Promise<OrderSummary> {
  if (data.order_id) {
    const orderId = data.order_id
    // An order the service no longer knows (a definite 404) is TRADE_CREDIT_ORDER_GONE: the buyer starts over.
    return await callOnSessionOrder(deps, "read the order", () => deps.client.orders.getSummary(orderId), {
      payment_session_id: sessionId,
      service_order_id: orderId,
    })
  }
  const input = parseSessionInput(data)
  // The cart and its customer's trade account user: one Query.
  const cart = await deps.readCart<CheckoutCart>(sessionId, ORDER_CART_FIELDS)
  // A trade account user's order names the trade account: a verified user's is VERIFIED at creation (one click),
  // unless the service adds a verification step for it (UNVERIFIED with a payment_url: the buyer verifies).
  const buyer = buildBuyer(input, cart, { representativeRequired: true, tradeAccount: tradeAccountBuyerOfCart(cart) })
  const returnUrl = resolveReturnUrl(input.return_url, deps.options.storefrontUrls, deps.options.returnPath)
  const merchantOrderId = merchantOrderIdOf(cart.id, sessionId)
  const body = buildCreateOrderBody({
    cart,
    buyer,
    merchantOrderId,
    merchantReference: cartReference(cart.id),
    trackingId: data.tracking_id,
    urls: merchantUrlsFor(returnUrl, cart.id),
    // The region's terms as credit-checked (a session from before region settings: the options').
    extras: orderExtrasOf(input, invoiceTermsOf(data, deps.options.invoiceTermsDays)),
  })
  await assertCompanyCredit(
    companyCreditDepsOf(deps.medusa, deps.logger),
    buyer.company,
    { grossAmount: body.gross_amount, currency: body.currency },
    { payment_session_id: sessionId, cart_id: cart.id },
  )
  // Before the create: every order the service has then has its row, however the create ends (a retry finds it).
  await recordOrderReference(tradeCreditModuleOf(deps.medusa), {
    merchant_order_id: merchantOrderId,
    session_id: sessionId,
    cart_id: cart.id,
  })
  try {
    const created = await deps.client.orders.create(body, { idempotencyKey: idempotencyKeys.createOrder(sessionId) })
    await intents.spend(data.tracking_id)
    return created
  } catch (error) {
    if (
      error instanceof TradeCreditError &&
      (error.code === "INVALID_STATE" || error.code === "IDEMPOTENCY_CONFLICT")
    ) {
      const existing = await deps.call(
        "look up the order",
        () => deps.client.orders.getByMerchantOrderId(merchantOrderId),
        {
          payment_session_id: sessionId,
        },
      )
      const live = existing.find((o) => o.state !== "CANCELLED") ?? existing[0]
      if (live) return live
    }
    return deps.fail("create the order", error, { payment_session_id: sessionId })
  }
}

/** The session's order, found or made; a REJECTED one (the service declined the buyer) is TRADE_CREDIT_DECLINED. */
export async function acceptedOrder(
  deps: OrderDeps,
  intents: IntentReuse,
  sessionId: string,
  data: TradeCreditPaymentData,
): Promise<OrderSummary> {
  const order = await findOrCreateOrder(deps, intents, sessionId, data)
  if (order.status === "REJECTED")
    throw declined(order.decline_reason, {
      logger: deps.logger,
      ids: { payment_session_id: sessionId, service_order_id: order.id },
    })
  return order
}
