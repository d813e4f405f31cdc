import type { RepaymentAddress } from "../../../service/schemas"
import { PayloadError } from "../payload/errors"

/** A Medusa address, as Query or the payment customer gives it (any field may be missing). */
export type MedusaAddressLike = {
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
}

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim()

/**
 * A Medusa address as the repayment interface's address: address_1 →
 * address_line_1, address_2 → address_line_2, province → region, the country
 * upper case. A missing street, city, postal code or country is
 * ADDRESS_INCOMPLETE naming the field.
 */
export function toRepaymentAddress(address: MedusaAddressLike | null | undefined, where: string): RepaymentAddress {
  const required = {
    address_1: clean(address?.address_1),
    city: clean(address?.city),
    postal_code: clean(address?.postal_code),
    country_code: clean(address?.country_code).toUpperCase(),
  }
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([field]) => field)
  if (missing.length) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      `The ${where.replace(/_/g, " ")} lacks ${missing.join(", ")}, which trade credit instalments need`,
      `${where}.${missing[0]}`
    )
  }
  if (!/^[A-Z]{2}$/.test(required.country_code)) {
    throw new PayloadError("ADDRESS_INCOMPLETE", `The ${where.replace(/_/g, " ")} has no ISO country code ("${required.country_code}")`, `${where}.country_code`)
  }
  const line2 = clean(address?.address_2)
  const region = clean(address?.province)
  return {
    address_line_1: required.address_1.slice(0, 255),
    ...(line2 && { address_line_2: line2.slice(0, 255) }),
    city: required.city.slice(0, 100),
    ...(region && { region: region.slice(0, 100) }),
    postal_code: required.postal_code.slice(0, 20),
    country_code: required.country_code,
  }
}

const hasStreet = (address: MedusaAddressLike | null | undefined): address is MedusaAddressLike =>
  !!address && !!(clean(address.address_1) || clean(address.city))

/** The billing address of a cart, else its shipping address (a cart with nothing to ship may have one only). */
export function billingAddressOf(cart: { billing_address?: MedusaAddressLike | null; shipping_address?: MedusaAddressLike | null }): RepaymentAddress {
  const address = hasStreet(cart.billing_address) ? cart.billing_address : hasStreet(cart.shipping_address) ? cart.shipping_address : undefined
  if (!address) {
    throw new PayloadError("ADDRESS_INCOMPLETE", "The cart has no billing address, which trade credit instalments need", "billing_address")
  }
  return toRepaymentAddress(address, "billing_address")
}
