import {
  authenticate,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
  type MiddlewareRoute,
} from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { RouteError } from "../../../errors/route-error"
import { NoBody, NoQuery, validateBody, validateQuery } from "../../../utils/validate"
import * as limits from "./rate-limits"
import {
  ChoiceBody,
  countryNotSupported,
  ProposalBody,
  SignupBody,
  VerificationBody,
  VerificationCodeBody,
} from "./validators"

const BASE = "/store/trade-credit/soletrader"

/**
 * Every sole-trader route reads or writes the customer's business registration: logged-in customers only. Medusa's
 * `authenticate` answers a refusal itself, without a code; it reads the login here, and a request without one is
 * refused in the plugin's shape.
 */
const readCustomer = authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })
function requireCustomer(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  return readCustomer(req, res, (error?: unknown) => {
    if (error) return next(error)
    const actor = (req as MedusaRequest & { auth_context?: { actor_id?: string; actor_type?: string } }).auth_context
    if (actor?.actor_type === "customer" && actor.actor_id) return next()
    return next(
      new RouteError(
        Codes.TRADE_CREDIT_UNAUTHORIZED,
        "Log in as a customer first: the sole-trader routes are for logged-in customers",
      ),
    )
  })
}

const body = {
  signup: validateBody(SignupBody, Codes.TRADE_CREDIT_INVALID_SIGNUP, {
    what: "Invalid signup request",
    rules: [countryNotSupported],
  }),
  verification: validateBody(VerificationBody, Codes.TRADE_CREDIT_INVALID_VERIFICATION, {
    what: "Invalid verification request",
  }),
  verificationCode: validateBody(VerificationCodeBody, Codes.TRADE_CREDIT_INVALID_VERIFICATION, {
    what: "Invalid verification code",
  }),
  choice: validateBody(ChoiceBody, Codes.TRADE_CREDIT_INVALID_CHOICE, { what: "Invalid choice" }),
  proposal: validateBody(ProposalBody, Codes.TRADE_CREDIT_INVALID_PROPOSAL, {
    what: "Invalid proposal",
    rules: [countryNotSupported],
  }),
  none: validateBody(NoBody, Codes.TRADE_CREDIT_INVALID_BODY, { what: "Invalid body: the route takes none" }),
}
/** The routes that read no query parameter refuse any. */
const noQuery = validateQuery(NoQuery, Codes.TRADE_CREDIT_INVALID_QUERY, {
  what: "Invalid query: the route takes none",
})

/**
 * The sole-trader routes' middlewares (spread into src/api/middlewares.ts). The
 * publishable key is checked by Medusa for every /store route before these.
 * Bodies are checked before the rate limits: a refused body costs nothing at the service and is not counted.
 */
export const soletraderMiddlewares: MiddlewareRoute[] = [
  { matcher: `${BASE}*`, middlewares: [requireCustomer] },
  {
    matcher: `${BASE}/signup`,
    method: ["POST"],
    middlewares: [body.signup, limits.signupCustomerLimit, limits.signupAddressLimit],
  },
  {
    matcher: `${BASE}/returning-buyer/verification`,
    method: ["POST"],
    middlewares: [body.verification, limits.codeRequestCustomerLimit, limits.codeRequestAddressLimit],
  },
  {
    matcher: `${BASE}/returning-buyer/verification/code`,
    method: ["POST"],
    middlewares: [body.verificationCode, limits.codeCheckCustomerLimit, limits.codeCheckAddressLimit],
  },
  {
    matcher: `${BASE}/returning-buyer/choice`,
    method: ["POST"],
    middlewares: [body.choice, limits.codeCheckCustomerLimit, limits.codeCheckAddressLimit],
  },
  {
    matcher: `${BASE}/autofill-token`,
    method: ["POST"],
    middlewares: [noQuery, body.none, limits.signupCustomerLimit, limits.signupAddressLimit],
  },
  {
    matcher: `${BASE}/proposals`,
    method: ["POST"],
    middlewares: [body.proposal, limits.proposalCustomerLimit, limits.proposalAddressLimit],
  },
  {
    matcher: `${BASE}/proposals/:id`,
    method: ["GET", "DELETE"],
    middlewares: [noQuery, limits.proposalCustomerLimit, limits.proposalAddressLimit],
  },
  {
    matcher: `${BASE}/proposals/:id/submission`,
    method: ["POST"],
    middlewares: [noQuery, body.none, limits.proposalCustomerLimit, limits.proposalAddressLimit],
  },
  {
    matcher: `${BASE}/buyer`,
    method: ["GET"],
    middlewares: [noQuery, limits.proposalCustomerLimit, limits.proposalAddressLimit],
  },
  { matcher: `${BASE}/enrollment`, method: ["GET"], middlewares: [noQuery] },
  // The evidence file is read by the route itself (a bounded multipart parser), not by Medusa's body parsers.
  {
    matcher: `${BASE}/proposals/:id/evidence`,
    method: ["POST"],
    bodyParser: false,
    middlewares: [limits.proposalCustomerLimit, limits.proposalAddressLimit],
  },
]
