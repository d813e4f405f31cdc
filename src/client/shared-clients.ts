import { interfacesOn, type TradeCreditClient } from "./index"
import type { TradeCreditClientOptionsInput } from "./options"
import { acquireTransport } from "./shared-transports"
import { sharedOrders } from "./shared-orders-client"

export { sharedClientStats } from "./shared-transports"

/**
 * A handle on a client over the process's one shared transport for these options (shared-transports.ts): the
 * module, both providers and every route share one keep-alive pool. Closing the handle releases it once; calls made
 * through a released handle while others still hold the pool go through; the pool closes with the last handle.
 */
export function acquireTradeCreditClient(options: TradeCreditClientOptionsInput): TradeCreditClient {
  const { transport, shared, release } = acquireTransport(options)
  const interfaces = shared("interfaces", () => ({
    ...interfacesOn(transport),
    orders: sharedOrders(shared, transport),
  }))
  return { ...interfaces, stats: () => transport.stats(), close: release }
}
