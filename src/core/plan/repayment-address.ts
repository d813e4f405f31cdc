import { type PlanShippingAddress, REPAYMENT_COUNTRIES, type RepaymentAddress } from "../../service/schemas/repayment"
import { PayloadError } from "../order/errors"
import { quote } from "../../utils/quote"

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
 * ADDRESS_INCOMPLETE naming the field; an account's address must also be in a
 * country the interface serves (also ADDRESS_INCOMPLETE, naming country_code).
 */
export function toRepaymentAddress(address: MedusaAddressLike | null | undefined, where: string): RepaymentAddress {
  const read = toPlanShippingAddress(address, where)
  const country = REPAYMENT_COUNTRIES.find((code) => code === read.country_code)
  if (!country) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      `The ${where.replace(/_/g, " ")} is in ${quote(read.country_code)}: trade ` +
        `credit instalments serve ${REPAYMENT_COUNTRIES.join(", ")}`,
      `${where}.country_code`,
    )
  }
  return { ...read, country_code: country }
}

/** A Medusa address as a plan's `shipping_address` (any country). */
export function toPlanShippingAddress(
  address: MedusaAddressLike | null | undefined,
  where: string,
): PlanShippingAddress {
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
      `${where}.${missing[0]}`,
    )
  }
  if (!/^[A-Z]{2}$/.test(required.country_code)) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      `The ${where.replace(/_/g, " ")} has no ISO country code ("${quote(required.country_code)}")`,
      `${where}.country_code`,
    )
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

/** The address a plan's goods go to: the cart's shipping address, else its billing address (nothing to ship). */
export function shippingAddressOf(cart: {
  billing_address?: MedusaAddressLike | null
  shipping_address?: MedusaAddressLike | null
}): PlanShippingAddress {
  if (hasStreet(cart.shipping_address)) return toPlanShippingAddress(cart.shipping_address, "shipping_address")
  if (hasStreet(cart.billing_address)) return toPlanShippingAddress(cart.billing_address, "billing_address")
  throw new PayloadError(
    "ADDRESS_INCOMPLETE",
    "The cart has no shipping address, which a repayment plan needs",
    "shipping_address",
  )
}

/** The billing address of a cart, else its shipping address (a cart with nothing to ship may have one only). */
export function billingAddressOf(cart: {
  billing_address?: MedusaAddressLike | null
  shipping_address?: MedusaAddressLike | null
}): RepaymentAddress {
  const address = hasStreet(cart.billing_address)
    ? cart.billing_address
    : hasStreet(cart.shipping_address)
      ? cart.shipping_address
      : undefined
  if (!address) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      "The cart has no billing address, which trade credit instalments need",
      "billing_address",
    )
  }
  return toRepaymentAddress(address, "billing_address")
}
