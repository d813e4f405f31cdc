import type { MedusaContainer } from "@medusajs/framework/types"
import { isTradeCreditError } from "../../../../client/errors"
import type { TradeAccountCompany, TradeAccountCustomerRequest } from "../../../../service/schemas/trade-account"
import type { OnboardTradeAccountInput } from "../../../../workflows/trade-accounts/onboard-trade-account"
import { readCustomers } from "../../../../workflows/trade-accounts/lib/medusa-customers"
import {
  findTradeAccount,
  type TradeAccountRow,
  tradeCreditModuleOf,
  userRowsOfCustomers,
} from "../../../../workflows/trade-accounts/lib/records"
import {
  billingAddressOf,
  companyFieldsOf,
  personOf,
  userBodyOf,
} from "../../../../workflows/trade-accounts/lib/service-bodies"
import type { NewUser } from "../../../../workflows/trade-accounts/steps/create-service-users"
import { Codes } from "../../../errors/codes"
import { quote } from "../../../errors/quote"
import { RouteError } from "../../../errors/route-error"
import { adminServiceFailureError } from "../../../utils/service-failure"
import type { OnboardTradeAccountBody } from "./validators"

const sameCompany = (a: TradeAccountCompany, b: TradeAccountCompany) =>
  "canonical_id" in a && "canonical_id" in b
    ? a.canonical_id === b.canonical_id
    : "organization_number" in a && "organization_number" in b
      ? a.country_code === b.country_code &&
        a.organization_number.replace(/[\s-]/g, "") === b.organization_number.replace(/[\s-]/g, "")
      : false

const anotherBusiness = (customerId: string) =>
  new RouteError(
    Codes.TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS,
    `Customer ${quote(customerId)} is already a user of another business's trade account`,
  )

/**
 * The users to create for a trade account from Medusa customer ids: those
 * already its users are left out; a customer who is a user of another
 * business is 400 TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS; an unknown customer
 * 404; a customer lacking a detail 400. Nothing is sent before this passes.
 */
export async function prepareUsers(
  container: MedusaContainer,
  account: Pick<TradeAccountRow, "id"> | null,
  customerIds: string[],
  country: string | null,
): Promise<NewUser[]> {
  const customers = await readCustomers(container, customerIds)
  const rows = await userRowsOfCustomers(
    container,
    customers.map((c) => c.id),
  )
  const rowOf = new Map(rows.map((r) => [r.customer_id, r]))
  for (const customer of customers) {
    const row = rowOf.get(customer.id)
    if (row && row.trade_account_id !== account?.id) throw anotherBusiness(customer.id)
  }
  return customers
    .filter((c) => !rowOf.has(c.id))
    .map((customer) => ({ customer_id: customer.id, body: userBodyOf(customer, country) }))
}

/**
 * The business's country: given with the organization number, else read from
 * the company search by its canonical id (an unknown id is 400
 * TRADE_CREDIT_COMPANY_NOT_FOUND, before anything is created). National phone
 * numbers of the customers are read in it.
 */
async function countryOf(container: MedusaContainer, company: TradeAccountCompany): Promise<string> {
  if ("country_code" in company) return company.country_code
  try {
    return (await tradeCreditModuleOf(container).getClient().companies.get(company.canonical_id)).country
  } catch (error) {
    // 404 whatever the code: the company interface answers its own (`COMPANY_NOT_FOUND`).
    if (isTradeCreditError(error) && error.status === 404) {
      throw new RouteError(
        Codes.TRADE_CREDIT_COMPANY_NOT_FOUND,
        `No company ${quote(company.canonical_id)} at the trade credit service`,
      )
    }
    throw adminServiceFailureError(error, "look up the company") ?? error
  }
}

/**
 * The input of the onboarding workflow from the admin's body: the Medusa
 * customer must exist; its details fill in the contact person, the invoice
 * email, the invoice billing address (its default billing address) and the
 * trade name where the body gives none. The trade name is optional at the
 * service; the plugin keeps one to show the account by. A business onboarded
 * already (same customer) is reused when the company is the same, and is 400
 * TRADE_CREDIT_TRADE_ACCOUNT_EXISTS when the body names another company.
 */
export async function prepareOnboarding(
  container: MedusaContainer,
  body: OnboardTradeAccountBody,
): Promise<OnboardTradeAccountInput> {
  const [customer] = await readCustomers(container, [body.customer_id])
  const existing = (await findTradeAccount(container, body.customer_id)) ?? null
  if (existing && existing.merchant_customer_id === body.customer_id && !sameCompany(existing.company, body.company)) {
    throw new RouteError(
      Codes.TRADE_CREDIT_TRADE_ACCOUNT_EXISTS,
      `Customer ${quote(body.customer_id)} onboarded another company already (trade account ${existing.id})`,
    )
  }
  const country = existing?.country_code ?? (await countryOf(container, body.company))
  const tradeName = body.trade_name ?? customer.company_name?.trim() ?? existing?.trade_name
  if (!tradeName) {
    throw new RouteError(
      Codes.TRADE_CREDIT_TRADE_NAME_MISSING,
      `Customer ${quote(customer.id)} has no company name: give trade_name`,
    )
  }
  const billingAddress = billingAddressOf(customer)
  // The business's identifiers at the top level of the body (section 8); the onboarded customer is its contact.
  const serviceBody: TradeAccountCustomerRequest = {
    merchant_customer_id: customer.id,
    ...companyFieldsOf(body.company),
    contact_persons: body.contact_persons ?? [personOf(customer, country)],
    invoice_email_addresses: body.invoice_email_addresses ?? (customer.email ? [customer.email.toLowerCase()] : []),
    ...(billingAddress && { invoice_billing_address: billingAddress }),
    use_billing_address_for_shipping: body.use_billing_address_for_shipping ?? false,
    trade_name: tradeName,
  }
  const users = await prepareUsers(container, existing, body.users ?? [customer.id], country)
  return { existing, body: serviceBody, users, country_code: country }
}
