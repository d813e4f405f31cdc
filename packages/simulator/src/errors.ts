import { randomBytes } from "node:crypto"
import type { NextFunction, Request, Response } from "express"
import type { Loc } from "./contract/common"
import type { SimulatorLogger } from "./types"

export type ErrorJsonEntry = { loc: Loc; msg: string; type: string }

/** Codes of contract section 0, and the order decline codes the service answers with. */
export type ServiceErrorCode =
  | "SCHEMA_ERROR"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "INVALID_STATE"
  | "IDEMPOTENCY_CONFLICT"
  | "RATE_LIMITED"
  | "SERVER_ERROR"
  | "UNAVAILABLE"
  | "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH"
  | "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH"

/** Section 0's error body. */
export type ErrorBody = {
  error_code: string
  error_message: string
  error_details: string | null
  error_json: ErrorJsonEntry[] | null
  error_trace_id: string
}

/**
 * An answer of the service other than 2xx. Every `loc` in `json` is kept in full, starting with "body", "query" or
 * "header"; sendError writes it in the convention of the path the request was for (section 0).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ServiceErrorCode | string,
    message: string,
    readonly details: string | null = null,
    readonly json: ErrorJsonEntry[] | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const traceId = () => randomBytes(8).toString("hex")

/** In section 0's `error_json` a body field's loc has no "body" prefix; the whole body is ["body"]. */
const bodyRelative = (loc: Loc): Loc => (loc.length > 1 && loc[0] === "body" ? loc.slice(1) : loc)

export function errorBody(
  code: string,
  message: string,
  details: string | null = null,
  json: ErrorJsonEntry[] | null = null,
): ErrorBody {
  return {
    error_code: code,
    error_message: message,
    error_details: details,
    error_json: json && json.map((entry) => ({ ...entry, loc: bodyRelative(entry.loc) })),
    error_trace_id: traceId(),
  }
}

export const notFound = (what: string) => new ServiceError(404, "NOT_FOUND", `${what} was not found`)

export const invalidState = (message: string, details: string | null = null) =>
  new ServiceError(409, "INVALID_STATE", message, details)

/** A request that fails validation: 400 SCHEMA_ERROR, or 422 under the interfaces with their own errors. */
export const schemaError = (message: string, json: ErrorJsonEntry[] | null = null) =>
  new ServiceError(400, "SCHEMA_ERROR", message, null, json)

export const unauthorized = (message: string) => new ServiceError(401, "UNAUTHORIZED", message)

/** The error code a bare status stands for (faults of the control API answer with these). */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return "SCHEMA_ERROR"
    case 401:
      return "UNAUTHORIZED"
    case 403:
      return "FORBIDDEN"
    case 404:
      return "NOT_FOUND"
    case 409:
      return "INVALID_STATE"
    case 429:
      return "RATE_LIMITED"
    case 503:
      return "UNAVAILABLE"
    default:
      return status >= 500 ? "SERVER_ERROR" : "SCHEMA_ERROR"
  }
}

/**
 * Which error bodies a path answers with: the repayment and company interfaces follow their own published documents
 * (422 `{detail}` for validation, `{description, code}` otherwise); everything else section 0's body.
 */
export type ErrorStyle = "service" | "repay" | "companies"

export function errorStyleOf(path: string): ErrorStyle {
  if (/^\/repay\/v1(\/|$)/.test(path)) return "repay"
  if (/^\/companies\/v2(\/|$)/.test(path)) return "companies"
  return "service"
}

/** A validation failure: the one 400 a request's own content causes (the order arithmetic codes are not one). */
const isValidation = (error: ServiceError) => error.status === 400 && error.code === "SCHEMA_ERROR"

/** The status and body of an error for a request to `path`. */
export function renderError(path: string, error: ServiceError): { status: number; body: unknown } {
  const style = errorStyleOf(path)
  if (style === "service")
    return { status: error.status, body: errorBody(error.code, error.message, error.details, error.json) }
  if (isValidation(error)) {
    const detail = error.json?.length ? error.json : [{ loc: ["body"], msg: error.message, type: "value_error" }]
    return { status: 422, body: { detail } }
  }
  const code = style === "companies" && error.status === 404 ? "COMPANY_NOT_FOUND" : "ERROR"
  return { status: error.status, body: { description: error.message, code } }
}

export function sendError(res: Response, error: ServiceError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value)
  const { status, body } = renderError(res.req?.originalUrl?.split("?")[0] ?? "", error)
  res.status(status).json(body)
}

/** Express error middleware: ServiceError as its status, anything else as 500 SERVER_ERROR. */
export function errorHandler(logger: SimulatorLogger) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err)
    if (err instanceof ServiceError) return sendError(res, err)
    const status = (err as { status?: unknown } | null)?.status
    if (typeof status === "number" && status >= 400 && status < 500) {
      // body-parser's own errors (malformed JSON on the control API, a body too large)
      return sendError(
        res,
        new ServiceError(status, codeForStatus(status), err instanceof Error ? err.message : "Bad request"),
      )
    }
    logger.error(`simulator: unhandled error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    sendError(res, new ServiceError(500, "SERVER_ERROR", "The simulator failed to handle the request"))
  }
}
