import type { IOrderModuleService, IPaymentModuleService, RemoteQueryFunction } from "@medusajs/framework/types"
import type TradeCreditModuleService from "../modules/trade-credit/service"

/** Medusa's Query, as its container resolves it. */
export type Query = Omit<RemoteQueryFunction, symbol>

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
