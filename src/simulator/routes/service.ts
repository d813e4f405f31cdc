import { Router } from "express"
import type { SimulatorContext } from "../context"
import { companyRoutes } from "./companies"
import { invoiceRoutes } from "./invoices"
import { orderRoutes } from "./orders"
import { repaymentRoutes } from "./repayment"

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
  router.use("/repay/v1", repaymentRoutes(ctx))
  return router
}
