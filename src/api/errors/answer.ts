import { getHttpResponseFromError, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { Codes, ERROR_CODES, type ErrorCode, isErrorCode } from "./codes"

/** The one error shape of the plugin's routes. */
export type ErrorBody = { type: string; code: ErrorCode; message: string }

export type ErrorAnswer = { status: number; headers: Record<string, string>; body: ErrorBody & Record<string, unknown> }

/** The answer of a code: its status and type from the catalogue. `extra` adds fields (e.g. `retry_after`). */
export function errorAnswer(
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): ErrorAnswer {
  const { status, type } = ERROR_CODES[code]
  return { status, headers, body: { type, code, message, ...extra } }
}

/** Sends the answer of a code, for middlewares that answer themselves (rate limits, webhooks' bounded bodies). */
export function sendError(
  res: MedusaResponse,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  const answer = errorAnswer(code, message, headers, extra)
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value)
  res.status(answer.status).json(answer.body)
}

/** The code of an error that carries none of the catalogue's, by the status Medusa would answer. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: Codes.TRADE_CREDIT_INVALID_REQUEST,
  401: Codes.TRADE_CREDIT_UNAUTHORIZED,
  403: Codes.TRADE_CREDIT_FORBIDDEN,
  404: Codes.TRADE_CREDIT_NOT_FOUND,
  409: Codes.TRADE_CREDIT_CONFLICT,
  413: Codes.TRADE_CREDIT_PAYLOAD_TOO_LARGE,
  415: Codes.TRADE_CREDIT_UNSUPPORTED_MEDIA_TYPE,
  422: Codes.TRADE_CREDIT_INVALID_REQUEST,
}

/** Errors of Express's body parsers (http-errors with a `type`): the plugin's code and a message of its own. */
function bodyParserAnswer(error: { type: string; limit?: number; status: number }): ErrorAnswer | undefined {
  switch (error.type) {
    case "entity.parse.failed":
      return errorAnswer(
        Codes.TRADE_CREDIT_MALFORMED_JSON,
        "The body is not valid JSON: send a JSON object with Content-Type: application/json",
      )
    case "entity.too.large":
    case "parameters.too.many":
      return errorAnswer(
        Codes.TRADE_CREDIT_PAYLOAD_TOO_LARGE,
        `The body is too large${typeof error.limit === "number" ? `: at most ${error.limit} bytes` : ""}`,
      )
    case "charset.unsupported":
    case "encoding.unsupported":
      return errorAnswer(
        Codes.TRADE_CREDIT_UNSUPPORTED_MEDIA_TYPE,
        "The body's charset or content encoding is not supported: send UTF-8 JSON",
      )
    // Any type a body parser gives, not a union (no assertNever): the caller answers the others as Medusa would.
    default:
      return undefined
  }
}

const isHttpError = (error: unknown): error is { type: string; status: number; expose?: boolean; limit?: number } =>
  !!error &&
  typeof error === "object" &&
  typeof (error as { status?: unknown }).status === "number" &&
  typeof (error as { type?: unknown }).type === "string" &&
  "expose" in error

/**
 * What a plugin route answers for an error: `{type, code, message}` in every case.
 * - an error with a code of the catalogue (RouteError, a MedusaError the plugin threw, or either as a workflow hands
 *   it back): that code's status and type;
 * - Express's body parsers (malformed JSON, too large, unsupported charset): the plugin's codes;
 * - Medusa's publishable key check on /store (it runs before any plugin middleware):
 * TRADE_CREDIT_PUBLISHABLE_KEY_REQUIRED;
 * - anything else: the status Medusa's own error handler would answer, with a generic code of that status (a 5xx
 *   with Medusa's "An unknown error occurred." and nothing of the error itself).
 */
export function answerOfError(error: unknown, req: MedusaRequest): ErrorAnswer {
  const headers = (error as { headers?: Record<string, string> } | null)?.headers ?? {}
  const code = (error as { code?: unknown } | null)?.code
  // Workflows hand back what a step threw as a plain error (the class is lost, the fields stay): the code is enough.
  if (isErrorCode(code))
    return errorAnswer(code, String((error as Error).message ?? code), typeof headers === "object" ? headers : {})
  if (isHttpError(error)) {
    const parsed = bodyParserAnswer(error)
    if (parsed) return parsed
  }
  const medusa = getHttpResponseFromError(error)
  const status = medusa.statusCode
  if (
    error instanceof MedusaError &&
    error.type === MedusaError.Types.NOT_ALLOWED &&
    /^\/store(\/|$)/.test(req.path) &&
    !(req as MedusaRequest & { publishable_key_context?: unknown }).publishable_key_context
  ) {
    return errorAnswer(Codes.TRADE_CREDIT_PUBLISHABLE_KEY_REQUIRED, error.message)
  }
  if (status >= 500) return errorAnswer(Codes.TRADE_CREDIT_INTERNAL_ERROR, "An unknown error occurred.")
  const fallback = CODE_OF_STATUS[status] ?? Codes.TRADE_CREDIT_INVALID_REQUEST
  return errorAnswer(fallback, String(medusa.body.message ?? "The request was refused"))
}
