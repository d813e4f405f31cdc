import type { SimulatorContext } from "../context"
import { schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"

type Ref = { customer_id: string; user_id: string }

const refused = (field: "customer_id" | "user_id", msg: string, type: string) =>
  schemaError(`The body does not match the schema: body.buyer.trade_account.${field}: ${msg}`, [
    { loc: ["body", "buyer", "trade_account", field], msg, type },
  ])

/**
 * Whether an order's `buyer.trade_account` names a verified user (its order
 * is then created VERIFIED, one-click checkout). Both ids resolve by the
 * interface's rules (`svc_` = the service's id, else the merchant's). An
 * unknown customer, an unknown user, or a user of another customer: 400
 * SCHEMA_ERROR naming which **(chosen)**. A test hook given to
 * startSimulator (`hooks.isVerifiedTradeAccountUser`) decides instead, without
 * looking at the trade accounts.
 */
export function isVerifiedTradeAccountUser(ctx: SimulatorContext, merchant: MerchantState, ref: Ref): boolean {
  if (ctx.hooks.isVerifiedTradeAccountUser) return ctx.hooks.isVerifiedTradeAccountUser(merchant.id, ref)
  const customer = merchant.tradeAccounts.customer(ref.customer_id)
  if (!customer)
    throw refused("customer_id", `no trade account customer ${ref.customer_id}`, "trade_account_customer_not_found")
  const user = merchant.tradeAccounts.user(ref.user_id)
  if (!user) throw refused("user_id", `no trade account user ${ref.user_id}`, "trade_account_user_not_found")
  if (user.user.customer_id !== customer.customer.id) {
    throw refused(
      "user_id",
      `user ${ref.user_id} is a user of another trade account customer, not of ${ref.customer_id}`,
      "trade_account_user_of_another_customer",
    )
  }
  return user.user.verified
}
