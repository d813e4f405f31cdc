import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import { isSessionId } from "../../core/order/merchant-reference"
import { orderReferenceOf } from "../../medusa/order-references"

/**
 * The Medusa payment session an order event is about. The event's `merchant_order_id` is the buyer's reference
 * (merchant-reference.ts), not the session id: the plugin recorded which session it belongs to before it created the
 * order (order-references.ts), so it is one read by a unique index. An order made before 0.2.0 names the session
 * itself. Null when there is no such row: not an order the plugin made.
 */
export async function sessionOfOrder(
  container: MedusaContainer,
  event: { merchant_order_id: string },
): Promise<string | null> {
  if (isSessionId(event.merchant_order_id)) return event.merchant_order_id
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const row = await orderReferenceOf(module, event.merchant_order_id)
  return row?.session_id ?? null
}
