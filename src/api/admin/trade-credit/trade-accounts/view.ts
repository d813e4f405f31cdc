import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorIds, logLine } from "../../../../utils/log-line"
import { pluginLoggerOf } from "../../../../medusa/plugin-logger"
import {
  type TradeAccountRow,
  type TradeAccountUserRow,
  tradeCreditModuleOf,
  usersOfTradeAccount,
} from "../../../../workflows/trade-accounts/lib/records"

type CustomerSummary = { id: string; email: string | null; first_name: string | null; last_name: string | null }

export type TradeAccountUserView = TradeAccountUserRow & { customer: CustomerSummary | null }
export type TradeAccountView = TradeAccountRow & { users: TradeAccountUserView[] }

async function customersById(container: MedusaContainer, ids: string[]): Promise<Map<string, CustomerSummary>> {
  if (!ids.length) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "email", "first_name", "last_name"],
    filters: { id: ids },
  })
  return new Map((data as CustomerSummary[]).map((c) => [c.id, c]))
}

/**
 * Reads the users' `verified` flag back from the service (the service decides;
 * the user verifies at its page) and keeps it on the rows. A service that does
 * not answer leaves the rows as they were (logged).
 */
export async function refreshVerified(
  container: MedusaContainer,
  users: TradeAccountUserRow[],
): Promise<TradeAccountUserRow[]> {
  const module = tradeCreditModuleOf(container)
  const logger = pluginLoggerOf(container)
  const client = module.getClient()
  return await Promise.all(
    users.map(async (row) => {
      try {
        const user = await client.tradeAccount.getUser(row.service_user_id)
        if (user.verified === row.verified) return row
        const changed = { id: row.id, verified: user.verified, verified_at: user.verified ? new Date() : null }
        await module.updateTradeAccountUsers(changed)
        return { ...row, ...changed }
      } catch (error) {
        logLine(
          logger,
          "warn",
          `trade-credit: could not read trade account user ${row.service_user_id}: ${(error as Error).message}`,
          {
            trade_account_user_id: row.id,
            service_user_id: row.service_user_id,
            ...errorIds(error),
          },
        )
        return row
      }
    }),
  )
}

/** A trade account with its users (and who they are in Medusa); `refresh` reads `verified` back from the service first.
 * */
export async function tradeAccountView(
  container: MedusaContainer,
  account: TradeAccountRow,
  refresh: boolean,
): Promise<TradeAccountView> {
  let users = await usersOfTradeAccount(container, account.id)
  if (refresh) users = await refreshVerified(container, users)
  const customers = await customersById(
    container,
    users.map((u) => u.customer_id),
  )
  return { ...account, users: users.map((u) => ({ ...u, customer: customers.get(u.customer_id) ?? null })) }
}
