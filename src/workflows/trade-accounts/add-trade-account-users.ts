import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TradeAccountRow } from "./lib/records"
import { createServiceUsersStep, type NewUser } from "./steps/create-service-users"
import { saveTradeAccountUsersStep } from "./steps/save-trade-account-users"

export type AddTradeAccountUsersInput = { account: TradeAccountRow; users: NewUser[] }

export const addTradeAccountUsersWorkflowId = "trade-credit-add-trade-account-users"

/** Adds Medusa customers as users of a trade account at the service, and keeps the service's ids. */
export const addTradeAccountUsersWorkflow = createWorkflow(
  addTradeAccountUsersWorkflowId,
  (input: AddTradeAccountUsersInput) => {
    const created = createServiceUsersStep(
      transform({ input }, ({ input }) => ({
        service_customer_id: input.account.service_customer_id,
        users: input.users,
      })),
    )
    const users = saveTradeAccountUsersStep(
      transform({ input, created }, ({ input, created }) => ({
        trade_account_id: input.account.id,
        service_customer_id: input.account.service_customer_id,
        users: created,
      })),
    )
    return new WorkflowResponse(users)
  },
)
