import type { Address } from "../../service/schemas/order"
import { PayloadError } from "./errors"
import type { MedusaAddress, MedusaCartData } from "./medusa-cart"
import { quote } from "../../utils/quote"

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim()
const clip = (text: string, max: number) => text.slice(0, max)

/**
 * A Medusa address as the service's address: company (else `organizationName`,
 * else the person's name) → organization_name,
 * address_1 + ", " + address_2 → street_address, province → region, the
 * country upper case. A missing street, postal code, city or country is an
 * ADDRESS_INCOMPLETE error naming the field.
 */
export function toServiceAddress(
  address: MedusaAddress,
  where: "billing_address" | "shipping_address",
  organizationName?: string | null,
): Address {
  const street = [clean(address.address_1), clean(address.address_2)].filter(Boolean).join(", ")
  const required = {
    address_1: street,
    postal_code: clean(address.postal_code),
    city: clean(address.city),
    country_code: clean(address.country_code).toUpperCase(),
  }
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([field]) => field)
  if (missing.length) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      `The ${where.replace("_", " ")} lacks ${missing.join(", ")}, which trade credit needs`,
      `${where}.${missing[0]}`,
    )
  }
  if (!/^[A-Z]{2}$/.test(required.country_code)) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      `The ${where.replace("_", " ")} has no ISO country code ("${quote(required.country_code)}")`,
      `${where}.country_code`,
    )
  }
  // organization_name is required (contract section 2, CreateAddressRequestSchema): the address's company, else the
  // caller's.
  const company =
    clean(address.company) || clean(organizationName) || clean([address.first_name, address.last_name].join(" "))
  if (!company) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      `The ${where.replace("_", " ")} lacks company, which trade credit needs`,
      `${where}.company`,
    )
  }
  const region = clean(address.province)
  // The optional fields are spread last: V8 (Node 20) makes a literal that starts with a spread a slow object.
  return {
    street_address: clip(street, 255),
    postal_code: clip(required.postal_code, 20),
    city: clip(required.city, 100),
    country: required.country_code,
    organization_name: clip(company, 255),
    ...(region && { region: clip(region, 100) }),
  }
}

const hasStreet = (address: MedusaAddress | null | undefined): address is MedusaAddress =>
  !!address && !!(clean(address.address_1) || clean(address.city))

/**
 * The billing and shipping addresses of an order body. A cart that needs no
 * shipping may have only one of them: the other is then the same.
 */
export function orderAddressesOf(
  cart: Pick<MedusaCartData, "billing_address" | "shipping_address"> & Partial<Pick<MedusaCartData, "customer">>,
): {
  billing_address: Address
  shipping_address: Address
} {
  const billing = hasStreet(cart.billing_address) ? cart.billing_address : undefined
  const shipping = hasStreet(cart.shipping_address) ? cart.shipping_address : undefined
  if (!billing && !shipping) {
    throw new PayloadError(
      "ADDRESS_INCOMPLETE",
      "The cart has no billing address, which trade credit needs",
      "billing_address",
    )
  }
  // An address without a company names the organisation of the other address, else the customer's company.
  const organization = clean(billing?.company) || clean(shipping?.company) || clean(cart.customer?.company_name)
  const billing_address = toServiceAddress((billing ?? shipping)!, "billing_address", organization)
  const shipping_address = shipping ? toServiceAddress(shipping, "shipping_address", organization) : billing_address
  return { billing_address, shipping_address }
}
