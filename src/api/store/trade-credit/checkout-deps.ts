import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { companyCreditsOf } from "../../../medusa/company-credits"
import { keptChecksOf } from "../../../medusa/kept-checks"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { storeServiceCall } from "../../utils/service-failure"

/**
 * What the checkout's store use cases are given (the company search, the pre-check, the instalment preview), from
 * the request's container: Query, the service's client and the plugin's options (its module), the plugin's logger,
 * the service steps through the store routes' one error adapter, the kept checks and the company credits (in the
 * module).
 */
export function checkoutDepsOf(req: MedusaRequest) {
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const logger = pluginLoggerOf(req.scope)
  return {
    query: req.scope.resolve(ContainerRegistrationKeys.QUERY),
    client: tradeCredit.getClient(),
    options: tradeCredit.getOptions(),
    logger,
    call: storeServiceCall(req),
    /** Approved answers kept for every instance: the pre-check's intent, credit checks, searched companies. */
    kept: keptChecksOf({ tradeCredit: () => tradeCredit }, logger),
    /** What the service's webhook events said of buyer companies' credit and arrears (the pre-check, the preview). */
    companyCredits: companyCreditsOf({ tradeCredit: () => tradeCredit }, logger),
  }
}
