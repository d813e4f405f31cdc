import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { Proposal } from "../../service/schemas/registration"
import type { ApprovalEventFacts } from "./enrollment-store"
import { decisionEventOf, type EnrollmentEventName, proposalLockKey } from "./enrollment-events"
import { applyProposalStep, type ApplyProposalResult } from "./steps/apply-proposal"
import { readProposalStep } from "./steps/read-proposal"

export type ApplyProposalStateInput = {
  proposal_id: string
  /** The proposal just read from (or answered by) the service; read again when left out. */
  proposal?: Proposal
  /** Set by the polling job: the row records when it was last asked. */
  polled?: boolean
  /** The service's webhook event being handled, if any (named in the Medusa event a decision emits). */
  event_id?: string | null
  /**
   * The `enrollment.approved` event being handled, if any (its organization number, used only when the proposal read
   * back is ACCEPTED without an enrolled business).
   */
  approval?: ApprovalEventFacts | null
}

export type ApplyProposalStateResult = ApplyProposalResult & {
  /** The proposal's status at the service, as read (or passed) under the lock. */
  proposal_status: Proposal["status"]
  /** The Medusa event emitted for a decision this run recorded (`trade-credit.enrollment.approved|declined`), or null.
   * */
  emitted: EnrollmentEventName | null
}

export const applyProposalStateWorkflowId = "trade-credit-apply-proposal-state"

/**
 * The enrollment of a proposal follows the proposal's current state at the service. The one function every path
 * runs: the sync pipeline for `enrollment.approved|declined` (workflows/webhooks/apply-enrollment-event.ts), the
 * enrollment poll (poll-enrollments.ts) and the store routes that read a proposal.
 *
 * 0. lock `trade-credit:proposal:<id>` (Medusa's locking module, shared by every instance with the Redis provider):
 *    a webhook and a poll, on one instance or two, apply one proposal one after the other;
 * 1. read the proposal from the service (unless the caller just got it);
 * 2. apply it to the enrollment (only what differs: a second application changes nothing);
 * 3. when the status became ACCEPTED or DECLINED, emit `trade-credit.enrollment.approved|declined` (public events a
 *    store may subscribe to): once per decision, after the enrollment changed (Medusa releases a workflow's events
 *    when it ends).
 */
export const applyProposalStateWorkflow = createWorkflow(
  applyProposalStateWorkflowId,
  (input: ApplyProposalStateInput) => {
    const lock = transform({ input }, ({ input }) => proposalLockKey(input.proposal_id))
    acquireLockStep({ key: lock, timeout: 60, ttl: 120, executeOnSubWorkflow: true })
    const proposal = readProposalStep(input)
    const applied = applyProposalStep({ proposal, polled: input.polled, approval: input.approval ?? null })
    const decision = transform({ input, applied }, ({ input, applied }) =>
      decisionEventOf(applied, input.event_id ?? null),
    )
    when("trade-credit-proposal-decided", { decision }, ({ decision }) => !!decision).then(() => {
      emitEventStep(
        transform({ decision }, ({ decision }) => ({ eventName: decision!.eventName, data: decision!.data })),
      ).config({ name: "trade-credit-emit-enrollment-decision" })
    })
    releaseLockStep({ key: lock, executeOnSubWorkflow: true })
    const result = transform(
      { proposal, applied, decision },
      ({ proposal, applied, decision }): ApplyProposalStateResult => ({
        ...applied,
        proposal_status: proposal.status,
        emitted: decision?.eventName ?? null,
      }),
    )
    return new WorkflowResponse(result)
  },
)
