import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaServices } from "./services"
import { readOrderPaymentCollections, tradeCreditPaymentsOf } from "./order-payments"
import type { TradeCreditPaymentData } from "../core/order/payment-data"

/**
 * A confirmed Medusa order edit of an order whose payment is authorized and not
 * captured makes Medusa (2.21, createOrUpdateOrderPaymentCollectionWorkflow)
 * cancel that payment and open a new payment collection for the new total. For
 * trade credit the service order stays (it was edited, not paid again), so:
 * - before the confirmation the plugin marks the payment (`order_edit`); the
 *   provider's cancelPayment then keeps the service order when the marked
 *   order change is confirmed, and records `replaced_by_order_edit`;
 * - after it, the plugin opens a session in the new collection that names the
 *   replaced payment (`replaces_payment_id`), and authorizes it: the new payment
 *   stands for the same service order, at the new total.
 * The checks here make sure a storefront cannot use the same data to attach a
 * service order to anything else.
 */

export type OrderEditMarker = { order_change_id: string; gross_amount: string }

export type OrderEditPaymentData = TradeCreditPaymentData & {
  /** Set just before an order edit is confirmed in Medusa. */
  order_edit?: OrderEditMarker | null
  /** Set when Medusa cancelled this payment because of a confirmed edit: the service order lives on. */
  replaced_by_order_edit?: string
  /** On the payment that replaced one after an edit. */
  replaces_payment_id?: string
  /** Why the service order could not follow a confirmed edit (written by the order-edit subscriber). */
  order_edit_error?: string | null
}

/** What only the provider writes into payment data; a storefront's session data never sets them. */
const PROVIDER_OWNED_KEYS = [
  "order_id",
  "merchant_order_id",
  "state",
  "status",
  "payment_url",
  "confirm_first",
  "decline_reason",
  "fulfilments",
  "refunds",
  "order_edit",
  "replaced_by_order_edit",
  "replaces_payment_id",
  "order_edit_error",
  // The region's invoice terms, set by the credit check: never the storefront's.
  "invoice_terms_days",
] as const

/**
 * Session data from a storefront, without the provider's own keys (a copied old
 * session, or a forged order id). They are set to null rather than left out:
 * Medusa stores `{ ...storefront data, ...provider data }`, so only a null hides them.
 */
export function withoutProviderState<T extends Record<string, unknown>>(data: T): T {
  const copy: Record<string, unknown> = { ...data }
  for (const key of PROVIDER_OWNED_KEYS) if (key in copy) copy[key] = null
  return copy as T
}

/** True when the payment was marked for an order edit that Medusa has confirmed since. */
export async function isReplacedByConfirmedEdit(
  data: OrderEditPaymentData,
  medusa: Pick<MedusaServices, "orders">,
): Promise<boolean> {
  const changeId = data.order_edit?.order_change_id
  if (!changeId) return false
  const [change] = await medusa.orders().listOrderChanges({ id: changeId }, { select: ["id", "status"] })
  return change?.status === "confirmed"
}

const notAllowed = (message: string) =>
  new MedusaError(MedusaError.Types.NOT_ALLOWED, message, "TRADE_CREDIT_INVALID_REATTACHMENT")

/**
 * Checks that a new payment session may stand for an existing service order:
 * the session belongs to an order's payment collection (never a cart's), the
 * payment it replaces is a trade credit payment of the same order that Medusa
 * cancelled because of a confirmed edit, it named the same service order, and
 * no live payment of the order stands for that service order already. Answers the service order's id.
 */
export async function assertReattachment(
  sessionId: string,
  data: OrderEditPaymentData,
  medusa: Pick<MedusaServices, "query">,
): Promise<string> {
  const query = medusa.query()
  const replacedId = data.replaces_payment_id
  if (!replacedId || !data.order_id) throw notAllowed("A payment session may not name a trade credit order")
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.id", "payment_collection.order.id"],
    filters: { id: sessionId },
  })
  const session = sessions[0] as { payment_collection?: { order?: { id?: string } | null } | null } | undefined
  const orderId = session?.payment_collection?.order?.id
  if (!orderId) throw notAllowed("Only an order's payment collection can take over a trade credit order")
  const payments = tradeCreditPaymentsOf(await readOrderPaymentCollections(orderId, query))
  const replaced = payments.find((p) => p.id === replacedId)
  if (
    !replaced ||
    !replaced.canceled_at ||
    !replaced.data?.replaced_by_order_edit ||
    replaced.data.order_id !== data.order_id
  ) {
    throw notAllowed(`Payment ${replacedId} is not a trade credit payment of this order replaced by an order edit`)
  }
  if (payments.some((p) => !p.canceled_at && p.data?.order_id === data.order_id)) {
    throw notAllowed(`The trade credit order ${data.order_id} already has a live payment on this order`)
  }
  return data.order_id
}
