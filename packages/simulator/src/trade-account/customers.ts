import type { SimTradeAccountCustomerCreate } from "../contract/trade-account"
import type { SimulatorContext } from "../context"
import { invalidState, notFound, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { TradeAccountCustomerRecord } from "../state/trade-accounts"
import { newTradeAccountId } from "./ids"

/**
 * The calling merchant's customer by either kind of id (interfaces.md identifier resolution); 404 NOT_FOUND
 * otherwise.
 */
export function customerOf(merchant: MerchantState, cid: string): TradeAccountCustomerRecord {
  const record = merchant.tradeAccounts.customer(cid)
  if (!record) throw notFound(`Trade account customer ${cid}`)
  return record
}

/** The business the body names, from the registry; 400 SCHEMA_ERROR at the identifier that names none **(chosen)**. */
function companyOf(ctx: SimulatorContext, body: SimTradeAccountCustomerCreate) {
  const field = body.canonical_id != null ? "canonical_id" : "organization_number"
  const company =
    body.canonical_id != null
      ? ctx.companies.get(body.canonical_id)
      : ctx.companies.findByNumber(body.country_code as string, body.organization_number as string)
  if (!company) {
    throw schemaError(`The body does not match the schema: body.${field}: no such company in the registry`, [
      { loc: ["body", field], msg: "no such company in the registry", type: "company_not_found" },
    ])
  }
  return company
}

/**
 * POST /trade-account/v3/customer. `merchant_customer_id` is unique per
 * merchant: a second create is 409 INVALID_STATE with the existing id in
 * error_details. The business must be in the registry. The answer's
 * `company` is the registry's record (`CompanySchema`), not the identifiers
 * sent; absent optional fields answer `[]`, `null` and `false`.
 */
export function createCustomer(
  ctx: SimulatorContext,
  merchant: MerchantState,
  body: SimTradeAccountCustomerCreate,
): TradeAccountCustomerRecord {
  const holder = merchant.tradeAccounts.customerByMerchantCustomerId(body.merchant_customer_id)
  if (holder) {
    throw invalidState(
      `merchant_customer_id ${body.merchant_customer_id} is already used by ` +
        `trade account customer ${holder.customer.id}`,
      holder.customer.id,
    )
  }
  const company = companyOf(ctx, body)
  const record: TradeAccountCustomerRecord = {
    customer: {
      id: newTradeAccountId("cus"),
      merchant_customer_id: body.merchant_customer_id,
      company: {
        country_prefix: company.country,
        organization_number: company.organization_number,
        company_name: company.name,
        company_canonical_id: company.canonical_id,
      },
      contact_persons: body.contact_persons,
      invoice_email_addresses: body.invoice_email_addresses ?? [],
      invoice_billing_address: body.invoice_billing_address
        ? {
            ...body.invoice_billing_address,
            postal_code: body.invoice_billing_address.postal_code ?? "",
            region: body.invoice_billing_address.region ?? null,
          }
        : null,
      use_billing_address_for_shipping: body.use_billing_address_for_shipping,
      trade_name: body.trade_name ?? null,
    },
    canonicalId: company.canonical_id,
    userIds: [],
    createdAt: ctx.clock.iso(),
  }
  merchant.tradeAccounts.addCustomer(record)
  return record
}
