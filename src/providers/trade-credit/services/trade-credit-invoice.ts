import { MathBN, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import BigNumberJs from "bignumber.js"
import { TradeCreditError } from "../../../client"
import type { Order, OrderSummary } from "../../../service/schemas"
import { declined } from "../lib/errors"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import { IntentReuse } from "../lib/intent-reuse"
import { readCaptureAmount, readCartOfSession } from "../lib/medusa-reader"
import { readReceivedReturnsOfRefund } from "../lib/medusa-returns"
import { otherCapturedTotal, otherRefunds } from "../lib/recorded-money"
import { refundLinesForReturns } from "../../../core/order/returned-lines"
import { planCapture, planRefund } from "../../../core/order/after-sale"
import { assertReattachment, isReplacedByConfirmedEdit, type OrderEditPaymentData, withoutProviderState } from "../lib/order-edit-payment"
import { merchantUrlsFor } from "../../../core/order/merchant-urls"
import { INVOICE_PROVIDER_IDENTIFIER } from "../lib/provider-ids"
import { invoiceTermsOfCart, ORDER_CART_FIELDS, SESSION_CART_FIELDS, type LinkedCart, regionSettingsOfCart, tradeAccountBuyerOfCart, withCustomerCompany } from "../lib/cart-links"
import { type TradeCreditPaymentData, withOrder } from "../../../core/order/payment-data"
import { sessionStatusOf } from "../../../core/order/status"
import {
  CART_FIELDS,
  type MedusaCartInput,
  buildBuyer,
  buildCreateOrderBody,
  buildEditBody,
  buildIntentBody,
  orderExtrasOf,
  parseSessionInput,
  resolveReturnUrl,
} from "../../../core/order"
import { ineligibilityOf } from "../../../modules/trade-credit/region-settings"
import { TradeCreditBase } from "./trade-credit-base"
import { errorIds, logLine } from "../../../utils/log-line"

/** A payment session's cart: what the payload builders read, and the linked rows of the plugin (cart-links.ts). */
type CheckoutCart = MedusaCartInput & LinkedCart

const EDITABLE_STATES = new Set(["UNVERIFIED", "VERIFIED", "CONFIRMED"])

/** Exact cents of a Medusa amount (number, string or BigNumber raw value). */
const toCents = (amount: unknown) => new BigNumberJs(MathBN.convert(amount as any).toString()).decimalPlaces(2, BigNumberJs.ROUND_HALF_UP)

/**
 * Pay by invoice: the service's order interface. The buyer is credit-checked when
 * the payment session starts (order intent), verifies at the service's page when
 * the cart is completed (order creation returns a payment_url), and the order is
 * confirmed when the buyer comes back. Capture fulfils (the invoice is sent),
 * refund refunds (a credit note is sent), cancel cancels.
 */
export class TradeCreditInvoiceService extends TradeCreditBase {
  static identifier = INVOICE_PROVIDER_IDENTIFIER
  /** Approved intents of unchanged carts, reused across the cart's payment sessions. */
  private readonly intents_ = new IntentReuse()

  constructor(cradle: ConstructorParameters<typeof TradeCreditBase>[0], options: ConstructorParameters<typeof TradeCreditBase>[1]) {
    super(cradle, options)
  }

  /** The session's cart as it is now, with its region's trade credit settings: one Query. */
  private async readCart(sessionId: string): Promise<CheckoutCart> {
    return await readCartOfSession<CheckoutCart>(sessionId, SESSION_CART_FIELDS)
  }

  /** The credit check: an intent for the cart as it is now. */
  private async checkCredit(sessionId: string, data: TradeCreditPaymentData, amount: unknown, read?: CheckoutCart): Promise<TradeCreditPaymentData> {
    const input = parseSessionInput(data)
    // Refuse a return URL off the storefront now, before the buyer gets as far as verification.
    resolveReturnUrl(input.return_url, this.options_.storefrontUrls, this.options_.returnPath)
    const cart = read ?? (await this.readCart(sessionId))
    const buyer = buildBuyer(input, cart, { representativeRequired: false })
    const body = buildIntentBody(cart, buyer)
    if (amount !== undefined && !toCents(amount).eq(body.gross_amount)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The cart total ${body.gross_amount} differs from the payment amount ${toCents(amount).toFixed(2)}`,
        "TRADE_CREDIT_AMOUNT_MISMATCH"
      )
    }
    // The merchant's settings for the cart's region (Settings → Trade credit): offered at all, and for this total?
    const region = regionSettingsOfCart(cart, this.options_)
    const refusal = ineligibilityOf(region, "invoice", { grossAmount: body.gross_amount, currency: body.currency })
    if (refusal) {
      logLine(this.logger_, "info", `trade-credit: not offered for session ${sessionId} (cart ${cart.id}): ${refusal.reason}`, {
        payment_session_id: sessionId,
        cart_id: cart.id,
        region_id: region.region_id,
        code: refusal.code,
      })
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal.message, refusal.code)
    }
    // An unchanged cart (same lines, totals and buyer) reuses its approved intent: no second credit check.
    const reuseKey = IntentReuse.keyOf(cart.id, body)
    const intent =
      this.intents_.get(reuseKey) ??
      (await this.call("check the buyer's credit", () =>
        this.client_.orders.createIntent(body, { idempotencyKey: idempotencyKeys.intent(sessionId, body) }), { payment_session_id: sessionId, cart_id: cart.id }
      ))
    if (!intent.approved) throw declined(intent.decline_reason, { logger: this.logger_, ids: { payment_session_id: sessionId, cart_id: cart.id } })
    this.intents_.remember(reuseKey, intent)
    return {
      ...data,
      session_id: sessionId,
      intent_id: intent.id,
      tracking_id: intent.tracking_id,
      gross_amount: intent.gross_amount,
      currency: intent.currency,
      buyer_company: buyer.company,
      // The region's terms, or the customer's or their group's (Settings → Trade credit → Regions).
      invoice_terms_days: invoiceTermsOfCart(cart, region),
    }
  }

  async initiatePayment({ amount, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const input = (data ?? {}) as OrderEditPaymentData
    const sessionId = this.requireString(context?.idempotency_key ?? input.session_id, "payment session id")
    // After a confirmed order edit, a session in the order's new payment collection takes over the service order.
    if (input.replaces_payment_id !== undefined) return await this.takeOverOrder(sessionId, input, amount)
    // Anything else never names a service order: a storefront's data cannot attach one (or replay an old session's).
    const given = withoutProviderState(input) as TradeCreditPaymentData
    const customerId = context?.customer?.id
    // A storefront that starts the session before it knows the company (Medusa's starter does) gets a pending
    // session; it creates the session again with the buyer's company, and only then is the buyer credit-checked.
    const pending = (data: TradeCreditPaymentData) => ({
      id: sessionId,
      status: PaymentSessionStatus.PENDING,
      data: { ...data, session_id: sessionId, missing: ["company"] },
    })
    // A guest who names no company has none to find: nothing is read.
    if (given.company === undefined && !customerId) return pending(given)
    // The cart and its region's settings: one Query.
    const cart = await this.readCart(sessionId)
    // A trade account user buys with the trade account's business when the storefront names no company; a customer
    // enrolled as a sole trader with the enrollment's company likewise.
    const sessionData = await withCustomerCompany(given, cart, { customerId, tradeAccounts: true })
    if (sessionData.company === undefined) return pending(sessionData)
    const checked = await this.checkCredit(sessionId, sessionData, amount, cart)
    if (sessionData.verify_before_completion === true) return await this.orderBeforeCompletion(sessionId, checked)
    return { id: checked.tracking_id ?? sessionId, status: PaymentSessionStatus.PENDING, data: checked }
  }

  /**
   * The redirect flow with one completion (`verify_before_completion`): the service order is made with the session,
   * its `payment_url` handed to the storefront the way Medusa's redirect providers hand out their approval URL. The
   * buyer verifies first; the one completion on return confirms and authorizes. A trade account's verified user's
   * order is VERIFIED at once (no redirect). Until then the session is `requires_more` (the expiry job frees it after
   * the TTL, a cart change cancels the order) or `pending`, never authorized before the cart completes.
   */
  private async orderBeforeCompletion(sessionId: string, checked: TradeCreditPaymentData) {
    const order = await this.findOrCreateOrder(sessionId, checked)
    if (order.status === "REJECTED") throw declined(order.decline_reason, { logger: this.logger_, ids: { payment_session_id: sessionId, service_order_id: order.id } })
    const status = order.state === "UNVERIFIED" ? PaymentSessionStatus.REQUIRES_MORE : PaymentSessionStatus.PENDING
    return { id: order.id, status, data: withOrder(checked, order) }
  }

  /** The service order of a payment an order edit replaced, for the edited order's new payment collection. */
  private async takeOverOrder(sessionId: string, data: OrderEditPaymentData, amount: unknown): Promise<InitiatePaymentOutput> {
    await assertReattachment(sessionId, data)
    const orderId = this.requireString(data.order_id, "trade credit order id")
    const order = await this.call("read the order", () => this.client_.orders.get(orderId))
    if (amount !== undefined && !toCents(amount).eq(order.gross_amount)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The trade credit order is for ${order.gross_amount} ${order.currency}, not the order's new total ${toCents(amount).toFixed(2)}: the edit did not reach the service`,
        "TRADE_CREDIT_AMOUNT_MISMATCH"
      )
    }
    return { id: order.id, status: PaymentSessionStatus.PENDING, data: withOrder({ ...data, session_id: sessionId }, order) }
  }

  async updatePayment({ amount, data, context }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    const sessionId = this.requireString(current.session_id ?? context?.idempotency_key, "payment session id")
    if (current.order_id && current.state && EDITABLE_STATES.has(current.state)) {
      const order = await this.editOrder(sessionId, current.order_id)
      return { status: sessionStatusOf(order), data: withOrder(current, order) }
    }
    if (current.company === undefined) return { status: PaymentSessionStatus.PENDING, data: current }
    const checked = await this.checkCredit(sessionId, current, amount)
    if (current.verify_before_completion === true) return await this.orderBeforeCompletion(sessionId, checked)
    return { status: PaymentSessionStatus.PENDING, data: checked }
  }

  private async editOrder(sessionId: string, orderId: string): Promise<Order> {
    const cart = await readCartOfSession<MedusaCartInput>(sessionId, CART_FIELDS)
    const body = buildEditBody(cart)
    return await this.call("update the order", () =>
      this.client_.orders.edit(orderId, body, { idempotencyKey: idempotencyKeys.edit(orderId, body) }), { payment_session_id: sessionId, service_order_id: orderId }
    )
  }

  async authorizePayment({ data, context }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    const sessionId = this.requireString(context?.idempotency_key ?? current.session_id, "payment session id")
    let order = await this.findOrCreateOrder(sessionId, current)
    if (order.status === "REJECTED") throw declined(order.decline_reason, { logger: this.logger_, ids: { payment_session_id: sessionId, service_order_id: order.id } })
    if (order.state === "CANCELLED") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The trade credit order was cancelled (the buyer's verification failed or expired). Choose the payment method again to start over.",
        "TRADE_CREDIT_ORDER_CANCELLED"
      )
    }
    if (order.state === "VERIFIED") {
      const verified = order
      order = await this.call("confirm the order", () =>
        this.client_.orders.confirm(verified.id, { idempotencyKey: idempotencyKeys.confirm(verified.id) }), { payment_session_id: sessionId, service_order_id: verified.id }
      )
    }
    const status = order.state === "UNVERIFIED" ? PaymentSessionStatus.REQUIRES_MORE : PaymentSessionStatus.AUTHORIZED
    return { status, data: withOrder(current, order) }
  }

  /**
   * The order of this session at the service. A create retried with the same body
   * answers the first order again (Idempotency-Key); a create refused because the
   * merchant order id is taken, or because the cart changed since the first try,
   * is resolved by looking the order up by merchant_order_id, never by creating another.
   */
  private async findOrCreateOrder(sessionId: string, data: TradeCreditPaymentData): Promise<OrderSummary> {
    if (data.order_id) {
      const orderId = data.order_id
      return await this.call("read the order", () => this.client_.orders.getSummary(orderId), { payment_session_id: sessionId, service_order_id: orderId })
    }
    const input = parseSessionInput(data)
    // The cart and its customer's trade account user: one Query.
    const cart = await readCartOfSession<CheckoutCart>(sessionId, ORDER_CART_FIELDS)
    // A trade account user's order names the trade account: a verified user's is VERIFIED at creation (one click).
    const buyer = buildBuyer(input, cart, { representativeRequired: true, tradeAccount: tradeAccountBuyerOfCart(cart) })
    const returnUrl = resolveReturnUrl(input.return_url, this.options_.storefrontUrls, this.options_.returnPath)
    const body = buildCreateOrderBody({
      cart,
      buyer,
      merchantOrderId: sessionId,
      merchantReference: cart.id,
      trackingId: data.tracking_id,
      urls: merchantUrlsFor(returnUrl, cart.id),
      // The region's terms as credit-checked (a session from before region settings: the options').
      extras: orderExtrasOf(input, data.invoice_terms_days === undefined ? this.options_.invoiceTermsDays : data.invoice_terms_days ?? undefined),
    })
    try {
      const created = await this.client_.orders.create(body, { idempotencyKey: idempotencyKeys.createOrder(sessionId) })
      this.intents_.spend(data.tracking_id)
      return created
    } catch (error) {
      if (error instanceof TradeCreditError && (error.code === "INVALID_STATE" || error.code === "IDEMPOTENCY_CONFLICT")) {
        const existing = await this.call("look up the order", () => this.client_.orders.getByMerchantOrderId(sessionId), { payment_session_id: sessionId })
        const live = existing.find((o) => o.state !== "CANCELLED") ?? existing[0]
        if (live) return live
      }
      return await this.call("create the order", () => Promise.reject(error), { payment_session_id: sessionId })
    }
  }

  async capturePayment({ data, context }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    const orderId = this.requireString(current.order_id, "trade credit order id")
    const captureId = context?.idempotency_key
    const order = await this.call("read the order", () => this.client_.orders.get(orderId))
    // Invoiced in full already: nothing to read or ask.
    if (planCapture(order, {}).action === "none") return { data: withOrder(current, order) }
    const captureAmount = captureId ? await readCaptureAmount(captureId) : undefined
    const amount = captureAmount === undefined ? undefined : toCents(captureAmount)
    // An invoice whose answer never reached Medusa (its capture was rolled back) is adopted, not made again.
    const recorded = captureId && amount !== undefined ? await otherCapturedTotal(captureId) : undefined
    const plan = planCapture(order, { amount, recorded })
    if (plan.action === "none") return { data: withOrder(current, order) }
    const fulfilled = await this.call("fulfil the order", () =>
      this.client_.orders.fulfil(orderId, plan.part, { idempotencyKey: idempotencyKeys.fulfil(captureId ?? orderId) }),
      { capture_id: captureId, service_order_id: orderId }
    )
    return { data: withOrder(current, fulfilled) }
  }

  async refundPayment({ amount, data, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    const orderId = this.requireString(current.order_id, "trade credit order id")
    const refundId = this.requireString(context?.idempotency_key, "refund id")
    // Read back what the service already refunded: a refund made twice, or also in
    // the service's portal, must never pay the buyer twice.
    const order = await this.call("read the order", () => this.client_.orders.get(orderId))
    if (order.refunds.some((r) => r.refund_reference === refundId)) return { data: withOrder(current, order) }
    const value = toCents(amount)
    // A credit note this plugin asked for whose Medusa refund was rolled back (the answer was lost) is adopted, not made again.
    const plan = planRefund(order, { amount: value, refundId, others: await otherRefunds(refundId) })
    if (plan.action === "none") return { data: withOrder(current, order) }
    if (plan.action === "refuse") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, plan.message, "TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
    // Goods that came back (a received return, a claim's return) are credited line by line when
    // the amount is what they are worth; any other refund is split by tax rate in proportion.
    const returned = await this.returnedLinesOf(refundId, current, order, value)
    const parts = returned
      ? { tax_subtotals: returned.tax_subtotals, line_items: returned.line_items, reason: returned.reason }
      : { tax_subtotals: plan.tax_subtotals }
    const refund = await this.call("refund the order", () =>
      this.client_.orders.refund(
        orderId,
        { amount: value.toFixed(2), currency: order.currency, ...parts, refund_reference: refundId },
        { idempotencyKey: idempotencyKeys.refund(refundId) }
      ),
      { refund_id: refundId, service_order_id: orderId }
    )
    return { data: withOrder(current, { ...order, refunds: [...order.refunds, refund] }) }
  }

  /** The returned lines a refund stands for, if any (reading Medusa's returns is best effort). */
  private async returnedLinesOf(refundId: string, data: TradeCreditPaymentData, order: Order, amount: BigNumberJs) {
    try {
      const returns = await readReceivedReturnsOfRefund(refundId, data.session_id)
      return returns.length ? refundLinesForReturns(amount, order, returns) : undefined
    } catch (error) {
      logLine(this.logger_, "warn", `trade-credit: could not read the returns of refund ${refundId}; its amount is split by tax rate: ${(error as Error).message}`, {
        payment_session_id: data.session_id,
        refund_id: refundId,
        service_order_id: order.id,
      })
      return undefined
    }
  }

  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = (data ?? {}) as OrderEditPaymentData
    if (!current.order_id) return { data: current }
    // Medusa cancels the authorized payment of an order whose edit it confirms: the service order was edited, not cancelled.
    if (await isReplacedByConfirmedEdit(current)) {
      // Medusa merges the returned data into the stored one: the mark is cleared with null.
      return { data: { ...current, order_edit: null, replaced_by_order_edit: current.order_edit?.order_change_id } }
    }
    const orderId = current.order_id
    try {
      const { order } = await this.client_.orders.cancel(orderId, { idempotencyKey: idempotencyKeys.cancel(orderId) })
      return { data: withOrder(current, order) }
    } catch (error) {
      if (error instanceof TradeCreditError && error.code === "INVALID_STATE") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "The trade credit order is already invoiced (fulfilled) and cannot be cancelled: refund it instead.",
          "TRADE_CREDIT_CANCEL_AFTER_FULFILMENT"
        )
      }
      return await this.call("cancel the order", () => Promise.reject(error))
    }
  }

  /** A session that goes away (cart changed, another method chosen) cancels its order unless it was confirmed. */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    if (!current.order_id || (current.state && current.state !== "UNVERIFIED" && current.state !== "VERIFIED")) {
      return { data: current }
    }
    const orderId = current.order_id
    try {
      const { order } = await this.client_.orders.cancel(orderId, { idempotencyKey: idempotencyKeys.cancel(orderId) })
      return { data: withOrder(current, order) }
    } catch (error) {
      // The service cancels unverified orders on its own after 48 hours; the session goes regardless.
      logLine(this.logger_, "warn", `trade-credit: could not cancel order ${orderId} of a deleted session: ${(error as Error).message}`, {
        payment_session_id: current.session_id,
        service_order_id: orderId,
        ...errorIds(error),
      })
      return { data: current }
    }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    if (!current.order_id) return { data: current }
    const orderId = current.order_id
    const order = await this.call("read the order", () => this.client_.orders.get(orderId))
    return { data: withOrder(current, order) }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const current = (data ?? {}) as TradeCreditPaymentData
    if (!current.order_id) return { status: PaymentSessionStatus.PENDING, data: current }
    const orderId = current.order_id
    const order = await this.call("read the order", () => this.client_.orders.get(orderId))
    return { status: sessionStatusOf(order), data: withOrder(current, order) }
  }
}
