import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { quote } from "../../../utils/quote"

export type MedusaCustomer = {
  id: string
  email: string | null
  first_name: string | null
  last_name: string | null
  phone: string | null
  company_name: string | null
  addresses?: MedusaAddress[] | null
}

export type MedusaAddress = {
  country_code: string | null
  phone: string | null
  is_default_billing?: boolean
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  postal_code?: string | null
  province?: string | null
}

const FIELDS = [
  "id",
  "email",
  "first_name",
  "last_name",
  "phone",
  "company_name",
  "addresses.country_code",
  "addresses.phone",
  "addresses.is_default_billing",
  "addresses.address_1",
  "addresses.address_2",
  "addresses.city",
  "addresses.postal_code",
  "addresses.province",
]

/**
 * The Medusa customers with these ids, in the order asked. An id that names no
 * customer is 404 TRADE_CREDIT_CUSTOMER_NOT_FOUND naming every unknown id.
 */
export async function readCustomers(container: MedusaContainer, ids: string[]): Promise<MedusaCustomer[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const unique = [...new Set(ids)]
  const { data } = await query.graph({ entity: "customer", fields: FIELDS, filters: { id: unique } })
  const byId = new Map((data as MedusaCustomer[]).map((c) => [c.id, c]))
  const missing = unique.filter((id) => !byId.has(id))
  if (missing.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No Medusa customer ${missing.slice(0, 5).map(quote).join(", ")}` +
        `${missing.length > 5 ? ` and ${missing.length - 5} more` : ""}`,
      "TRADE_CREDIT_CUSTOMER_NOT_FOUND",
    )
  }
  return unique.map((id) => byId.get(id) as MedusaCustomer)
}
