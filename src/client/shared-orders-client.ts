import type { TradeCreditClient } from "./index"
import type { TradeCreditClientOptionsInput } from "./options"
import { OrdersClient } from "./orders"
import { acquireTransport, type TransportHandle } from "./shared-transports"
import type { Transport } from "./transport"

/** The part of the client the invoice provider uses: the order interface, the call counts and the pool's handle. */
export type OrdersClientHandle = Pick<TradeCreditClient, "orders" | "stats" | "close">

/**
 * The order interface alone on the process's shared transport (shared-transports.ts), for the invoice provider: the
 * same pool as the module's and the instalment provider's clients, without loading the six other interfaces.
 */
export function acquireOrdersClient(options: TradeCreditClientOptionsInput): OrdersClientHandle {
  const { transport, shared, release } = acquireTransport(options)
  return { orders: sharedOrders(shared, transport), stats: () => transport.stats(), close: release }
}

/** The one order interface client of a shared transport (the full client's `orders` is the same object). */
export function sharedOrders(shared: TransportHandle["shared"], transport: Transport): OrdersClient {
  return shared("orders", () => new OrdersClient(transport))
}
