import { isTradeCreditError } from "../client/errors"
import type { TradeCreditClient } from "../client/index"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import { holderIdOf } from "../core/plan/conflict-holder"
import { planKeys, digestOf } from "../core/plan/plan-idempotency-keys"
import { findAccountLink, saveAccountLink } from "../medusa/plan-store"
import { type AccountBody, accountUpdateOf } from "../core/plan/repayment-account-body"

export type EnsureAccountInput = {
  buyerKey: string
  companyKey: string
  body: AccountBody
}

export type EnsuredAccount = {
  account_id: string
  /** What was done at the service: nothing (reused), created, updated, or linked (made before, found by its reference).
   * */
  action: "reused" | "created" | "updated" | "linked"
}

/** The account id a 409 names (a reference already used). */
const existingAccountIdOf = (error: unknown) => (isTradeCreditError(error) ? holderIdOf(error) : undefined)

/**
 * The buyer's repayment account for this company, made once and reused: an
 * unchanged body makes no call; changed billing details update the account;
 * a buyer new to the plugin gets an account (idempotency key from the buyer
 * and the body). An account the service already has for the reference (made
 * by an earlier try whose answer was lost, or before the link was forgotten)
 * is linked and updated, never made twice.
 */
export async function ensureRepaymentAccount(
  client: TradeCreditClient,
  module: TradeCreditModuleService,
  input: EnsureAccountInput,
): Promise<EnsuredAccount> {
  const digest = digestOf(input.body)
  const link = await findAccountLink(module, input.buyerKey, input.companyKey)
  const save = (account_id: string) =>
    saveAccountLink(module, {
      buyer_key: input.buyerKey,
      company_key: input.companyKey,
      account_id,
      digest,
      body: input.body,
    })

  if (link && link.digest === digest) return { account_id: link.account_id, action: "reused" }
  if (link) {
    await client.repayment.updateAccount(link.account_id, accountUpdateOf(input.body), {
      idempotencyKey: planKeys.updateAccount(link.account_id),
    })
    await save(link.account_id)
    return { account_id: link.account_id, action: "updated" }
  }
  try {
    const created = await client.repayment.createAccount(input.body, {
      idempotencyKey: planKeys.createAccount(input.body.merchant_account_reference, input.body),
    })
    await save(created.id)
    return { account_id: created.id, action: "created" }
  } catch (error) {
    const existing = existingAccountIdOf(error)
    if (!existing) throw error
    await client.repayment.updateAccount(existing, accountUpdateOf(input.body), {
      idempotencyKey: planKeys.updateAccount(existing),
    })
    await save(existing)
    return { account_id: existing, action: "linked" }
  }
}
