import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { TradeCreditInvoiceService } from "./services/trade-credit-invoice"

export { TradeCreditInvoiceService }
export { TradeCreditOptionsSchema, type TradeCreditOptionsInput as TradeCreditOptions } from "./options"

export default ModuleProvider(Modules.PAYMENT, {
  services: [TradeCreditInvoiceService],
})
