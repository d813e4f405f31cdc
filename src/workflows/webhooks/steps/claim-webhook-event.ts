import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"

export type ClaimWebhookEventInput = {
  event_id: string
  type: string
  service_order_id: string | null
  /** The fingerprint of the webhook secret whose signature held (null: not known, e.g. queued before the upgrade). */
  verified_with?: string | null
}
export type ClaimedWebhookEvent = { claimed: boolean; record_id: string; previous_outcome: string | null }

/** The step's answer; the compensation gets the claimed row's id (null when nothing was claimed). */
const answer = (claim: ClaimedWebhookEvent) =>
  new StepResponse<ClaimedWebhookEvent, string | null>(claim, claim.claimed ? claim.record_id : null)

export const PROCESSING = "processing"
export const FAILED_PREFIX = "failed"

/**
 * Records the event by its id before anything is done, so a repeated delivery
 * (the service may send one event more than once; Medusa's bus may retry)
 * changes nothing: the unique `event_id` lets one delivery through. An event
 * whose handling failed may be taken again by a later delivery.
 */
export const claimWebhookEventStep = createStep(
  "trade-credit-claim-webhook-event",
  async (input: ClaimWebhookEventInput, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const find = async () => (await tradeCredit.listWebhookEvents({ event_id: input.event_id }, { take: 1 }))[0]
    const existing = await find()
    if (existing) {
      const outcome = existing.outcome ?? null
      if (!outcome?.startsWith(FAILED_PREFIX)) {
        return answer({ claimed: false, record_id: existing.id, previous_outcome: outcome })
      }
      await tradeCredit.updateWebhookEvents({
        id: existing.id,
        outcome: PROCESSING,
        verified_with: input.verified_with ?? existing.verified_with ?? null,
      })
      return answer({ claimed: true, record_id: existing.id, previous_outcome: outcome })
    }
    try {
      const created = await tradeCredit.createWebhookEvents({
        ...input,
        verified_with: input.verified_with ?? null,
        outcome: PROCESSING,
      })
      return answer({ claimed: true, record_id: created.id, previous_outcome: null })
    } catch (error) {
      // Another delivery of the same event got there first (unique event_id).
      const raced = await find()
      if (!raced) throw error
      return answer({ claimed: false, record_id: raced.id, previous_outcome: raced.outcome ?? null })
    }
  },
  async (recordId: string | null | undefined, { container }) => {
    if (!recordId) return
    // The handling stopped half-way: let a later delivery try again.
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    await tradeCredit.updateWebhookEvents({ id: recordId, outcome: `${FAILED_PREFIX}: the handling stopped` })
  },
)
