import { normalisePhoneNumber } from "../core/order/buyer"
import type { MedusaAddressLike } from "../core/plan/repayment-address"
import type { Query } from "../medusa/services"

type CustomerAddress = MedusaAddressLike & {
  first_name?: string | null
  last_name?: string | null
  company?: string | null
  phone?: string | null
  is_default_billing?: boolean | null
  is_default_shipping?: boolean | null
}

export type SignupCustomer = {
  id: string
  email?: string | null
  first_name?: string | null
  last_name?: string | null
  phone?: string | null
  company_name?: string | null
  addresses?: CustomerAddress[] | null
}

/** The customer the signup popup is pre-filled from: their details and addresses (one Query). */
export async function readCustomer(
  query: Pick<Query, "graph">,
  customerId: string,
): Promise<SignupCustomer | undefined> {
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "email", "first_name", "last_name", "phone", "company_name", "addresses.*"],
    filters: { id: customerId },
  })
  return data[0] as SignupCustomer | undefined
}

/** The customer's default billing address, else the first one. */
export function defaultAddressOf(customer: SignupCustomer): CustomerAddress | undefined {
  const addresses = customer.addresses ?? []
  return addresses.find((a) => a.is_default_billing) ?? addresses[0]
}

const text = (value: string | null | undefined) => {
  const cleaned = (value ?? "").replace(/\s+/g, " ").trim()
  return cleaned || undefined
}

/**
 * `autofillData` of the signup popup: what the customer already told the store,
 * to pre-fill the form (the autofill buyer's field names; the address in the
 * order interface's shape). Only fields that are known are sent.
 */
export function autofillDataOf(customer: SignupCustomer, country: string): Record<string, unknown> {
  const address = defaultAddressOf(customer)
  const phone = normalisePhoneNumber(customer.phone ?? address?.phone, address?.country_code ?? country)
  const street = [text(address?.address_1), text(address?.address_2)].filter(Boolean).join(", ")
  const billing =
    address && street && text(address.city) && text(address.postal_code)
      ? {
          street_address: street,
          postal_code: text(address.postal_code),
          city: text(address.city),
          ...(text(address.province) && { region: text(address.province) }),
          country: (text(address.country_code) ?? country).toUpperCase(),
        }
      : undefined
  const data: Record<string, unknown> = {
    company_name: text(customer.company_name) ?? text(address?.company),
    country_code: country,
    first_name: text(customer.first_name) ?? text(address?.first_name),
    last_name: text(customer.last_name) ?? text(address?.last_name),
    email: text(customer.email)?.toLowerCase(),
    phone_number: phone,
    billing_address: billing,
  }
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined))
}
