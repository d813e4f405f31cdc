import { Module } from "@medusajs/framework/utils"
import checkProviderDependencies from "./loaders/check-provider-dependencies"
import TradeCreditModuleService from "./service"

export const TRADE_CREDIT_MODULE = "tradeCredit"

export default Module(TRADE_CREDIT_MODULE, {
  service: TradeCreditModuleService,
  loaders: [checkProviderDependencies],
})

export { TradeCreditModuleService }
export { PROVIDER_DEPENDENCIES } from "./loaders/check-provider-dependencies"
export type * from "./types"
