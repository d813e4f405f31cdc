import { Module } from "@medusajs/framework/utils"
import TradeCreditModuleService from "./service"

export const TRADE_CREDIT_MODULE = "tradeCredit"

export default Module(TRADE_CREDIT_MODULE, {
  service: TradeCreditModuleService,
})

export { TradeCreditModuleService }
export type * from "./types"
