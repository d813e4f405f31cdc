import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type TradeAccountUserRow, tradeCreditModuleOf } from "../lib/records"
import type { CreatedServiceUser } from "./create-service-users"

export type SaveTradeAccountUsersInput = {
  trade_account_id: string
  service_customer_id: string
  users: CreatedServiceUser[]
}

export const saveTradeAccountUsersStepId = "trade-credit-save-trade-account-users"

/** The plugin's rows of the users, with the service's ids. Compensation deletes the rows this run created. */
export const saveTradeAccountUsersStep = createStep(
  saveTradeAccountUsersStepId,
  async (input: SaveTradeAccountUsersInput, { container }) => {
    if (!input.users.length) return new StepResponse<TradeAccountUserRow[], string[]>([], [])
    const rows = await tradeCreditModuleOf(container).createTradeAccountUsers(
      input.users.map(({ customer_id, user }) => ({
        trade_account_id: input.trade_account_id,
        customer_id,
        service_user_id: user.id,
        service_customer_id: input.service_customer_id,
        verified: user.verified,
        verified_at: user.verified ? new Date() : null,
      })),
    )
    return new StepResponse(
      rows,
      rows.map((r) => r.id),
    )
  },
  async (ids, { container }) => {
    if (ids?.length) await tradeCreditModuleOf(container).deleteTradeAccountUsers(ids)
  },
)
