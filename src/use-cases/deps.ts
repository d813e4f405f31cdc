import type { Logger } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../client/index"
import type { OrdersClientHandle } from "../client/shared-orders-client"
import type { MedusaServices } from "../medusa/services"
import type { LogIds } from "../utils/log-line"
import type { TradeCreditOptions } from "../config/options"

/** Runs one step against the service; failures become MedusaErrors, logged once (TradeCreditBase.call). */
export type ServiceCall = <T>(action: string, step: () => Promise<T>, ids?: LogIds) => Promise<T>

/**
 * A failure of the service a flow caught itself (to look at it first) and does not handle: mapped and logged exactly
 * as `call` would have on it, then thrown. Never returns.
 */
export type ServiceFailure = (action: string, error: unknown, ids?: LogIds) => never

/** The cart a payment session belongs to, read now with the given fields (medusa-reader.ts). */
export type CartReader = <T>(sessionId: string, fields: string[]) => Promise<T>

/** What the providers' flows (src/use-cases) are given: each takes the part it needs (`Pick<ProviderDeps, …>`). */
export type ProviderDeps<Client extends OrdersClientHandle = TradeCreditClient> = {
  client: Client
  options: TradeCreditOptions
  logger: Logger
  call: ServiceCall
  fail: ServiceFailure
  readCart: CartReader
  medusa: MedusaServices
}

/** What the invoice provider's flows are given: the order interface is the only one they call. */
export type InvoiceDeps = ProviderDeps<OrdersClientHandle>
