import type { IOrderModuleService, IPaymentModuleService, Logger, RemoteQueryFunction } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../../../client"
import type { TradeCreditModuleService } from "../../../modules/trade-credit"
import type { LogIds } from "../../../utils/log-line"
import type { TradeCreditOptions } from "../options"

/** Medusa's Query, as its container resolves it. */
export type Query = Omit<RemoteQueryFunction, symbol>

/** Runs one step against the service; failures become MedusaErrors, logged once (TradeCreditBase.call). */
export type ServiceCall = <T>(action: string, step: () => Promise<T>, ids?: LogIds) => Promise<T>

/** The cart a payment session belongs to, read now with the given fields (medusa-reader.ts). */
export type CartReader = <T>(sessionId: string, fields: string[]) => Promise<T>

/**
 * Medusa's services the providers read and write, each resolved when it is used (the plugin's module may load after
 * the payment module's providers): injected through the payment module's `dependencies` (TradeCreditBase makes them).
 */
export type MedusaServices = {
  query: () => Query
  payments: () => IPaymentModuleService
  orders: () => IOrderModuleService
  /** The plugin's module; undefined when it is not loaded (the plugin missing from `plugins` in medusa-config). */
  tradeCredit: () => TradeCreditModuleService | undefined
}

/** What the providers' flows (tc/lib) are given: each takes the part it needs (`Pick<ProviderDeps, …>`). */
export type ProviderDeps = {
  client: TradeCreditClient
  options: TradeCreditOptions
  logger: Logger
  call: ServiceCall
  readCart: CartReader
  medusa: MedusaServices
}
