import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { validateChoiceBody, validateProposalBody, validateSignupBody, validateVerificationBody, validateVerificationCodeBody } from "./validators"
import * as limits from "./rate-limits"

const BASE = "/store/trade-credit/soletrader"

/** Every sole-trader route reads or writes the customer's business registration: logged-in customers only. */
const customer = authenticate("customer", ["session", "bearer"])

/**
 * The sole-trader routes' middlewares (spread into src/api/middlewares.ts). The
 * publishable key is checked by Medusa for every /store route before these.
 */
export const soletraderMiddlewares: MiddlewareRoute[] = [
  { matcher: `${BASE}*`, middlewares: [customer] },
  { matcher: `${BASE}/signup`, method: ["POST"], middlewares: [validateSignupBody, limits.signupCustomerLimit, limits.signupAddressLimit] },
  { matcher: `${BASE}/returning-buyer/verification`, method: ["POST"], middlewares: [validateVerificationBody, limits.codeRequestCustomerLimit, limits.codeRequestAddressLimit] },
  { matcher: `${BASE}/returning-buyer/verification/code`, method: ["POST"], middlewares: [validateVerificationCodeBody, limits.codeCheckCustomerLimit, limits.codeCheckAddressLimit] },
  { matcher: `${BASE}/returning-buyer/choice`, method: ["POST"], middlewares: [validateChoiceBody, limits.codeCheckCustomerLimit, limits.codeCheckAddressLimit] },
  { matcher: `${BASE}/autofill-token`, method: ["POST"], middlewares: [limits.signupCustomerLimit, limits.signupAddressLimit] },
  { matcher: `${BASE}/proposals`, method: ["POST"], middlewares: [validateProposalBody, limits.proposalCustomerLimit, limits.proposalAddressLimit] },
  { matcher: `${BASE}/proposals/:id`, method: ["GET", "DELETE"], middlewares: [limits.proposalCustomerLimit, limits.proposalAddressLimit] },
  { matcher: `${BASE}/proposals/:id/submission`, method: ["POST"], middlewares: [limits.proposalCustomerLimit, limits.proposalAddressLimit] },
  { matcher: `${BASE}/buyer`, method: ["GET"], middlewares: [limits.proposalCustomerLimit, limits.proposalAddressLimit] },
  // The evidence file is read by the route itself (a bounded multipart parser), not by Medusa's body parsers.
  { matcher: `${BASE}/proposals/:id/evidence`, method: ["POST"], bodyParser: false, middlewares: [limits.proposalCustomerLimit, limits.proposalAddressLimit] },
]
