import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { buildEditBody } from "../../../core/order/order-body"
import { CART_FIELDS } from "../../../core/order/cart-fields"
import type { MedusaCartInput } from "../../../core/order/medusa-cart"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import { awaitingCompany, type TradeCreditPaymentData, withOrder } from "../../../core/order/payment-data"
import { authorizationStatusOf, beforeCompletionStatusOf, sessionStatusOf } from "../../../core/order/status"
import { authorizeOrder } from "../../../use-cases/authorize-order"
import { cancelOrder, cancelOrderOfDeletedSession } from "../../../use-cases/cancel-order"
import { captureOrder } from "../../../use-cases/capture-order"
import { type CheckoutCart, SESSION_CART_FIELDS, withCustomerCompany } from "../../../medusa/cart-links"
import { acceptedOrder } from "../../../use-cases/find-or-create-order"
import { checkInvoiceCredit } from "../../../use-cases/invoice-credit-check"
import { IntentReuse } from "../../../use-cases/intent-reuse"
import { keptChecksOf } from "../../../medusa/kept-checks"
import { callOnSessionOrder } from "../../../use-cases/order-gone"
import {
  isReplacedByConfirmedEdit,
  type OrderEditPaymentData,
  withoutProviderState,
} from "../../../medusa/order-edit-payment"
import { INVOICE_PROVIDER_IDENTIFIER } from "../../../medusa/provider-ids"
import { refundOrder } from "../../../use-cases/refund-order"
import { takeOverOrder } from "../../../use-cases/take-over-order"
import { acquireOrdersClient, type OrdersClientHandle } from "../../../client/shared-orders-client"
import type { TradeCreditClientOptionsInput } from "../../../client/options"
import { TradeCreditBase } from "./trade-credit-base"

/** The states of a service order whose lines a cart change may still edit. */
const EDITABLE_STATES = new Set(["UNVERIFIED", "VERIFIED", "CONFIRMED"])

/**
 * Pay by invoice: the service's order interface. The buyer is credit-checked when the payment session starts (order
 * intent), verifies at the service's page when the cart is completed (order creation returns a payment_url), and the
 * order is confirmed when the buyer comes back. Capture fulfils (the invoice is sent), refund refunds (a credit note is
 * sent), cancel cancels. The flows are in src/use-cases; this class maps Medusa's calls to them.
 */
export class TradeCreditInvoiceService extends TradeCreditBase<OrderEditPaymentData, OrdersClientHandle> {
  static identifier = INVOICE_PROVIDER_IDENTIFIER
  /** Approved intents of unchanged carts (the pre-check's too), reused across the cart's payment sessions. */
  private readonly intents_ = new IntentReuse(keptChecksOf(this.medusa_, this.logger_))

  protected acquireClient(options: TradeCreditClientOptionsInput): OrdersClientHandle {
    return acquireOrdersClient(options)
  }

  async initiatePayment({ amount, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const input = this.dataOf(data)
    const sessionId = this.sessionIdOf(context?.idempotency_key, input.session_id)
    // After a confirmed order edit, a session in the order's new payment collection takes over the service order.
    if (input.replaces_payment_id !== undefined) {
      const order = await takeOverOrder(this.deps_, sessionId, input, amount)
      return {
        id: order.id,
        status: PaymentSessionStatus.PENDING,
        data: withOrder({ ...input, session_id: sessionId }, order),
      }
    }
    // Anything else never names a service order: a storefront's data cannot attach one (or replay an old session's).
    const given = withoutProviderState(input)
    const customerId = context?.customer?.id
    // A guest who names no company has none to find: nothing is read; the session waits for the company.
    if (given.company === undefined && !customerId) return this.pending(sessionId, given)
    // The cart and its region's settings: one Query.
    const cart = await this.deps_.readCart<CheckoutCart>(sessionId, SESSION_CART_FIELDS)
    // A trade account user buys with the trade account's business when the storefront names no company; a customer
    // enrolled as a sole trader with the enrollment's company likewise.
    const sessionData = await withCustomerCompany(given, cart, {
      customerId,
      tradeAccounts: true,
      tradeCredit: this.medusa_.tradeCredit,
    })
    if (sessionData.company === undefined) return this.pending(sessionId, sessionData)
    const checked = await checkInvoiceCredit(this.deps_, this.intents_, { sessionId, data: sessionData, amount, cart })
    if (sessionData.verify_before_completion === true) return await this.orderBeforeCompletion(sessionId, checked)
    return { id: checked.tracking_id ?? sessionId, status: PaymentSessionStatus.PENDING, data: checked }
  }

  async updatePayment({ amount, data, context }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = this.dataOf(data)
    const sessionId = this.sessionIdOf(current.session_id, context?.idempotency_key)
    if (current.order_id && current.state && EDITABLE_STATES.has(current.state)) {
      const orderId = current.order_id
      const body = buildEditBody(await this.deps_.readCart<MedusaCartInput>(sessionId, CART_FIELDS))
      // An order the service no longer knows is TRADE_CREDIT_ORDER_GONE: the buyer starts a new session.
      const order = await callOnSessionOrder(
        this.deps_,
        "update the order",
        () => this.client_.orders.edit(orderId, body, { idempotencyKey: idempotencyKeys.edit(orderId, body) }),
        {
          payment_session_id: sessionId,
          service_order_id: orderId,
        },
      )
      return { status: sessionStatusOf(order), data: withOrder(current, order) }
    }
    if (current.company === undefined) return { status: PaymentSessionStatus.PENDING, data: current }
    const checked = await checkInvoiceCredit(this.deps_, this.intents_, { sessionId, data: current, amount })
    if (current.verify_before_completion === true) return await this.orderBeforeCompletion(sessionId, checked)
    return { status: PaymentSessionStatus.PENDING, data: checked }
  }

  /** A pending session naming what is missing (the company): the storefront starts it again with it. */
  private pending(sessionId: string, data: TradeCreditPaymentData): InitiatePaymentOutput {
    return { id: sessionId, status: PaymentSessionStatus.PENDING, data: awaitingCompany(data, sessionId) }
  }

  /**
   * The redirect flow with one completion (`verify_before_completion`): the service order is made with the session,
   * its `payment_url` handed to the storefront the way Medusa's redirect providers hand out their approval URL. The
   * buyer verifies first; the one completion on return confirms and authorizes. A trade account's verified user's
   * order is VERIFIED at once (no redirect). Until then the session is `requires_more` (the expiry job frees it after
   * the TTL, a cart change cancels the order) or `pending`, never authorized before the cart completes.
   */
  private async orderBeforeCompletion(sessionId: string, checked: TradeCreditPaymentData) {
    const order = await acceptedOrder(this.deps_, this.intents_, sessionId, checked)
    return { id: order.id, status: beforeCompletionStatusOf(order), data: withOrder(checked, order) }
  }

  async authorizePayment({ data, context }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const current = this.dataOf(data)
    const sessionId = this.sessionIdOf(context?.idempotency_key, current.session_id)
    const { order, data: authorized } = await authorizeOrder(this.deps_, this.intents_, sessionId, current)
    return { status: authorizationStatusOf(order), data: authorized }
  }

  async capturePayment({ data, context }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const current = this.dataOf(data)
    const orderId = this.requireString(current.order_id, "trade credit order id")
    return { data: withOrder(current, await captureOrder(this.deps_, orderId, context?.idempotency_key)) }
  }

  async refundPayment({ amount, data, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const current = this.dataOf(data)
    const orderId = this.requireString(current.order_id, "trade credit order id")
    const refundId = this.requireString(context?.idempotency_key, "refund id")
    return { data: withOrder(current, await refundOrder(this.deps_, { orderId, refundId, amount, data: current })) }
  }

  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = this.dataOf(data)
    if (!current.order_id) return { data: current }
    // Medusa cancels the authorized payment of an order whose edit it confirms: the service order was edited, not
    // cancelled.
    if (await isReplacedByConfirmedEdit(current, this.medusa_)) {
      // Medusa merges the returned data into the stored one: the mark is cleared with null.
      return { data: { ...current, order_edit: null, replaced_by_order_edit: current.order_edit?.order_change_id } }
    }
    return { data: withOrder(current, await cancelOrder(this.deps_, current.order_id)) }
  }

  /** A session that goes away (cart changed, another method chosen) cancels its order unless it was confirmed. */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: await cancelOrderOfDeletedSession(this.deps_, this.dataOf(data)) }
  }

  protected async readNow(current: OrderEditPaymentData) {
    const orderId = current.order_id
    if (!orderId) return undefined
    const order = await this.call("read the order", () => this.client_.orders.get(orderId))
    return { status: sessionStatusOf(order), data: withOrder(current, order) }
  }
}
