import type { TradeCreditClient } from "../client/index"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import { digestOf, planKeys } from "../core/plan/plan-idempotency-keys"
import { accountUpdateOf, type PaymentCustomerLike, withCustomerDetails } from "../core/plan/repayment-account-body"
import { accountBodyOf, accountLinksOfBuyer, saveAccountLink } from "../medusa/plan-store"
import type { ServiceCall } from "./deps"

/**
 * The customer's details changed (Medusa's account holder update): every repayment account of the buyer at the
 * service gets the new billing details, once per change (an unchanged body, by its digest, makes no call). Answers
 * the ids of the buyer's accounts.
 */
export async function syncBuyerAccounts(
  deps: { client: TradeCreditClient; call: ServiceCall; module: TradeCreditModuleService },
  buyerKey: string,
  customer: PaymentCustomerLike,
): Promise<string[]> {
  const links = await accountLinksOfBuyer(deps.module, buyerKey)
  for (const link of links) {
    const body = withCustomerDetails(accountBodyOf(link), customer)
    const digest = digestOf(body)
    if (digest === link.digest) continue
    await deps.call("update the buyer's repayment account", () =>
      deps.client.repayment.updateAccount(link.account_id, accountUpdateOf(body), {
        idempotencyKey: planKeys.updateAccount(link.account_id),
      }),
    )
    await saveAccountLink(deps.module, {
      buyer_key: buyerKey,
      company_key: link.company_key,
      account_id: link.account_id,
      digest,
      body,
    })
  }
  return links.map((l) => l.account_id)
}
