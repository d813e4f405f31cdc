import { container } from "@medusajs/framework"
import { TRADE_CREDIT_MODULE, type TradeAccountUserRow, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { BuyerCompany } from "../../../service/schemas"

function tradeCreditModule(): TradeCreditModuleService | undefined {
  try {
    return container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  } catch {
    return undefined
  }
}

async function userRowOf(customerId: string | null | undefined): Promise<TradeAccountUserRow | undefined> {
  if (!customerId) return undefined
  const module = tradeCreditModule()
  if (!module) return undefined
  const [row] = await module.listTradeAccountUsers({ customer_id: customerId }, { take: 1 })
  return row
}

/**
 * The order's `buyer.trade_account` (the service's ids) when the buying Medusa
 * customer is a user of a trade account: the service then creates the order
 * VERIFIED for a verified user (one-click checkout, no redirect) and asks an
 * unverified one to verify as usual. Undefined for guests and other customers.
 */
export async function tradeAccountBuyerOf(customerId: string | null | undefined): Promise<{ customer_id: string; user_id: string } | undefined> {
  const row = await userRowOf(customerId)
  return row ? { customer_id: row.service_customer_id, user_id: row.service_user_id } : undefined
}

/** The business of the customer's trade account, as the order's `buyer.company`. */
export async function tradeAccountCompanyOf(customerId: string | null | undefined): Promise<BuyerCompany | undefined> {
  const row = await userRowOf(customerId)
  if (!row) return undefined
  const [account] = await tradeCreditModule()!.listTradeAccounts({ id: row.trade_account_id }, { take: 1 })
  if (!account) return undefined
  if (account.canonical_id) return { company_canonical_id: account.canonical_id }
  if (account.country_code && account.organization_number) {
    return { company_name: account.trade_name, country_prefix: account.country_code, organization_number: account.organization_number }
  }
  return undefined
}

/**
 * The storefront's session input, with the business of the customer's trade
 * account when the input names no company: a trade account user checks out
 * without choosing the company again (an input that names one is left as it is).
 */
export async function withTradeAccountCompany<T extends Record<string, unknown>>(input: T, customerId: string | null | undefined): Promise<T> {
  if (input.company !== undefined && input.company !== null) return input
  const company = await tradeAccountCompanyOf(customerId)
  return company ? { ...input, company } : input
}
