import { randomBytes } from "node:crypto"
import type { NextFunction, Request, Response } from "express"
import type { ErrorBody, ServiceErrorCode } from "../service/schemas"
import type { SimulatorLogger } from "./types"

type ErrorLoc = (string | number)[]
export type ErrorJsonEntry = { loc: ErrorLoc; msg: string; type: string }

/** An answer of the service other than 2xx, in the contract's error body (section 0). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ServiceErrorCode | string,
    message: string,
    readonly details: string | null = null,
    readonly json: ErrorJsonEntry[] | null = null,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
  }
}

export const traceId = () => randomBytes(8).toString("hex")

export function errorBody(code: string, message: string, details: string | null = null, json: ErrorJsonEntry[] | null = null): ErrorBody {
  return { error_code: code, error_message: message, error_details: details, error_json: json, error_trace_id: traceId() }
}

export const notFound = (what: string) => new ServiceError(404, "NOT_FOUND", `${what} was not found`)

export const invalidState = (message: string, details: string | null = null) =>
  new ServiceError(409, "INVALID_STATE", message, details)

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

export function sendError(res: Response, error: ServiceError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value)
  res.status(error.status).json(errorBody(error.code, error.message, error.details, error.json))
}

/** Express error middleware: ServiceError as its status, anything else as 500 SERVER_ERROR. */
export function errorHandler(logger: SimulatorLogger) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err)
    if (err instanceof ServiceError) return sendError(res, err)
    const status = (err as { status?: unknown } | null)?.status
    if (typeof status === "number" && status >= 400 && status < 500) {
      // body-parser's own errors (malformed JSON on the control API, a body too large)
      return sendError(res, new ServiceError(status, codeForStatus(status), err instanceof Error ? err.message : "Bad request"))
    }
    logger.error(`simulator: unhandled error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`)
    sendError(res, new ServiceError(500, "SERVER_ERROR", "The simulator failed to handle the request"))
  }
}
