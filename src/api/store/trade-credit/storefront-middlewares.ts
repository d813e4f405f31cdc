import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../errors/codes"
import { rateLimit } from "../../utils/rate-limit"
import { validateBody, validateQuery } from "../../utils/validate"
import { PreCheckBody } from "./carts/[id]/pre-check/validators"
import { CompanySearchParams } from "./companies/validators"
import { invalidPeriods, PreviewPlansBody } from "./plans/preview/validators"

/** A logged-in customer is counted by id; a guest by address (see rate-limit.ts). */
const optionalCustomer = authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })

/**
 * Company search: an autocomplete asks once per pause in typing, and repeated
 * prefixes come from the cache; 60 a minute is far above a buyer typing.
 */
export const companySearchRateLimit = rateLimit({
  name: "company-search",
  windowMs: 60_000,
  max: 60,
  by: ["customer", "ip"],
})

/** Pre-checks: one per cart change or company choice. */
export const preCheckRateLimit = rateLimit({ name: "pre-check", windowMs: 60_000, max: 30, by: ["customer", "ip"] })

/**
 * Instalment previews: one per cart change or plan-picker opening, each a call to the service per number of months
 * asked (up to 10, in parallel): 30 a minute is far above a buyer and bounds what one client can make the service do.
 */
export const planPreviewRateLimit = rateLimit({
  name: "plan-preview",
  windowMs: 60_000,
  max: 30,
  by: ["customer", "ip"],
})

/**
 * The storefront routes' middlewares (spread into src/api/middlewares.ts). The
 * publishable key is checked by Medusa for every /store route before these.
 */
export const storefrontMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/trade-credit/companies",
    method: ["GET"],
    middlewares: [
      optionalCustomer,
      companySearchRateLimit,
      validateQuery(CompanySearchParams, Codes.TRADE_CREDIT_INVALID_COMPANY_SEARCH, { what: "Invalid company search" }),
    ],
  },
  {
    matcher: "/store/trade-credit/carts/:id/pre-check",
    method: ["POST"],
    middlewares: [
      optionalCustomer,
      preCheckRateLimit,
      validateBody(PreCheckBody, Codes.TRADE_CREDIT_INVALID_PRE_CHECK, { what: "Invalid pre-check" }),
    ],
  },
  {
    // The body is checked (periods 3 to 36, monthly) before the service is asked anything; a number of months
    // outside 3 to 36 is TRADE_CREDIT_INVALID_PERIODS, as at checkout.
    matcher: "/store/trade-credit/plans/preview",
    method: ["POST"],
    middlewares: [
      optionalCustomer,
      planPreviewRateLimit,
      validateBody(PreviewPlansBody, Codes.TRADE_CREDIT_INVALID_PREVIEW, {
        what: "Invalid instalment preview",
        rules: [invalidPeriods],
      }),
    ],
  },
]
