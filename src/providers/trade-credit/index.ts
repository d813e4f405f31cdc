import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { TradeCreditInvoiceService } from "./services/trade-credit-invoice"
import { TradeCreditPlanService } from "./services/trade-credit-plan"

export { TradeCreditInvoiceService, TradeCreditPlanService }
export { TradeCreditOptionsSchema, type TradeCreditOptionsInput as TradeCreditOptions } from "../../config/options"

export default ModuleProvider(Modules.PAYMENT, {
  // Registered as pp_trade-credit_<id> (pay by invoice) and pp_trade-credit-plan_<id> (monthly instalments).
  services: [TradeCreditInvoiceService, TradeCreditPlanService],
})
