import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { FundingDecidedEvent } from "../../service/schemas/webhook"
import { type PlanFundingOutcome, syncPlanFunding } from "./sync-plan-funding"
import type { WebhookEventOutcome } from "./webhook-received"
import { errorMessage } from "../../utils/error-message"

const describe = (o: PlanFundingOutcome) => `funding ${o.funding_status ?? "unknown"} at the service`

/**
 * Reads the plan's funding back from the service and brings its payment session in line (sync-plan-funding.ts, as
 * the funding poll does): never the event's own `funding_status`, so a late or repeated event changes nothing. A plan
 * no payment session of this store made is ignored. Never throws: a failure is an outcome with `error`.
 */
export async function applyFundingEvent(
  container: MedusaContainer,
  event: FundingDecidedEvent,
): Promise<WebhookEventOutcome> {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const planId = event.data.plan_id
  let outcome: WebhookEventOutcome
  try {
    const [row] = await tradeCredit.listRepaymentPlanSessions({ plan_id: planId }, { take: 1 })
    if (!row) {
      outcome = { found: `no payment session of this store made plan ${planId}`, action: "none" }
    } else {
      const synced = await syncPlanFunding(container, tradeCredit, row)
      outcome =
        synced.action === "failed"
          ? { found: describe(synced), action: "none", error: synced.detail ?? "the funding could not be applied" }
          : {
              found: describe(synced),
              action: `${synced.action.replace(/_/g, " ")}${synced.detail ? `: ${synced.detail}` : ""}`,
            }
    }
  } catch (error) {
    outcome = { found: `plan ${planId}`, action: "none", error: errorMessage(error) }
  }
  return outcome
}
