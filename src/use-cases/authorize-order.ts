import { MedusaError } from "@medusajs/framework/utils"
import type { TradeCreditError } from "../client/errors"
import type { OrderSummary } from "../service/schemas/order"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import { type TradeCreditPaymentData, withOrder } from "../core/order/payment-data"
import { planAuthorization } from "../core/order/status"
import { declined } from "./errors"
import { classifyServiceFailure } from "./service-failure-kind"
import { findOrCreateOrder } from "./find-or-create-order"
import type { IntentReuse } from "./intent-reuse"
import { closingGoneSession } from "./order-gone"
import type { InvoiceDeps } from "./deps"
import { assertNever } from "../utils/assert-never"

/**
 * The authorization on cart completion: the session's order, found or made (the first completion makes it and the
 * buyer verifies; the second, on the buyer's return, confirms it first: `confirmFirst`), then what `planAuthorization`
 * decides for the state the service has now: refuse (declined, or cancelled because the verification failed or
 * expired), wait for the buyer, confirm, or answer authorized. An order made VERIFIED by this very completion (one
 * click) is authorized as it is and confirmed after the placement: one call while the buyer waits, not two. The
 * planner's `complete_cart` (webhooks, reconciliation) ends here too. An order the service no longer knows (404) is
 * refused as TRADE_CREDIT_ORDER_GONE, its session closed (order-gone.ts): the buyer chooses the method again, which
 * makes a new order with a new verification page.
 */
export async function authorizeOrder(
  deps: Pick<InvoiceDeps, "client" | "options" | "logger" | "call" | "fail" | "readCart" | "medusa">,
  intents: IntentReuse,
  sessionId: string,
  data: TradeCreditPaymentData,
): Promise<AuthorizedOrder> {
  // A session's order the service no longer knows: refused (TRADE_CREDIT_ORDER_GONE) and the session closed.
  const { order, refused } = await closingGoneSession(deps, sessionId, data, async () => {
    const first = await confirmFirst(deps, sessionId, data)
    if (first.sent && first.order) return { order: first.order, refused: false }
    return { order: await findOrCreateOrder(deps, intents, sessionId, data), refused: first.sent }
  })
  // A refused first confirm is marked in the session's data: the service answers its key's refusal again, so the
  // buyer's next return reads first rather than sending a confirm whose answer the plugin already holds.
  const found = await planned(deps, sessionId, data, order)
  return { order: found, data: withOrder(refused ? { ...data, confirm_first: "refused" } : data, found) }
}

/** The order an authorization ends with, and the session's data to keep (the order's summary, the confirm's mark). */
export type AuthorizedOrder = { order: OrderSummary; data: TradeCreditPaymentData }

async function planned(
  deps: Pick<InvoiceDeps, "client" | "logger" | "call">,
  sessionId: string,
  data: TradeCreditPaymentData,
  order: OrderSummary,
): Promise<OrderSummary> {
  const step = planAuthorization(order)
  switch (step.type) {
    case "refuse":
      if (step.reason === "declined") {
        throw declined(order.decline_reason, {
          logger: deps.logger,
          ids: { payment_session_id: sessionId, service_order_id: order.id },
        })
      }
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The trade credit order was cancelled (the buyer's verification failed " +
          "or expired). Choose the payment method again to start over.",
        "TRADE_CREDIT_ORDER_CANCELLED",
      )
    case "confirm":
      // Made just now and VERIFIED at creation (a verified trade account user's one click): the buyer is not kept
      // waiting for the confirm. The order is confirmed once Medusa placed it (confirm-placed-order.ts, on
      // order.placed), by a capture before it fulfils, or by the reconciliation; a cart that fails to complete
      // cancels the unconfirmed order.
      if (!data.order_id) return order
      return await deps.call(
        "confirm the order",
        () => deps.client.orders.confirm(order.id, { idempotencyKey: idempotencyKeys.confirm(order.id) }),
        { payment_session_id: sessionId, service_order_id: order.id },
      )
    case "wait":
    case "authorized":
      // The buyer still verifies (the storefront sends them to the payment_url), or it is confirmed already.
      return order
    default:
      return assertNever(step, "authorization step")
  }
}

/** The states a session's data records for an order the buyer may have verified since: it is confirmed first. */
const CONFIRM_FIRST_STATES: ReadonlySet<unknown> = new Set(["UNVERIFIED", "VERIFIED"])

/**
 * The buyer's return (or the planner's `complete_cart`) on a session holding its order, which its data last saw
 * waiting for the buyer (UNVERIFIED) or verified (a trade account's one-click order): the confirm is sent first, and
 * its answer is the order as the service has it (CONFIRMED), so no read precedes it: one call instead of a read and a
 * confirm. Any other session (no order yet, declined, confirmed or further on, data without a state) is read as
 * before (undefined here).
 *
 * A confirm the service refuses with an answer (a 4xx: the order is not VERIFIED: the buyer has not verified, it was
 * declined or cancelled, it expired, the service no longer knows it; the contract's 409 INVALID_STATE, the status
 * alone in the minimal profile), or whose 2xx answer could not be read, is undefined too: the order is then read and
 * planned from the read exactly as before (wait, refuse, gone, or confirm a VERIFIED one under
 * `idempotencyKeys.confirm`). Its key, `idempotencyKeys.confirmFirst`, is its own: the service keeps a refusal under
 * its key, which must never replay on the confirm sent after the read. A retry (a second completion, the webhook
 * after the buyer) replays the first confirm's 200, or its refusal, which is read past. A 5xx, a 429, a timeout or a
 * dropped connection says nothing of the order: TRADE_CREDIT_UNAVAILABLE, like every call (try again: the key makes it
 * safe); a rejected API key likewise stays what it maps to.
 */
async function confirmFirst(
  deps: Pick<InvoiceDeps, "client" | "fail">,
  sessionId: string,
  data: TradeCreditPaymentData,
): Promise<ConfirmFirst> {
  const orderId = data.order_id
  if (!orderId || data.status === "REJECTED" || !CONFIRM_FIRST_STATES.has(data.state)) return { sent: false }
  // Refused before: the service would answer the same refusal (its key keeps it); the order is read instead.
  if (data.confirm_first === "refused") return { sent: false }
  try {
    const order = await deps.client.orders.confirm(orderId, { idempotencyKey: idempotencyKeys.confirmFirst(orderId) })
    return { sent: true, order }
  } catch (error) {
    if (isConfirmRefusal(error)) return { sent: true }
    return deps.fail("confirm the order", error, { payment_session_id: sessionId, service_order_id: orderId })
  }
}

/** Whether the first confirm was sent, and the order it answered (none: refused, the order is read). */
type ConfirmFirst = { sent: false } | { sent: true; order?: OrderSummary }

/**
 * A refusal that says something of the order (a 4xx the service answered: not a rejected key, not a passing 429), or a
 * 2xx that could not be read (classifyServiceFailure's kinds, with the status the service answered).
 */
function isConfirmRefusal(error: unknown): boolean {
  const kind = classifyServiceFailure(error)
  const status = (error as TradeCreditError | undefined)?.status
  if (kind === undefined || status === undefined) return false
  if (status >= 200 && status < 300) return kind === "bad_response"
  return status >= 400 && status < 500 && kind === "refused"
}
