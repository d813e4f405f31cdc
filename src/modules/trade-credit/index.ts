import { Module } from "@medusajs/framework/utils"
import checkProviderDependencies from "./loaders/check-provider-dependencies"
import { TRADE_CREDIT_MODULE } from "./module-name"
import TradeCreditModuleService from "./service"

export { TRADE_CREDIT_MODULE }

export default Module(TRADE_CREDIT_MODULE, {
  service: TradeCreditModuleService,
  loaders: [checkProviderDependencies],
})

export { TradeCreditModuleService }
export { PROVIDER_DEPENDENCIES } from "./loaders/check-provider-dependencies"
export type * from "./types"
