import { MedusaError } from "@medusajs/framework/utils"
import { ERROR_CODES, type ErrorCode, type ErrorType } from "./codes"

/**
 * Medusa's error type for each of the plugin's: a RouteError is a MedusaError, so that where the plugin's error
 * handler is not in place (a project that defines its own) Medusa's still answers it with its code.
 */
const MEDUSA_TYPE: Record<ErrorType, string> = {
  invalid_data: MedusaError.Types.INVALID_DATA,
  not_allowed: MedusaError.Types.NOT_ALLOWED,
  not_found: MedusaError.Types.NOT_FOUND,
  unauthorized: MedusaError.Types.UNAUTHORIZED,
  forbidden: MedusaError.Types.FORBIDDEN,
  conflict: MedusaError.Types.CONFLICT,
  unexpected_state: MedusaError.Types.UNEXPECTED_STATE,
  unknown_error: MedusaError.Types.UNEXPECTED_STATE,
  method_not_allowed: MedusaError.Types.NOT_ALLOWED,
  payload_too_large: MedusaError.Types.INVALID_DATA,
  unsupported_media_type: MedusaError.Types.INVALID_DATA,
  rate_limited: MedusaError.Types.NOT_ALLOWED,
  unavailable: MedusaError.Types.UNEXPECTED_STATE,
}

/**
 * An answer of a plugin route that is not a success: a code of the catalogue (which gives its status and type), a
 * message, and headers to send with it (`Retry-After`, `Allow`). Thrown by routes and middlewares; answered by the
 * plugin's error handler as `{type, code, message}`.
 */
export class RouteError extends MedusaError {
  readonly status: number

  constructor(
    code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(MEDUSA_TYPE[ERROR_CODES[code].type], message, code)
    this.status = ERROR_CODES[code].status
  }
}
