import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TradeAccountCustomerRequest } from "../../service/schemas/trade-account"
import type { TradeAccountRow } from "./lib/records"
import { createServiceCustomerStep } from "./steps/create-service-customer"
import { createServiceUsersStep, type NewUser } from "./steps/create-service-users"
import { saveTradeAccountStep } from "./steps/save-trade-account"
import { saveTradeAccountUsersStep } from "./steps/save-trade-account-users"

export type OnboardTradeAccountInput = {
  /** The plugin's row when the business was onboarded already (then only missing users are added). */
  existing: TradeAccountRow | null
  body: TradeAccountCustomerRequest
  /** Users to create (Medusa customers not yet users of any trade account). */
  users: NewUser[]
  /** The business's country (kept on the row; the customers' national phone numbers were read in it). */
  country_code: string
}

export const onboardTradeAccountWorkflowId = "trade-credit-onboard-trade-account"

/**
 * Onboards a business and its users at the service and keeps the service's
 * ids. Onboarding twice is harmless: an existing row is reused, and the
 * service's 409 for a known `merchant_customer_id` / `merchant_user_id` adopts
 * the record it has. A failure after the business was saved deletes the
 * plugin's rows of this run (the service has no delete; a retry adopts).
 * Build the input with `prepareOnboarding` (src/api/admin/trade-credit/trade-accounts/prepare.ts),
 * which refuses bad input before anything is sent.
 */
export const onboardTradeAccountWorkflow = createWorkflow(
  onboardTradeAccountWorkflowId,
  (input: OnboardTradeAccountInput) => {
    const customer = createServiceCustomerStep({ existing: input.existing, body: input.body })
    const account = saveTradeAccountStep(
      transform({ input, customer }, ({ input, customer }) => ({
        existing: input.existing,
        body: input.body,
        customer: customer.customer,
        service_customer_id: customer.service_customer_id,
        country_code: input.country_code,
      })),
    )
    const created = createServiceUsersStep(
      transform({ input, customer }, ({ input, customer }) => ({
        service_customer_id: customer.service_customer_id,
        users: input.users,
      })),
    )
    const users = saveTradeAccountUsersStep(
      transform({ account, created }, ({ account, created }) => ({
        trade_account_id: account.id,
        service_customer_id: account.service_customer_id,
        users: created,
      })),
    )
    return new WorkflowResponse(
      transform({ input, customer, account, users }, ({ input, customer, account, users }) => ({
        trade_account: account,
        created_users: users,
        onboarded: !input.existing && !customer.adopted,
        adopted: !input.existing && customer.adopted,
      })),
    )
  },
)
