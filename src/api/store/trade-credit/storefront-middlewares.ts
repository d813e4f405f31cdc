import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { rateLimit } from "../../utils/rate-limit"
import { validatePreCheckBody } from "./carts/[id]/pre-check/validators"
import { validateCompanySearch } from "./companies/validators"

/** A logged-in customer is counted by id; a guest by address (see rate-limit.ts). */
const optionalCustomer = authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })

/**
 * Company search: an autocomplete asks once per pause in typing, and repeated
 * prefixes come from the cache; 60 a minute is far above a buyer typing.
 */
export const companySearchRateLimit = rateLimit({ name: "company-search", windowMs: 60_000, max: 60, by: ["customer", "ip"] })

/** Pre-checks: one per cart change or company choice. */
export const preCheckRateLimit = rateLimit({ name: "pre-check", windowMs: 60_000, max: 30, by: ["customer", "ip"] })

/**
 * The storefront routes' middlewares (spread into src/api/middlewares.ts). The
 * publishable key is checked by Medusa for every /store route before these.
 */
export const storefrontMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/trade-credit/companies",
    method: ["GET"],
    middlewares: [optionalCustomer, companySearchRateLimit, validateCompanySearch],
  },
  {
    matcher: "/store/trade-credit/carts/:id/pre-check",
    method: ["POST"],
    middlewares: [optionalCustomer, preCheckRateLimit, validatePreCheckBody],
  },
]
