import { MedusaError } from "@medusajs/framework/utils"
import { normalisePhoneNumber } from "../../../providers/trade-credit/payload/buyer"
import type { ContactPerson, TradeAccountUserRequest } from "../../../service/schemas"
import type { MedusaCustomer } from "./medusa-customers"

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim()

/** The country a national phone number of the customer is read in: the business's, else the customer's default billing address's. */
function phoneCountryOf(customer: MedusaCustomer, country: string | null | undefined): string | undefined {
  if (country) return country
  const addresses = customer.addresses ?? []
  return (addresses.find((a) => a.is_default_billing) ?? addresses[0])?.country_code?.toUpperCase() ?? undefined
}

/**
 * A person at the service (contact person or user) from a Medusa customer: the
 * email, names and phone (E.164; a national number read with the business's
 * country). Anything missing or unusable: 400 TRADE_CREDIT_CUSTOMER_DETAILS_MISSING
 * naming the customer and the fields, before anything is sent.
 */
export function personOf(customer: MedusaCustomer, country: string | null | undefined): ContactPerson {
  const rawPhone = clean(customer.phone) || clean(customer.addresses?.find((a) => clean(a.phone))?.phone)
  const phone = normalisePhoneNumber(rawPhone, phoneCountryOf(customer, country))
  const person = {
    first_name: clean(customer.first_name).slice(0, 100),
    last_name: clean(customer.last_name).slice(0, 100),
    email: clean(customer.email).toLowerCase(),
    phone_number: phone ?? "",
  }
  const missing = [
    !person.first_name && "first name",
    !person.last_name && "last name",
    !person.email && "email",
    !phone && (rawPhone ? `phone number ("${rawPhone}" is not a valid number)` : "phone number"),
  ].filter(Boolean)
  if (missing.length) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Customer ${customer.id} lacks what the trade account needs: ${missing.join(", ")} (add it to the customer, or give contact_persons)`,
      "TRADE_CREDIT_CUSTOMER_DETAILS_MISSING"
    )
  }
  return person
}

/** The service's user body of a Medusa customer: `merchant_user_id` is the customer's id. */
export function userBodyOf(customer: MedusaCustomer, country: string | null | undefined): TradeAccountUserRequest {
  return { merchant_user_id: customer.id, ...personOf(customer, country) }
}
