import type { MedusaRequest } from "@medusajs/framework/http"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { adminServiceCall, adminServiceFail, adminServiceFailureOf } from "../../utils/service-failure"

/**
 * What the admin routes' use cases are given, from the request's container: the plugin's module (its options, its
 * tables, and the service's client through `getClient()`, made when a use case first needs it), Query, Medusa's
 * payment module, and the service steps through the admin routes' one error adapter (api/utils/service-failure.ts).
 */
export function adminDepsOf(req: MedusaRequest) {
  return {
    module: req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE),
    query: req.scope.resolve(ContainerRegistrationKeys.QUERY),
    payments: req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT),
    call: adminServiceCall,
    fail: adminServiceFail,
    explainFailure: adminServiceFailureOf,
  }
}
