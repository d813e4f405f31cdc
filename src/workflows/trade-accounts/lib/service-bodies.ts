import { MedusaError } from "@medusajs/framework/utils"
import { normalisePhoneNumber } from "../../../core/order/buyer"
import type {
  ContactPerson,
  TradeAccountAddress,
  TradeAccountCompany,
  TradeAccountCustomerRequest,
  TradeAccountUserRequest,
} from "../../../service/schemas/trade-account"
import type { MedusaAddress, MedusaCustomer } from "./medusa-customers"
import { quote } from "../../../utils/quote"

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim()

const defaultBillingOf = (customer: MedusaCustomer): MedusaAddress | undefined => {
  const addresses = customer.addresses ?? []
  return addresses.find((a) => a.is_default_billing) ?? addresses[0]
}

/** The country a national phone number of the customer is read in: the business's, else the customer's default billing
 * address's. */
function phoneCountryOf(customer: MedusaCustomer, country: string | null | undefined): string | undefined {
  if (country) return country
  return defaultBillingOf(customer)?.country_code?.toUpperCase() ?? undefined
}

const detailsMissing = (customer: MedusaCustomer, missing: string[]) =>
  new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Customer ${quote(customer.id)} lacks what the trade account needs: ${missing.join(", ")} ` +
      `(add it to the customer, or give contact_persons)`,
    "TRADE_CREDIT_CUSTOMER_DETAILS_MISSING",
  )

/**
 * The customer's phone in E.164 (a national number read in the business's
 * country), `undefined` when the customer has none, or `{invalid}` with the
 * text when it is not a possible number there.
 */
function phoneOf(customer: MedusaCustomer, country: string | null | undefined): { phone?: string; invalid?: string } {
  const raw = clean(customer.phone) || clean(customer.addresses?.find((a) => clean(a.phone))?.phone)
  if (!raw) return {}
  const phone = normalisePhoneNumber(raw, phoneCountryOf(customer, country))
  return phone ? { phone } : { invalid: raw }
}

/** The names and email of a person at the service, and which of them are missing. */
function nameAndEmailOf(customer: MedusaCustomer) {
  const person = {
    first_name: clean(customer.first_name).slice(0, 255),
    last_name: clean(customer.last_name).slice(0, 255),
    email: clean(customer.email).toLowerCase(),
  }
  const missing = [
    !person.first_name && "first name",
    !person.last_name && "last name",
    !person.email && "email",
  ].filter((m): m is string => !!m)
  return { person, missing }
}

const invalidPhone = (raw: string) => `phone number ("${raw}" is not a valid number)`

/**
 * A contact person of the business from a Medusa customer (`ContactCreateSchema`:
 * names, email and phone all required; the phone in E.164). Anything missing
 * or unusable: 400 TRADE_CREDIT_CUSTOMER_DETAILS_MISSING naming the customer
 * and the fields, before anything is sent.
 */
export function personOf(customer: MedusaCustomer, country: string | null | undefined): ContactPerson {
  const { person, missing } = nameAndEmailOf(customer)
  const { phone, invalid } = phoneOf(customer, country)
  if (!phone) missing.push(invalid ? invalidPhone(invalid) : "phone number")
  if (missing.length) throw detailsMissing(customer, missing)
  return { ...person, phone_number: phone as string }
}

/**
 * The service's user body of a Medusa customer: `merchant_user_id` is the
 * customer's id. The phone is optional for a user: left out when the customer
 * has none, refused (naming the field) when the customer's is unreadable.
 */
export function userBodyOf(customer: MedusaCustomer, country: string | null | undefined): TradeAccountUserRequest {
  const { person, missing } = nameAndEmailOf(customer)
  const { phone, invalid } = phoneOf(customer, country)
  if (invalid) missing.push(invalidPhone(invalid))
  if (missing.length) throw detailsMissing(customer, missing)
  return { merchant_user_id: customer.id, ...person, ...(phone && { phone_number: phone }) }
}

/**
 * The invoice billing address of the business from the customer's default
 * billing address; none when it lacks a street, a city or a country (the
 * service then takes the billing address of each order).
 */
export function billingAddressOf(customer: MedusaCustomer): TradeAccountAddress | undefined {
  const address = defaultBillingOf(customer)
  const street = [clean(address?.address_1), clean(address?.address_2)].filter(Boolean).join(", ").slice(0, 255)
  const city = clean(address?.city).slice(0, 255)
  const country = clean(address?.country_code).toUpperCase()
  if (!street || !city || !/^[A-Z]{2}$/.test(country)) return undefined
  const postal = clean(address?.postal_code)
  const region = clean(address?.province)
  return {
    street_address: street,
    city,
    country,
    ...(postal && { postal_code: postal.slice(0, 32) }),
    ...(region && { region: region.slice(0, 255) }),
  }
}

/** The identifiers of the business as the customer body carries them: at the top level (section 8). */
export const companyFieldsOf = (company: TradeAccountCompany) =>
  "canonical_id" in company
    ? { canonical_id: company.canonical_id }
    : { country_code: company.country_code, organization_number: company.organization_number }

/** The plugin's record of the business (`{canonical_id}` or `{country_code, organization_number}`) from a customer
 * body. */
export const companyOfBody = (body: TradeAccountCustomerRequest): TradeAccountCompany =>
  body.canonical_id !== undefined
    ? { canonical_id: body.canonical_id }
    : { country_code: body.country_code as string, organization_number: body.organization_number as string }
