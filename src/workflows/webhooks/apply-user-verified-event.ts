import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { TradeAccountUserRow } from "../../modules/trade-credit/types"
import type { UserVerifiedEvent } from "../../service/schemas/after-invoice-events"
import { errorMessage } from "../../utils/error-message"
import { dateOf } from "./receivables/invoice-figures"
import type { WebhookEventOutcome } from "./webhook-received"

/**
 * `customer.user.verified.v1`: a trade-account user became verified at the service. The plugin named the user by the
 * Medusa customer's id (`merchant_user_id`), so its row is found by that id (or by the service's user id); the row is
 * marked verified as of the event's time, with no poll. A row of another service user than the event's (the customer
 * was made a user again) is left alone (the row names the user by the service's id, or by the merchant's when the
 * service's answer gave none); a row verified before keeps its date. Never throws: a failure is an outcome
 * with `error`.
 */
export async function applyUserVerifiedEvent(
  container: MedusaContainer,
  event: UserVerifiedEvent,
): Promise<WebhookEventOutcome> {
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const { merchant_user_id: customerId, user_id: userId } = event.data
  const about = `user ${userId} (customer ${customerId})`
  try {
    const find = async (filters: Record<string, string>) =>
      ((await module.listTradeAccountUsers(filters, { take: 1 })) as TradeAccountUserRow[])[0]
    const row = (await find({ customer_id: customerId })) ?? (await find({ service_user_id: userId }))
    if (!row) return { found: `${about} is no trade-account user of this store`, action: "none" }
    // The plugin keeps the service's id of the user, or the merchant's where the service's answer gave none of its own.
    if (row.service_user_id !== userId && row.service_user_id !== customerId) {
      return {
        found: `${about}: customer ${row.customer_id} is the store's user ${row.service_user_id}, not this one`,
        action: "none",
      }
    }
    if (row.verified) return { found: `${about} is verified`, action: "already up to date" }
    const at = dateOf(event.time, new Date())
    await module.updateTradeAccountUsers({ id: row.id, verified: true, verified_at: at })
    return { found: `${about} is verified`, action: `marked trade-account user ${row.id} verified` }
  } catch (error) {
    return { found: about, action: "none", error: errorMessage(error) }
  }
}
