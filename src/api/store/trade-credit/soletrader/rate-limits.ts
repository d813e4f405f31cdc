import { rateLimit } from "../../../utils/rate-limit"

/**
 * Abuse limits of the sole-trader routes that make the service issue tokens or send and check codes
 * (issue #10 item 5). Each route has two buckets: one per logged-in customer (a customer keeps it from any
 * address) and a larger one per address (one address registering many customers to get round the first;
 * customers behind one office address or CDN share only this larger one). They run after the body check:
 * a refused body costs nothing at the service and is not counted. Counted in the database, so the limits hold
 * across every Medusa instance on it, not per instance (docs/reliability.md).
 */
const TEN_MINUTES = 10 * 60_000

/** Signup popup URLs (a registry and an autofill token each; a buyer opens the popup a few times at most). */
export const signupCustomerLimit = rateLimit({
  name: "soletrader-signup",
  windowMs: TEN_MINUTES,
  max: 10,
  by: ["customer"],
})
export const signupAddressLimit = rateLimit({
  name: "soletrader-signup-address",
  windowMs: TEN_MINUTES,
  max: 60,
  by: ["ip"],
})

/** Returning-buyer codes sent by email: each request is an email to a person. */
export const codeRequestCustomerLimit = rateLimit({
  name: "returning-buyer-code-request",
  windowMs: TEN_MINUTES,
  max: 5,
  by: ["customer"],
})
export const codeRequestAddressLimit = rateLimit({
  name: "returning-buyer-code-request-address",
  windowMs: TEN_MINUTES,
  max: 20,
  by: ["ip"],
})

/** Returning-buyer code checks: guessing six digits is the attack (the service also locks an email after 5 wrong
 * codes). */
export const codeCheckCustomerLimit = rateLimit({
  name: "returning-buyer-code-check",
  windowMs: TEN_MINUTES,
  max: 10,
  by: ["customer"],
})
export const codeCheckAddressLimit = rateLimit({
  name: "returning-buyer-code-check-address",
  windowMs: TEN_MINUTES,
  max: 40,
  by: ["ip"],
})

/**
 * Proposals (create, read, evidence, submission, withdrawal) and the saved-buyer read: each is a call to the service
 * (issue #25 item 3: every store route that reaches the service is limited). One bucket for all of them: a buyer
 * fills in one proposal and polls its status now and then; a storefront polling every 15 s stays under it.
 */
export const proposalCustomerLimit = rateLimit({
  name: "soletrader-proposals",
  windowMs: TEN_MINUTES,
  max: 60,
  by: ["customer"],
})
export const proposalAddressLimit = rateLimit({
  name: "soletrader-proposals-address",
  windowMs: TEN_MINUTES,
  max: 240,
  by: ["ip"],
})
