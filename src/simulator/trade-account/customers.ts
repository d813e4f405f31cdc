import type { TradeAccountCustomerRequest } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { invalidState, notFound, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { TradeAccountCustomerRecord } from "../state/trade-accounts"
import { newTradeAccountId } from "./ids"

/** The calling merchant's customer by either kind of id (interfaces.md identifier resolution); 404 NOT_FOUND otherwise. */
export function customerOf(merchant: MerchantState, cid: string): TradeAccountCustomerRecord {
  const record = merchant.tradeAccounts.customer(cid)
  if (!record) throw notFound(`Trade account customer ${cid}`)
  return record
}

/**
 * POST /trade-account/v3/customer. `merchant_customer_id` is unique per
 * merchant: a second create is 409 INVALID_STATE with the existing id in
 * error_details. The business must be in the registry (400 SCHEMA_ERROR
 * naming body.company otherwise) **(chosen)**.
 */
export function createCustomer(ctx: SimulatorContext, merchant: MerchantState, body: TradeAccountCustomerRequest): TradeAccountCustomerRecord {
  const holder = merchant.tradeAccounts.customerByMerchantCustomerId(body.merchant_customer_id)
  if (holder) {
    throw invalidState(
      `merchant_customer_id ${body.merchant_customer_id} is already used by trade account customer ${holder.customer.id}`,
      holder.customer.id
    )
  }
  const company =
    "canonical_id" in body.company
      ? ctx.companies.get(body.company.canonical_id)
      : ctx.companies.findByNumber(body.company.country_code, body.company.organization_number)
  if (!company) {
    throw schemaError("The body does not match the schema: body.company: no such company in the registry", [
      { loc: ["body", "company"], msg: "no such company in the registry", type: "company_not_found" },
    ])
  }
  const record: TradeAccountCustomerRecord = {
    customer: { id: newTradeAccountId("cus"), ...body },
    canonicalId: company.canonical_id,
    userIds: [],
    createdAt: ctx.clock.iso(),
  }
  merchant.tradeAccounts.addCustomer(record)
  return record
}
