import { Router } from "express"
import type { SimulatorContext } from "../context"
import { companyRoutes } from "./companies"
import { erasureRoutes } from "./erasure"
import { invoiceDetailsRoutes } from "./invoice-details"
import { invoiceRoutes } from "./invoices"
import { orderRoutes } from "./orders"
import { registrationRoutes } from "./registration"
import { repaymentRoutes } from "./repayment"
import { tradeAccountRoutes } from "./trade-account"

/**
 * Every route of the service that takes the API key. Later interfaces
 * (repayment, trade accounts, registration and autofill, erasure) add their
 * routers here.
 */
export function serviceRoutes(ctx: SimulatorContext): Router {
  const router = Router()
  router.use(companyRoutes(ctx))
  router.use(orderRoutes(ctx))
  router.use(invoiceRoutes(ctx))
  router.use(invoiceDetailsRoutes(ctx))
  router.use(registrationRoutes(ctx))
  router.use("/repay/v1", repaymentRoutes(ctx))
  router.use("/gdpr/v1", erasureRoutes(ctx))
  router.use("/trade-account/v3", tradeAccountRoutes(ctx))
  return router
}
