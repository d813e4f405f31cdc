import { MedusaError } from "@medusajs/framework/utils"
import { TradeCreditError } from "../client/errors"
import { buyerText } from "../utils/buyer-texts"
import { type LogIds, logLine } from "../utils/log-line"
import { quote } from "../utils/quote"
import type { ServiceCall, ServiceFailure } from "./deps"

/** Where toMedusaError writes the detail of a failure: Medusa's Logger fits it. */
export type ErrorLogger = { warn: (message: string) => void; error: (message: string) => void }

export type ToMedusaErrorOptions = {
  /**
   * Where the detail of the failure goes, once: the service's code, status, path, message and trace id, with
   * `ids`. Without a logger the caller logs it (`describeFailure`).
   */
  logger?: ErrorLogger
  /** The Medusa ids (and the service's ids) the failure concerns, for the log line: `{ payment_session_id: … }`. */
  ids?: LogIds
  /**
   * Who reads the message. "buyer" (the default: Medusa's payment routes answer a cart completion or a payment
   * session with it): what could not be done and the stable code, nothing of the call. "admin": also the
   * service's error code and trace id, which a merchant quotes to the service's support (still nothing of the
   * service's answer or path).
   */
  audience?: "buyer" | "admin"
}

type Mapped = { type: string; code: string; text: string; level: "warn" | "error" }

const UNAVAILABLE = new Set(["TIMEOUT", "NETWORK_ERROR", "UNAVAILABLE", "SERVER_ERROR", "RATE_LIMITED"])

/** What the message says about a failed call, by the client's code; the codes are stable (storefronts read them). */
function mapServiceError(error: TradeCreditError, action: string): Mapped {
  const notAllowed = MedusaError.Types.NOT_ALLOWED
  if (UNAVAILABLE.has(error.code)) {
    return {
      type: notAllowed,
      code: "TRADE_CREDIT_UNAVAILABLE",
      level: "warn",
      text: `The trade credit service could not ${action} right now`,
    }
  }
  if (error.code === "CONTRACT_VIOLATION") {
    return {
      type: notAllowed,
      code: "TRADE_CREDIT_BAD_RESPONSE",
      level: "error",
      text: `The trade credit service answered an unexpected response when asked to ${action}`,
    }
  }
  if (error.status !== undefined && error.status >= 500) {
    return {
      type: notAllowed,
      code: "TRADE_CREDIT_UNAVAILABLE",
      level: "warn",
      text: `The trade credit service failed to ${action}`,
    }
  }
  if (error.code === "INVALID_REQUEST") {
    // Our own request was wrong and never sent: nothing the service said.
    return {
      type: notAllowed,
      code: "TRADE_CREDIT_REFUSED",
      level: "error",
      text: `Could not ${action}: the request for the trade credit service was invalid`,
    }
  }
  // The refused field (its path in the body the plugin sent, bounded) lets the buyer correct it; nothing else of the
  // answer.
  const field = error.errors?.[0]?.loc?.filter((step) => step !== "body").join(".")
  return {
    type: notAllowed,
    code: "TRADE_CREDIT_REFUSED",
    level: "warn",
    text: `The trade credit service refused to ${action}${field ? `: it refused the field ${quote(field)}` : ""}`,
  }
}

/**
 * A failure as the log tells it: the service's code, status, trace id and the client's message (which names the
 * method and path; never the API key), or an error's own message and stack head.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof TradeCreditError) {
    const details = error.details && !error.message.includes(error.details) ? `; details: ${error.details}` : ""
    return (
      `${error.code}${error.status !== undefined ? ` ${error.status}` : ""}` +
      `${error.traceId ? ` trace ${error.traceId}` : ""}: ${error.message}${details}`
    )
  }
  if (error instanceof MedusaError) return `${error.code ?? error.type}: ${error.message}`
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Turns whatever a call to the service threw into a MedusaError that Medusa's API answers as a JSON error with a
 * code (never a 500). The message is for the buyer by default: what could not be done, in plain words, and the
 * stable code; never the service's path, trace id or answer (and never the API key). Those go to `logger`, once,
 * with `ids`. `audience: "admin"` adds the service's code and trace id for a merchant to quote to support.
 */
export function toMedusaError(error: unknown, action: string, options: ToMedusaErrorOptions = {}): MedusaError {
  const { logger, ids, audience = "buyer" } = options
  const log = (level: "warn" | "error", code: string) =>
    logger &&
    logLine(logger, level, `trade-credit: could not ${action}: ${describeFailure(error)}`, {
      ...ids,
      code,
      trace_id: error instanceof TradeCreditError ? error.traceId : undefined,
    })

  if (error instanceof MedusaError) {
    log("warn", error.code ?? error.type)
    return error
  }
  if (error instanceof TradeCreditError) {
    const mapped = mapServiceError(error, action)
    log(mapped.level, mapped.code)
    const reference =
      audience === "admin"
        ? `${mapped.code}: ${error.code}${error.traceId ? `, trace ${quote(error.traceId)}` : ""}`
        : mapped.code
    // A merchant also reads why the service refused (bounded), without the call's method and path; a failure of
    // the service (5xx, unreachable, a broken answer) says nothing a merchant can act on.
    const refusal = error.status !== undefined && error.status < 500 && mapped.code !== "TRADE_CREDIT_BAD_RESPONSE"
    const said = audience === "admin" && refusal ? serviceExplanation(error) : ""
    const retry = mapped.code === "TRADE_CREDIT_UNAVAILABLE" ? " Please try again." : ""
    return new MedusaError(
      mapped.type,
      `${mapped.text}${said ? `: ${quote(said)}` : ""} (${reference}).${retry}`,
      mapped.code,
    )
  }
  const ownCode = (error as { code?: unknown } | null)?.code
  const code = typeof ownCode === "string" ? ownCode : "TRADE_CREDIT_ERROR"
  log("error", code)
  // Not the service's: an error of the plugin's own (or of Medusa). Its message is for the log; an admin gets it
  // bounded.
  const message = error instanceof Error ? error.message : String(error)
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    audience === "admin"
      ? `Could not ${action}: ${quote(message)} (${quote(code)}).`
      : `Could not ${action} (${quote(code)}).`,
    code,
  )
}

/**
 * An edge's `call` and `fail` (deps.ts) over one logger: a step's failure, or one a flow caught and hands on, becomes
 * `toMedusaError`'s MedusaError, its detail logged once with the ids. The providers use it with the buyer's words
 * (the default audience); a workflow acting for an admin with the admin's.
 */
export function serviceSteps(
  options: Required<Pick<ToMedusaErrorOptions, "logger">> & Pick<ToMedusaErrorOptions, "audience">,
): { call: ServiceCall; fail: ServiceFailure } {
  const fail: ServiceFailure = (action, error, ids) => {
    throw toMedusaError(error, action, { ...options, ids })
  }
  const call: ServiceCall = async (action, step, ids) => {
    try {
      return await step()
    } catch (error) {
      return fail(action, error, ids)
    }
  }
  return { call, fail }
}

/** What the service said, from the client's message: without "Trade credit service: GET /path answered 400 CODE: ", the
 * refused field (named already) or the trace. */
function serviceExplanation(error: TradeCreditError): string {
  return error.message
    .replace(/^Trade credit service: .*? answered \d+(?: [A-Z_]+)?: /, "")
    .replace(/^(?:the request was refused at |The body does not match the schema: )[\w.[\]]+: /i, "")
    .replace(/ \(trace [^)]*\)$/, "")
    .trim()
}

/**
 * What a buyer reads when the service declines, by its decline reason (the checkout interface's DeclineReasonEnum and
 * the repayment interface's credit_decline_reason): what happened in words (utils/buyer-texts.ts: in the buyer's
 * language on the way out), never the code. The code itself is for
 * the merchant: the provider logs it with the session (`declined`'s logger) and keeps it in the payment's data.
 */
const DECLINE_TEXTS: [RegExp, string][] = [
  [/^(BUYER_LIMIT_EXCEEDED|ORDER_EXCEEDS_MAX_INVOICE_AMOUNT)$/, buyerText("decline.limit")],
  [/^ORDER_BELOW_MIN_INVOICE_AMOUNT$/, buyerText("decline.minimum")],
  [
    /^(BUYER_NOT_FOUND|BUYER_INFO_INCONSISTENT|BUYER_ADDRESS_DEVIATION|INVALID_LEGAL_REP)$/,
    buyerText("decline.details"),
  ],
  [/^(DECLINED_IN_VERIFICATION|BUYER_AUTHENTICATION_FAILED)$/, buyerText("decline.verification")],
  [/^(SERVICE_UNAVAILABLE|EXCEPTION)$/, buyerText("decline.unavailable")],
]
const DEFAULT_DECLINE_TEXT = buyerText("decline.default")
/** A decline reason that is a code of the service (upper snake case), not a sentence of the plugin's. */
const REASON_CODE = /^[A-Z][A-Z0-9_]*$/

/**
 * The service declined the buyer: TRADE_CREDIT_DECLINED with a message a buyer can read. A reason that is the
 * service's code becomes words (DECLINE_TEXTS) and goes to `logger` with `ids`; a reason the plugin wrote (the
 * instalment limits) is said as it is.
 */
export function declined(
  reason: string | null | undefined,
  log?: { logger: { info: (message: string) => void }; ids?: LogIds },
): MedusaError {
  if (log)
    logLine(
      log.logger,
      "info",
      `trade-credit: the service declined the buyer (${quote(reason ?? "no reason given")})`,
      { ...log.ids, code: "TRADE_CREDIT_DECLINED" },
    )
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, declineText(reason), "TRADE_CREDIT_DECLINED")
}

/** The buyer's words for a decline: the service's reason code in words, the plugin's own reason as it is. */
export function declineText(reason: string | null | undefined): string {
  const code = reason && REASON_CODE.test(reason) ? reason : undefined
  if (code) return DECLINE_TEXTS.find(([pattern]) => pattern.test(code))?.[1] ?? DEFAULT_DECLINE_TEXT
  return reason
    ? `Trade credit is not available for this purchase: ${quote(reason)}. Please choose another payment method.`
    : DEFAULT_DECLINE_TEXT
}
