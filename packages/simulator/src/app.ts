import express, { type Express } from "express"
import { apiKeyAuth } from "./auth"
import { jsonBody } from "./body"
import { type ConnectionCounter, connectionRoutes } from "./connections"
import type { SimulatorContext } from "./context"
import { ServiceError, errorHandler, sendError } from "./errors"
import { faultInjection } from "./faults"
import { idempotency } from "./idempotency"
import { latencyProfile } from "./latency"
import { minimalAnswers } from "./minimal"
import { requestLogging } from "./request-log"
import { controlRoutes } from "./routes/control/index"
import { serviceRoutes } from "./routes/service"
import { signupPage } from "./routes/signup-page"
import { verificationPage } from "./routes/verification-page"
import { tradeAccountVerificationPage } from "./routes/trade-account-verification-page"

/**
 * The simulator's express app. Order of the layers for a service request:
 * request log → latency profile → injected fault → API key → JSON body → idempotency → route.
 * The control API (/_sim) and the buyer's page (/verify) take no API key.
 * The latency profile (latency.ts) holds the service's API only: not /_sim, not the hosted pages.
 */
/** The hosted pages (the buyer's browser opens them): no API key, no latency profile. */
const HOSTED_PAGES = ["/verify", "/soletrader", "/trade-account-verification"]
const isHostedPage = (path: string) => HOSTED_PAGES.some((page) => path === page || path.startsWith(`${page}/`))

export function createApp(ctx: SimulatorContext, connections?: ConnectionCounter): Express {
  const app = express()
  app.disable("x-powered-by")
  app.set("etag", false)

  if (connections) app.use(connectionRoutes(connections))
  app.use("/_sim", controlRoutes(ctx))
  app.use(requestLogging(ctx.requests, ctx.clock))
  app.use(latencyProfile(ctx.latency, isHostedPage))
  // The minimal profile's answers (minimal.ts): before the faults, so that an injected error carries no code either.
  if (ctx.profile.name === "minimal") app.use(minimalAnswers())
  app.use(faultInjection(ctx.faults))
  app.use("/verify", verificationPage(ctx))
  app.use("/soletrader", signupPage(ctx))
  app.use("/trade-account-verification", tradeAccountVerificationPage(ctx))
  app.use(apiKeyAuth(ctx.merchants), jsonBody(), idempotency(), serviceRoutes(ctx))
  app.use((req, res) => sendError(res, new ServiceError(404, "NOT_FOUND", `No route ${req.method} ${req.path}`)))
  app.use(errorHandler(ctx.logger))
  return app
}
