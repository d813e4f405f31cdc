import type { Logger } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../client/index"
import type { MedusaServices } from "../medusa/services"
import type { LogIds } from "../utils/log-line"
import type { TradeCreditOptions } from "../config/options"

/** Runs one step against the service; failures become MedusaErrors, logged once (TradeCreditBase.call). */
export type ServiceCall = <T>(action: string, step: () => Promise<T>, ids?: LogIds) => Promise<T>

/** The cart a payment session belongs to, read now with the given fields (medusa-reader.ts). */
export type CartReader = <T>(sessionId: string, fields: string[]) => Promise<T>

/** What the providers' flows (tc/lib) are given: each takes the part it needs (`Pick<ProviderDeps, …>`). */
export type ProviderDeps = {
  client: TradeCreditClient
  options: TradeCreditOptions
  logger: Logger
  call: ServiceCall
  readCart: CartReader
  medusa: MedusaServices
}
