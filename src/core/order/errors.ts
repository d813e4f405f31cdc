import { MedusaError } from "@medusajs/framework/utils"

/**
 * Why a cart, session input or amount could not become a body for the service.
 * Each code names one cause, so the storefront can show a clear message and
 * the log says exactly what was wrong (never a generic "invalid data").
 */
export const PAYLOAD_ERROR_CODES = [
  /** The storefront's session data is malformed (`path` names the field). */
  "INVALID_SESSION_DATA",
  /** A buyer detail needed for an order is missing (`path` names it). */
  "BUYER_DETAILS_MISSING",
  /** A buyer detail is present but unusable, e.g. an email that is no email address (`path` names it). */
  "BUYER_DETAILS_INVALID",
  /**
   * The buyer's phone number cannot be read as a phone number of the address's
   * country (`path` names the field it came from, e.g. `billing_address.phone`).
   */
  "INVALID_PHONE_NUMBER",
  /** The return URL is not on one of the configured storefront origins. */
  "INVALID_RETURN_URL",
  /** The cart (or order) read from Medusa lacks what the builder needs, e.g. its totals. */
  "INVALID_CART",
  /** The cart cannot be paid on trade credit as it is (no items, store credit applied, ...). */
  "CART_NOT_SUPPORTED",
  /** A billing or shipping address lacks a field the service requires. */
  "ADDRESS_INCOMPLETE",
  /** The lines cannot be made to add up to the amount exactly (a bug: should never happen). */
  "AMOUNT_NOT_REPRESENTABLE",
  /** A body built from the cart breaks the service's schema (a bug, or a cart Medusa should not have). */
  "INVALID_ORDER_BODY",
  /** An amount to split (partial capture or refund) is invalid, or the cart's total changed. */
  "INVALID_AMOUNT",
] as const
export type PayloadErrorCode = (typeof PAYLOAD_ERROR_CODES)[number]

/**
 * A MedusaError (so Medusa's API answers it as a JSON 400 with this `code`) that
 * also carries the path of the offending field.
 */
export class PayloadError extends MedusaError {
  readonly path: string | undefined

  constructor(code: PayloadErrorCode, message: string, path?: (string | number)[] | string) {
    super(MedusaError.Types.INVALID_DATA, message, code)
    this.name = "PayloadError"
    this.path = Array.isArray(path) ? formatPath(path) : path
  }

  static is(error: unknown, code?: PayloadErrorCode): error is PayloadError {
    return error instanceof PayloadError && (code === undefined || error.code === code)
  }
}

/** ["invoice_emails", 2] → "invoice_emails[2]". */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("")
}
