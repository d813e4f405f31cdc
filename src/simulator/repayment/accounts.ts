import type { AccountRequest, RepaymentAccount } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import { normalizeNumber } from "../state/companies"
import type { MerchantState } from "../state/merchants"
import type { AccountRecord } from "../state/repayment"
import { newRepaymentId } from "./ids"

/** The calling merchant's account (404 NOT_FOUND for an unknown one or another merchant's). */
export function accountOf(merchant: MerchantState, id: string): AccountRecord {
  const record = merchant.repayment.account(id)
  if (!record) throw notFound(`Repayment account ${id}`)
  return record
}

/** The registry's company of an account: by its buyer_company's country_code and national_identifier. */
export function companyOfAccount(ctx: SimulatorContext, account: RepaymentAccount) {
  return ctx.companies.findByNumber(account.buyer_company.country_code, account.buyer_company.national_identifier)
}

function assertReferenceFree(merchant: MerchantState, reference: string, self?: AccountRecord): void {
  const holder = merchant.repayment.accountByMerchantReference(reference)
  if (holder && holder !== self) {
    throw invalidState(`merchant_account_reference ${reference} is already used by account ${holder.account.id}`, holder.account.id)
  }
}

/**
 * POST /account. `merchant_account_reference` is unique per merchant: a
 * second create with it is 409 INVALID_STATE carrying the existing id in
 * error_details. The company need not be known to the service: the credit
 * check and the funding decision look it up.
 */
export function createAccount(ctx: SimulatorContext, merchant: MerchantState, body: AccountRequest): AccountRecord {
  assertReferenceFree(merchant, body.merchant_account_reference)
  const now = ctx.clock.iso()
  const record: AccountRecord = { account: { id: newRepaymentId("acct"), ...body }, planIds: [], createdAt: now, updatedAt: now }
  merchant.repayment.addAccount(record)
  return record
}

const sameCompany = (a: AccountRequest["buyer_company"], b: AccountRequest["buyer_company"]) =>
  a.country_code === b.country_code && normalizeNumber(a.national_identifier) === normalizeNumber(b.national_identifier)

/**
 * PUT /account/{account_id}: the whole account is replaced by the body. Once
 * the account has a plan its buyer company (country_code and
 * national_identifier) cannot change: 409 INVALID_STATE (make another account).
 */
export function updateAccount(ctx: SimulatorContext, merchant: MerchantState, id: string, body: AccountRequest): AccountRecord {
  const record = accountOf(merchant, id)
  assertReferenceFree(merchant, body.merchant_account_reference, record)
  if (record.planIds.length > 0 && !sameCompany(record.account.buyer_company, body.buyer_company)) {
    throw invalidState(`Account ${id} has plans: its buyer company cannot change (create another account)`)
  }
  const previousReference = record.account.merchant_account_reference
  record.account = { id, ...body }
  record.updatedAt = ctx.clock.iso()
  merchant.repayment.reindexAccount(record, previousReference)
  return record
}
