import { MedusaError } from "@medusajs/framework/utils"
import type { OrderReferenceRow, TradeCreditModuleService } from "../modules/trade-credit"

/** What links a service order's `merchant_order_id` to its Medusa payment session and cart (a row without its id). */
export type OrderReference = Pick<OrderReferenceRow, "merchant_order_id" | "session_id" | "cart_id">

/** The row of a `merchant_order_id`: one read by its unique index. Undefined when the plugin made no such order. */
export async function orderReferenceOf(
  module: TradeCreditModuleService,
  merchantOrderId: string,
): Promise<OrderReferenceRow | undefined> {
  const [row] = await module.listOrderReferences({ merchant_order_id: merchantOrderId }, { take: 1 })
  return row
}

/**
 * Records which session a `merchant_order_id` belongs to, before the order is created at the service: every order the
 * service has then has its row, whatever stops the create. Once per `merchant_order_id`: a retry of the session (same
 * cart, same session, so the same id) finds the row. Another session's row with the same id (the short references of
 * two tries that end alike) is refused rather than overwritten: its order events would reach the wrong session.
 */
export async function recordOrderReference(
  module: TradeCreditModuleService,
  reference: OrderReference,
): Promise<OrderReferenceRow> {
  const row = (await orderReferenceOf(module, reference.merchant_order_id)) ?? (await createOrFind(module, reference))
  if (row.session_id !== reference.session_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "This trade credit order could not be started (TRADE_CREDIT_ORDER_REFERENCE_TAKEN). " +
        "Choose the payment method again.",
      "TRADE_CREDIT_ORDER_REFERENCE_TAKEN",
    )
  }
  return row
}

async function createOrFind(module: TradeCreditModuleService, reference: OrderReference): Promise<OrderReferenceRow> {
  try {
    return await module.createOrderReferences(reference)
  } catch (error) {
    // Another instance recorded it first (the unique index refused this one): take its row.
    const raced = await orderReferenceOf(module, reference.merchant_order_id)
    if (!raced) throw error
    return raced
  }
}
