import { BigNumber, PaymentActions } from "@medusajs/framework/utils"
import type { Logger, WebhookActionResult } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../../../client"
import type { WebhookEvent } from "../../../service/schemas"
import { planSessionOf, updatePlanSession } from "./plan-store"

export const FUNDING_DECIDED = "repayment.plan.funding_decided"

export type FundingDecidedEvent = Extract<WebhookEvent, { type: typeof FUNDING_DECIDED }>

export const isFundingDecided = (event: WebhookEvent): event is FundingDecidedEvent => event.type === FUNDING_DECIDED

/**
 * `repayment.plan.funding_decided`. The service has one webhook URL per
 * merchant, so the event may reach either provider's route; both answer it
 * the same way. The plan's funding is read back from the service (a late or
 * repeated event changes nothing) and its payment session found in the
 * plugin's table (the event names only the plan):
 * ACCEPTED → `authorized` (Medusa's own webhook subscriber authorizes the
 * session through the plan provider, then completes the cart or, for an order
 * placed while funding was pending, creates its payment); REJECTED → `failed`
 * (Medusa ignores it; the funding polling job marks the session). A plan the
 * plugin did not make is not supported.
 */
export async function fundingDecidedAction(client: TradeCreditClient, event: FundingDecidedEvent, logger: Logger): Promise<WebhookActionResult> {
  const planId = event.data.plan_id
  const record = await planSessionOf(planId)
  if (!record) {
    logger.info(`trade-credit: ${event.type} ${event.id} names plan ${planId}, which no payment session of this store made; ignored`)
    return { action: PaymentActions.NOT_SUPPORTED }
  }
  const status = await client.repayment.getStatus(planId)
  const data = { session_id: record.session_id, amount: new BigNumber(record.amount) }
  switch (status.funding_status) {
    case "ACCEPTED":
      return { action: PaymentActions.AUTHORIZED, data }
    case "REJECTED":
      await updatePlanSession(planId, { funding_status: "REJECTED" })
      return { action: PaymentActions.FAILED, data }
    default:
      return { action: PaymentActions.NOT_SUPPORTED }
  }
}
