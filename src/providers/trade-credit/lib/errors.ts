import { MedusaError } from "@medusajs/framework/utils"
import { TradeCreditError } from "../../../client"

/**
 * Turns whatever a call to the service threw into a MedusaError that Medusa's
 * API answers as a JSON error with a code (never a 500), naming the service's
 * error code and trace id so a merchant can quote them, and never the API key.
 */
export function toMedusaError(error: unknown, action: string): MedusaError {
  if (error instanceof MedusaError) return error
  if (error instanceof TradeCreditError) {
    const trace = error.traceId ? ` (trace ${error.traceId})` : ""
    switch (error.code) {
      case "TIMEOUT":
      case "NETWORK_ERROR":
      case "UNAVAILABLE":
      case "SERVER_ERROR":
      case "RATE_LIMITED":
        return new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `The trade credit service could not ${action} right now (${error.code}${trace}). Please try again.`,
          "TRADE_CREDIT_UNAVAILABLE"
        )
      case "CONTRACT_VIOLATION":
        return new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `The trade credit service answered ${action} with an unexpected response${trace}.`,
          "TRADE_CREDIT_BAD_RESPONSE"
        )
      default:
        if (error.status !== undefined && error.status >= 500) {
          return new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            `The trade credit service failed to ${action} (${error.code}${trace}). Please try again.`,
            "TRADE_CREDIT_UNAVAILABLE"
          )
        }
        return new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          // The client's message already names the trace id when the service sent one.
          `The trade credit service refused to ${action}: ${error.code}: ${error.message}${error.message.includes("(trace ") ? "" : trace}`,
          "TRADE_CREDIT_REFUSED"
        )
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown })?.code
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Could not ${action}: ${message}`,
    typeof code === "string" ? code : "TRADE_CREDIT_ERROR"
  )
}

export function declined(reason: string | null | undefined): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Trade credit declined this purchase: ${reason ?? "no reason given"}. Please choose another payment method.`,
    "TRADE_CREDIT_DECLINED"
  )
}
