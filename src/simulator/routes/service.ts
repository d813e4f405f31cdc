import { Router } from "express"
import type { SimulatorContext } from "../context"
import { companyRoutes } from "./companies"
import { invoiceRoutes } from "./invoices"
import { orderRoutes } from "./orders"

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
  return router
}
