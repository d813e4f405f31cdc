import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import {
  TRADE_CREDIT_MODULE,
  type TradeAccountRow as StoredTradeAccountRow,
  type TradeAccountUserRow,
  type TradeCreditModuleService,
} from "../../../modules/trade-credit"
import { TradeAccountCompany } from "../../../service/schemas/trade-account"
import { quote } from "../../../utils/quote"

export type { TradeAccountUserRow }

/** A trade account with its `company` read as the identifiers sent to the service (the column is plain JSON). */
export type TradeAccountRow = Omit<StoredTradeAccountRow, "company"> & { company: TradeAccountCompany }

/**
 * Reads a stored trade account's `company`: the plugin writes
 * `{canonical_id}` or `{country_code, organization_number}` (companyOfBody),
 * and a row holding anything else (edited by hand) is refused here rather
 * than compared or sent half-read.
 */
export function tradeAccountOf(row: StoredTradeAccountRow): TradeAccountRow {
  const company = TradeAccountCompany.safeParse(row.company)
  if (!company.success) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Trade account ${quote(row.id)} holds no company identifiers`,
      "TRADE_CREDIT_TRADE_ACCOUNT_INVALID",
    )
  }
  return { ...row, company: company.data }
}

export const tradeCreditModuleOf = (container: MedusaContainer) =>
  container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)

/**
 * A trade account by any of its ids: the plugin's (`tcta_...`), the service's
 * (`svc_...`), or the merchant's id at the service (the onboarded Medusa customer's id).
 */
export async function findTradeAccount(container: MedusaContainer, id: string): Promise<TradeAccountRow | undefined> {
  const module = tradeCreditModuleOf(container)
  const filter = id.startsWith("tcta_")
    ? { id }
    : id.startsWith("svc_")
      ? { service_customer_id: id }
      : { merchant_customer_id: id }
  const [row] = await module.listTradeAccounts(filter, { take: 1 })
  return row && tradeAccountOf(row)
}

export async function requireTradeAccount(container: MedusaContainer, id: string): Promise<TradeAccountRow> {
  const row = await findTradeAccount(container, id)
  if (!row)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No trade account ${quote(id)}`,
      "TRADE_CREDIT_TRADE_ACCOUNT_NOT_FOUND",
    )
  return row
}

export async function usersOfTradeAccount(
  container: MedusaContainer,
  tradeAccountId: string,
): Promise<TradeAccountUserRow[]> {
  return await tradeCreditModuleOf(container).listTradeAccountUsers(
    { trade_account_id: tradeAccountId },
    { order: { created_at: "ASC" } },
  )
}

/** The trade account user rows of some Medusa customers. */
export async function userRowsOfCustomers(
  container: MedusaContainer,
  customerIds: string[],
): Promise<TradeAccountUserRow[]> {
  if (!customerIds.length) return []
  return await tradeCreditModuleOf(container).listTradeAccountUsers({ customer_id: customerIds })
}

/** A user of one trade account by the plugin's id (`tctau_...`), the service's (`svc_...`) or the Medusa customer id.
 * */
export async function findUserOfTradeAccount(
  container: MedusaContainer,
  account: TradeAccountRow,
  id: string,
): Promise<TradeAccountUserRow> {
  const module = tradeCreditModuleOf(container)
  const filter = id.startsWith("tctau_")
    ? { id }
    : id.startsWith("svc_")
      ? { service_user_id: id }
      : { customer_id: id }
  const [row] = await module.listTradeAccountUsers(filter, { take: 1 })
  if (!row)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No trade account user ${quote(id)}`,
      "TRADE_CREDIT_TRADE_ACCOUNT_USER_NOT_FOUND",
    )
  if (row.trade_account_id !== account.id) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${quote(id)} is a user of another business, not of trade account ${quote(account.id)}`,
      "TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS",
    )
  }
  return row
}
