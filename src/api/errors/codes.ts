/**
 * Every error code the plugin answers with, in one place: its HTTP status on the plugin's routes
 * (`/store|admin|hooks/trade-credit/**`), its `type` and what it means. Route code names codes through `Codes`
 * (never a string of its own), the error handler takes the status and type from here, and README's error table is
 * checked against this list by a unit test (src/api/errors/__tests__/codes.spec.ts).
 *
 * `type` follows Medusa's error types (`invalid_data`, `not_allowed`, `not_found`, `unauthorized`, `forbidden`,
 * `conflict`, `unexpected_state`, `unknown_error`); where Medusa has none for a status the plugin answers, the type
 * is the plugin's own: `method_not_allowed` (405), `payload_too_large` (413), `unsupported_media_type` (415),
 * `rate_limited` (429), `unavailable` (503).
 *
 * A few codes also reach Medusa's own routes (payment sessions, cart completion, order cancel): there Medusa's error
 * handler picks the status from the error's type (400 for `not_allowed` and `invalid_data`); the status here is the
 * plugin routes' one.
 */
export type ErrorType =
  | "invalid_data"
  | "not_allowed"
  | "not_found"
  | "unauthorized"
  | "forbidden"
  | "conflict"
  | "unexpected_state"
  | "unknown_error"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable"

export type ErrorCodeEntry = { status: number; type: ErrorType; description: string }

const invalid = (description: string): ErrorCodeEntry => ({ status: 400, type: "invalid_data", description })
const notAllowed = (description: string): ErrorCodeEntry => ({ status: 400, type: "not_allowed", description })
const notFound = (description: string): ErrorCodeEntry => ({ status: 404, type: "not_found", description })
const conflict = (description: string): ErrorCodeEntry => ({ status: 409, type: "conflict", description })

export const ERROR_CODES = {
  // ---- the request itself -------------------------------------------------------------------------------------
  TRADE_CREDIT_MALFORMED_JSON: invalid("The body is not JSON (or not a JSON object or array)."),
  TRADE_CREDIT_PAYLOAD_TOO_LARGE: {
    status: 413,
    type: "payload_too_large",
    description: "The body is larger than the route accepts.",
  },
  TRADE_CREDIT_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    type: "unsupported_media_type",
    description:
      "The body is not JSON (`Content-Type: application/json`), or its charset or encoding is not supported.",
  },
  TRADE_CREDIT_ROUTE_NOT_FOUND: notFound("No route of the plugin at this path."),
  TRADE_CREDIT_METHOD_NOT_ALLOWED: {
    status: 405,
    type: "method_not_allowed",
    description: "The path is a route of the plugin, but not for this method (`Allow` lists the methods).",
  },
  TRADE_CREDIT_PUBLISHABLE_KEY_REQUIRED: notAllowed(
    "A /store route without a valid publishable key (`x-publishable-api-key`).",
  ),
  TRADE_CREDIT_UNAUTHORIZED: {
    status: 401,
    type: "unauthorized",
    description: "The route needs a logged-in customer (sole-trader and buyer documents routes).",
  },
  TRADE_CREDIT_FORBIDDEN: { status: 403, type: "forbidden", description: "Medusa refused the request (permissions)." },
  TRADE_CREDIT_INVALID_PATH: invalid("The path has a malformed %-escape or a control character."),
  TRADE_CREDIT_INVALID_QUERY: invalid("A query parameter is malformed or unknown (the message names it)."),
  TRADE_CREDIT_INVALID_BODY: invalid("A body field is malformed or unknown (the message names it)."),
  TRADE_CREDIT_INVALID_PARAMETERS: invalid(
    "An admin UI route's path parameter, query parameter or body field is malformed or unknown.",
  ),
  TRADE_CREDIT_INVALID_REQUEST: invalid("The request is malformed (Medusa's validation, or the service's schema)."),
  TRADE_CREDIT_INVALID_TEXT: invalid(
    "A string of the body holds a NUL character or a lone surrogate (the message names the field).",
  ),
  TRADE_CREDIT_TEXT_TOO_LONG: invalid("A string of the body is over 10,000 characters (the message names the field)."),
  TRADE_CREDIT_BODY_TOO_DEEP: invalid(
    "The body nests objects and arrays more than 64 levels deep (the message names where).",
  ),
  TRADE_CREDIT_RATE_LIMITED: {
    status: 429,
    type: "rate_limited",
    description: "Too many requests: try again after `Retry-After` seconds.",
  },

  // ---- the service ---------------------------------------------------------------------------------------------
  TRADE_CREDIT_UNAVAILABLE: {
    status: 503,
    type: "unavailable",
    description: "The service did not answer in time or failed; nothing was done: try again.",
  },
  TRADE_CREDIT_NOT_CONFIGURED: {
    status: 503,
    type: "unavailable",
    description: "The service refused the store's API key: the merchant must fix the configuration.",
  },
  TRADE_CREDIT_MISCONFIGURED: {
    status: 500,
    type: "unexpected_state",
    description: "The payment module does not list what the providers need in its dependencies (medusa-config.ts).",
  },
  TRADE_CREDIT_BAD_RESPONSE: {
    status: 502,
    type: "unexpected_state",
    description: "The service answered outside its contract.",
  },
  TRADE_CREDIT_REFUSED: notAllowed("The service refused the request (admin routes say why)."),
  TRADE_CREDIT_NOT_FOUND: notFound("The service does not know what was asked for."),
  TRADE_CREDIT_CONFLICT: conflict("Another request with the same idempotency key is in progress: try again."),
  TRADE_CREDIT_ERROR: invalid("An unexpected failure while calling the service (the message says which step)."),
  TRADE_CREDIT_INTERNAL_ERROR: {
    status: 500,
    type: "unknown_error",
    description: "An unexpected error (logged with the request's path).",
  },
  TRADE_CREDIT_MODULE_MISSING: {
    status: 500,
    type: "unexpected_state",
    description: "The plugin's module is not registered in medusa-config.",
  },
  TRADE_CREDIT_ACCOUNT_LINK_INVALID: {
    status: 500,
    type: "unexpected_state",
    description: "A stored repayment account link holds no account body.",
  },
  TRADE_CREDIT_TRADE_ACCOUNT_INVALID: {
    status: 500,
    type: "unexpected_state",
    description: "A stored trade account holds no company identifiers.",
  },

  // ---- storefront: company search, pre-check, checkout ----------------------------------------------------------
  TRADE_CREDIT_INVALID_COMPANY_SEARCH: invalid("A company search parameter is missing, malformed or unknown."),
  TRADE_CREDIT_INVALID_PRE_CHECK: invalid("A pre-check body is malformed, or no company is known for the cart."),
  TRADE_CREDIT_CART_NOT_FOUND: notFound("No such cart."),
  TRADE_CREDIT_CART_COMPLETED: notAllowed("The cart is completed already."),
  TRADE_CREDIT_DECLINED: notAllowed("The service declined the buyer for this purchase: offer another payment method."),
  TRADE_CREDIT_NOT_OFFERED: notAllowed(
    "The merchant does not offer this trade credit method in the cart's region (Settings → Trade credit).",
  ),
  TRADE_CREDIT_NOT_ELIGIBLE: notAllowed(
    "The cart's total is outside the order amounts the merchant offers trade " +
      "credit for in its region, or its currency is not one the service takes " +
      "for the method.",
  ),
  TRADE_CREDIT_ARREARS_BLOCK: notAllowed(
    "The buyer's company is in an arrears block at the service (an invoice overdue): trade credit is not offered " +
      "until the service says it left it. Nothing is asked of the service.",
  ),
  TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE: notAllowed(
    "The cart's total is above the maximum single order value the service last gave the buyer's company. Nothing " +
      "is asked of the service.",
  ),
  TRADE_CREDIT_ABOVE_CREDIT_BALANCE: notAllowed(
    "The cart's total is above the credit the service last said the buyer's company has left. Nothing is asked of " +
      "the service.",
  ),
  TRADE_CREDIT_ORDER_CANCELLED: notAllowed("The buyer's verification failed or expired: start a new payment session."),
  TRADE_CREDIT_ORDER_GONE: notAllowed(
    "The service no longer knows the payment session's order or plan (it answers 404 for it: purged, expired or " +
      "lost): nothing was charged; start a new payment session.",
  ),
  TRADE_CREDIT_ORDER_REFERENCE_TAKEN: notAllowed(
    "The buyer-readable order reference of this payment session is already another session's (two tries whose ids " +
      "end alike): start a new payment session.",
  ),
  TRADE_CREDIT_DATA_MISSING: invalid("A payment lacks data the plugin recorded (e.g. the service's order id)."),
  INVALID_SESSION_DATA: invalid("The payment session's `data` is malformed (the message names the field)."),
  BUYER_DETAILS_MISSING: invalid("A buyer detail the order needs is missing (the message names it)."),
  BUYER_DETAILS_INVALID: invalid("A buyer detail is unusable, e.g. an email that is no email."),
  INVALID_PHONE_NUMBER: invalid(
    "The buyer's phone cannot be read as a number of the address's country (the message names the field).",
  ),
  INVALID_RETURN_URL: invalid("The return URL is not on one of the configured storefront origins."),
  INVALID_CART: invalid("The cart lacks what the service needs (e.g. its totals)."),
  CART_NOT_SUPPORTED: invalid(
    "The cart cannot be paid on trade credit as it is (no items, store credit applied, ...).",
  ),
  ADDRESS_INCOMPLETE: invalid("A billing or shipping address lacks a field the service requires."),
  AMOUNT_NOT_REPRESENTABLE: invalid("The lines cannot add up to the amount exactly (a bug)."),
  INVALID_ORDER_BODY: invalid("A body built from the cart breaks the service's schema (a bug, or an unusual cart)."),
  INVALID_AMOUNT: invalid("An amount to split (partial capture or refund) is invalid, or the cart's total changed."),

  // ---- instalments ---------------------------------------------------------------------------------------------
  TRADE_CREDIT_INVALID_PREVIEW: invalid(
    "An instalment preview body is malformed, or no company is known for the cart.",
  ),
  TRADE_CREDIT_INVALID_PERIODS: invalid(
    "A number of monthly instalments that is not a whole number from 3 to 36, " +
      "or not one the merchant offers in the cart's region.",
  ),
  TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS: invalid("A number of instalments outside the credit check's limits."),
  TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT: invalid("A monthly instalment above the credit check's maximum."),
  TRADE_CREDIT_PLAN_CAPTURE_WHOLE: notAllowed("An instalment plan is captured whole, never in part."),

  // ---- after the sale ------------------------------------------------------------------------------------------
  TRADE_CREDIT_ORDER_NOT_FOUND: notFound("No such Medusa order."),
  TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER: notFound("The order was not paid by trade credit."),
  TRADE_CREDIT_DOCUMENT_NOT_FOUND: notFound("No such invoice or credit note for the order."),
  TRADE_CREDIT_NOT_INVOICED: conflict("Nothing is invoiced for the order yet."),
  TRADE_CREDIT_NO_CREDIT_NOTE: conflict("Nothing was refunded for the order yet."),
  TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE: notAllowed("A refund above what is invoiced and not yet refunded."),
  TRADE_CREDIT_CANCEL_AFTER_FULFILMENT: notAllowed("The order is invoiced (in part): refund it instead of cancelling."),
  TRADE_CREDIT_AMOUNT_MISMATCH: notAllowed("An amount does not match what the service holds for the order."),
  TRADE_CREDIT_EDIT_DECLINED: notAllowed("The service declined an order edit (the buyer's credit)."),
  TRADE_CREDIT_EDIT_AFTER_FULFILMENT: notAllowed("The order is invoiced: it cannot be edited at the service."),
  TRADE_CREDIT_EDIT_NOT_ALLOWED: notAllowed("The order cannot be edited at the service in its state."),
  TRADE_CREDIT_EDIT_IN_PROGRESS: conflict("An edit of the order is being confirmed already."),
  TRADE_CREDIT_INVALID_REATTACHMENT: notAllowed("An order edit's payment cannot be re-attached to the service order."),
  TRADE_CREDIT_RECONCILIATION_RUNNING: conflict("A reconciliation run is in progress."),

  // ---- webhooks ------------------------------------------------------------------------------------------------
  TRADE_CREDIT_WEBHOOK_SIGNATURE: {
    status: 401,
    type: "unauthorized",
    description: "A delivery whose signature or timestamp does not verify.",
  },
  TRADE_CREDIT_WEBHOOK_MALFORMED: invalid("A delivery that is not the service's JSON event."),
  TRADE_CREDIT_WEBHOOK_TOO_LARGE: { status: 413, type: "payload_too_large", description: "A delivery over 256 KB." },
  TRADE_CREDIT_WEBHOOK_NOT_CONFIGURED: {
    status: 503,
    type: "unavailable",
    description: "No webhook secret is configured: the service retries later.",
  },

  // ---- sole traders --------------------------------------------------------------------------------------------
  TRADE_CREDIT_INVALID_SIGNUP: invalid("A signup body is malformed."),
  TRADE_CREDIT_COUNTRY_NOT_SUPPORTED: invalid("Business registration is for GB and US sole traders only."),
  TRADE_CREDIT_COUNTRY_REQUIRED: invalid("No country given and none on the customer's address."),
  TRADE_CREDIT_INVALID_VERIFICATION: invalid("A returning-buyer verification body is malformed."),
  TRADE_CREDIT_INVALID_CODE: invalid("The verification code is wrong or expired."),
  TRADE_CREDIT_INVALID_CHOICE: invalid("A returning-buyer choice body is malformed."),
  TRADE_CREDIT_NOT_A_MATCH: invalid("The chosen business is not one of the verified email's businesses."),
  TRADE_CREDIT_VERIFY_AGAIN: conflict("No verified email is waiting for a choice: verify again."),
  TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND: notFound("The service knows no business for the email: register instead."),
  TRADE_CREDIT_INVALID_PROPOSAL: invalid("A proposal body is malformed (the message names the field)."),
  TRADE_CREDIT_PROPOSAL_NOT_FOUND: notFound("The customer has no such proposal."),
  TRADE_CREDIT_PROPOSAL_STATE: conflict(
    "The proposal's state does not allow the action (the message says which state it is in).",
  ),
  TRADE_CREDIT_PROPOSAL_IN_PROGRESS: conflict("Another proposal of the customer is being reviewed."),
  TRADE_CREDIT_ALREADY_ENROLLED: conflict("The customer is enrolled already."),
  TRADE_CREDIT_NOT_ENROLLED: notFound("The customer has no sole-trader enrollment."),
  TRADE_CREDIT_AUTOFILL_EMPTY: notFound("No business is saved in the service's autofill for the customer."),
  TRADE_CREDIT_EVIDENCE_MISSING: invalid("No evidence file in the multipart field `file`, or more than one part."),
  TRADE_CREDIT_EVIDENCE_TOO_LARGE: {
    status: 413,
    type: "payload_too_large",
    description: "An evidence file over 10 MB.",
  },
  TRADE_CREDIT_EVIDENCE_TYPE: {
    status: 415,
    type: "unsupported_media_type",
    description: "Evidence that is not a PDF, PNG or JPEG, or a body that is not multipart.",
  },
  TRADE_CREDIT_DELEGATION_FORBIDDEN: {
    status: 403,
    type: "forbidden",
    description: "The delegation token does not grant the action.",
  },

  // ---- erasure -------------------------------------------------------------------------------------------------
  TRADE_CREDIT_INVALID_ERASURE_REQUEST: invalid(
    "An erasure request body is malformed (reference, email or customer_id).",
  ),
  TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND: notFound("No such erasure request."),
  TRADE_CREDIT_ERASURE_REFERENCE_CONFLICT: conflict("The reference was used for another address."),
  TRADE_CREDIT_ERASURE_IN_PROGRESS: conflict("The same erasure request is being processed."),
  TRADE_CREDIT_CUSTOMER_WITHOUT_EMAIL: invalid("The customer has no email to erase by."),

  // ---- customers and trade accounts ------------------------------------------------------------------------------
  TRADE_CREDIT_CUSTOMER_NOT_FOUND: notFound("No such Medusa customer."),
  TRADE_CREDIT_RESERVED_ID: invalid('A merchant id beginning with "svc_" (the prefix of the service\'s ids).'),
  TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS: invalid("The customer is a user of another business's trade account."),
  TRADE_CREDIT_TRADE_ACCOUNT_EXISTS: invalid("The customer onboarded another company already."),
  TRADE_CREDIT_CUSTOMER_DETAILS_MISSING: invalid(
    "The customer lacks a detail the service needs (name, email, a contact's phone).",
  ),
  TRADE_CREDIT_COMPANY_NOT_FOUND: invalid("The service has no company with that canonical id."),
  TRADE_CREDIT_TRADE_NAME_MISSING: invalid("The customer has no company name: give `trade_name`."),
  TRADE_CREDIT_TRADE_ACCOUNT_NOT_FOUND: notFound("No such trade account."),
  TRADE_CREDIT_REGION_NOT_FOUND: notFound("No such region."),
  TRADE_CREDIT_INVALID_SETTINGS: invalid(
    "A region setting is malformed, unknown or inconsistent (the message names the field).",
  ),
  TRADE_CREDIT_TRADE_ACCOUNT_USER_NOT_FOUND: notFound("No such user of the trade account."),
} as const satisfies Record<string, ErrorCodeEntry>

export type ErrorCode = keyof typeof ERROR_CODES

/** The codes by name, for route code: `Codes.TRADE_CREDIT_CART_NOT_FOUND`. */
export const Codes = Object.fromEntries(Object.keys(ERROR_CODES).map((code) => [code, code])) as {
  readonly [C in ErrorCode]: C
}

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === "string" && Object.hasOwn(ERROR_CODES, code)
