import type { AccountCreate, AccountUpdate } from "../contract/repayment"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { AccountRecord } from "../state/repayment"
import { newRepaymentUuid } from "./ids"

/** The calling merchant's account (404 for an unknown one or another merchant's). */
export function accountOf(merchant: MerchantState, id: string): AccountRecord {
  const record = merchant.repayment.account(id)
  if (!record) throw notFound(`Repayment account ${id}`)
  return record
}

/** The registry's company of an account: by its buyer_company's country_code and national_identifier. */
export function companyOfAccount(ctx: SimulatorContext, account: AccountRecord["account"]) {
  return ctx.companies.findByNumber(account.buyer_company.country_code, account.buyer_company.national_identifier)
}

/**
 * POST /account. The optional `merchant_account_reference` **(chosen)** is
 * unique per merchant: a second create with it is 409, the description naming
 * the existing account's id. The company need not be known to the service:
 * the credit check and the funding decision look it up.
 */
export function createAccount(ctx: SimulatorContext, merchant: MerchantState, body: AccountCreate): AccountRecord {
  const reference = body.merchant_account_reference
  const holder = reference ? merchant.repayment.accountByMerchantReference(reference) : undefined
  if (holder) {
    throw invalidState(
      `merchant_account_reference ${reference} is already used by account ${holder.account.id}`,
      holder.account.id,
    )
  }
  const now = ctx.clock.iso()
  const account = { id: newRepaymentUuid(), ...body, invoice_cc_emails: body.invoice_cc_emails ?? [] }
  const record: AccountRecord = { account, planIds: [], createdAt: now, updatedAt: now }
  merchant.repayment.addAccount(record)
  return record
}

/**
 * PUT /account/{account_id} → 204. The company's trade name and official
 * address, the invoice email and the representative are replaced; the billing
 * address, the copies and `due_in_days` only when sent. The company's
 * country_code and national_identifier are not part of the body: they never change.
 */
export function updateAccount(
  ctx: SimulatorContext,
  merchant: MerchantState,
  id: string,
  body: AccountUpdate,
): AccountRecord {
  const record = accountOf(merchant, id)
  const current = record.account
  record.account = {
    ...current,
    buyer_company: { ...current.buyer_company, ...body.buyer_company },
    invoice_email: body.invoice_email,
    account_representative: body.account_representative,
    ...(body.billing_address && { billing_address: body.billing_address }),
    ...(body.invoice_cc_emails && { invoice_cc_emails: body.invoice_cc_emails }),
    ...(body.due_in_days !== undefined && { due_in_days: body.due_in_days }),
  }
  record.updatedAt = ctx.clock.iso()
  return record
}
