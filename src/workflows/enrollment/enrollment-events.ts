import type { EnrollmentStatus } from "../../modules/trade-credit/models/enrollment"
import type { ApplyProposalResult } from "./steps/apply-proposal"

/**
 * The Medusa events the plugin emits when a sole trader's proposal is decided (public: a store may subscribe; README,
 * "Sole traders"). Emitted once per decision, after the enrollment was changed, by whichever path saw the decision
 * first: the service's webhook (the sync pipeline), the enrollment poll, or a store route that read the proposal.
 */
export const ENROLLMENT_EVENTS = {
  "enrollment.approved": "trade-credit.enrollment.approved",
  "enrollment.declined": "trade-credit.enrollment.declined",
} as const

export type EnrollmentEventName = (typeof ENROLLMENT_EVENTS)[keyof typeof ENROLLMENT_EVENTS]

/** What subscribers of trade-credit.enrollment.* receive (the enrollment is already changed when they run). */
export type EnrollmentEventData = {
  proposal_id: string
  /** The service's webhook event that brought the decision; null when the poll or a store route found it first. */
  event_id: string | null
  /** The service's event type the decision is: `enrollment.approved` or `enrollment.declined`. */
  type: keyof typeof ENROLLMENT_EVENTS
  enrollment_id: string
  customer_id: string
  status: EnrollmentStatus
}

/** The service's decision each status is (the statuses a proposal ends in with a decision). */
const DECISIONS: Partial<Record<EnrollmentStatus, keyof typeof ENROLLMENT_EVENTS>> = {
  ACCEPTED: "enrollment.approved",
  DECLINED: "enrollment.declined",
}

/**
 * The Medusa event an application of a proposal calls for: one when it changed the enrollment's status to ACCEPTED or
 * DECLINED, none otherwise (nothing changed, another status, or no enrollment names the proposal). Under the
 * proposal's lock the status changes once, so the event is emitted once.
 */
export function decisionEventOf(
  applied: ApplyProposalResult,
  eventId: string | null = null,
): { eventName: EnrollmentEventName; data: EnrollmentEventData } | null {
  const row = applied.enrollment
  if (!row?.proposal_id || !applied.changed.includes("status")) return null
  const type = DECISIONS[row.status]
  if (!type) return null
  return {
    eventName: ENROLLMENT_EVENTS[type],
    data: {
      proposal_id: row.proposal_id,
      event_id: eventId,
      type,
      enrollment_id: row.id,
      customer_id: row.customer_id,
      status: row.status,
    },
  }
}

/** The lock every application of a proposal takes (webhook, poll, store routes): one at a time per proposal. */
export const proposalLockKey = (proposalId: string) => `trade-credit:proposal:${proposalId}`
