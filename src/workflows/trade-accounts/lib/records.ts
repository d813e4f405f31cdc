import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { TradeAccountCompany } from "../../../service/schemas"

export type TradeAccountRow = {
  id: string
  service_customer_id: string
  merchant_customer_id: string
  trade_name: string
  company: TradeAccountCompany
  canonical_id: string | null
  country_code: string | null
  organization_number: string | null
  created_at?: Date | string
}

export type TradeAccountUserRow = {
  id: string
  trade_account_id: string
  customer_id: string
  service_user_id: string
  service_customer_id: string
  verified: boolean
  verified_at: Date | string | null
}

export const tradeCreditModuleOf = (container: MedusaContainer) => container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)

/**
 * A trade account by any of its ids: the plugin's (`tcta_...`), the service's
 * (`svc_...`), or the merchant's id at the service (the onboarded Medusa customer's id).
 */
export async function findTradeAccount(container: MedusaContainer, id: string): Promise<TradeAccountRow | undefined> {
  const module = tradeCreditModuleOf(container)
  const filter = id.startsWith("tcta_") ? { id } : id.startsWith("svc_") ? { service_customer_id: id } : { merchant_customer_id: id }
  const [row] = (await module.listTradeAccounts(filter, { take: 1 })) as unknown as TradeAccountRow[]
  return row
}

export async function requireTradeAccount(container: MedusaContainer, id: string): Promise<TradeAccountRow> {
  const row = await findTradeAccount(container, id)
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No trade account ${id}`, "TRADE_CREDIT_TRADE_ACCOUNT_NOT_FOUND")
  return row
}

export async function usersOfTradeAccount(container: MedusaContainer, tradeAccountId: string): Promise<TradeAccountUserRow[]> {
  return (await tradeCreditModuleOf(container).listTradeAccountUsers(
    { trade_account_id: tradeAccountId },
    { order: { created_at: "ASC" } }
  )) as unknown as TradeAccountUserRow[]
}

/** The trade account user rows of some Medusa customers. */
export async function userRowsOfCustomers(container: MedusaContainer, customerIds: string[]): Promise<TradeAccountUserRow[]> {
  if (!customerIds.length) return []
  return (await tradeCreditModuleOf(container).listTradeAccountUsers({ customer_id: customerIds })) as unknown as TradeAccountUserRow[]
}

/** A user of one trade account by the plugin's id (`tctau_...`), the service's (`svc_...`) or the Medusa customer id. */
export async function findUserOfTradeAccount(
  container: MedusaContainer,
  account: TradeAccountRow,
  id: string
): Promise<TradeAccountUserRow> {
  const module = tradeCreditModuleOf(container)
  const filter = id.startsWith("tctau_") ? { id } : id.startsWith("svc_") ? { service_user_id: id } : { customer_id: id }
  const [row] = (await module.listTradeAccountUsers(filter, { take: 1 })) as unknown as TradeAccountUserRow[]
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No trade account user ${id}`, "TRADE_CREDIT_TRADE_ACCOUNT_USER_NOT_FOUND")
  if (row.trade_account_id !== account.id) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${id} is a user of another business, not of trade account ${account.id}`,
      "TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS"
    )
  }
  return row
}
