import type { MedusaContainer } from "@medusajs/framework/types"
import { errorIds, logLine } from "../../utils/log-line"
import { pluginLoggerOf } from "../../medusa/plugin-logger"
import { applyProposalStateWorkflow } from "./apply-proposal-state"
import { tradeCreditOf, UNDECIDED_STATUSES } from "./enrollment-store"

export type EnrollmentPollOutcome = {
  enrollment_id: string
  proposal_id: string
  /** The status the service reports now, or "failed". */
  status: string
  changed: boolean
  detail?: string
}

export type EnrollmentPoll = { checked: number; outcomes: EnrollmentPollOutcome[] }

/**
 * The fallback of the `enrollment.approved` / `enrollment.declined` webhooks, a scheduler of the function the sync
 * pipeline runs for them (applyProposalStateWorkflow, under the lock `trade-credit:proposal:<id>`): enrollments whose
 * proposal is still SUBMITTED or IN_REVIEW here, least recently asked first, are read back from the service and
 * follow its state. A decision found here emits `trade-credit.enrollment.approved|declined` as the webhook's would,
 * once: whichever of the two applies the proposal first records it, the other finds nothing to change.
 * One proposal's failure is logged and does not stop the others.
 */
export async function pollEnrollments(
  container: MedusaContainer,
  { limit = 100 }: { limit?: number } = {},
): Promise<EnrollmentPoll> {
  const tradeCredit = tradeCreditOf(container)
  const logger = pluginLoggerOf(container)
  const rows = await tradeCredit.listEnrollments(
    { status: UNDECIDED_STATUSES },
    { take: limit, order: { updated_at: "ASC" } },
  )
  const outcomes: EnrollmentPollOutcome[] = []
  for (const row of rows) {
    if (!row.proposal_id) continue
    const base = { enrollment_id: row.id, proposal_id: row.proposal_id }
    try {
      const { result } = await applyProposalStateWorkflow(container).run({
        input: { proposal_id: row.proposal_id, polled: true },
      })
      const status = result.enrollment?.status ?? row.status
      const changed = result.changed.includes("status")
      outcomes.push({ ...base, status, changed })
      if (changed) {
        logLine(
          logger,
          "info",
          `trade-credit: proposal ${row.proposal_id} is ${status} (enrollment ${row.id}, found by polling)`,
          {
            customer_id: row.customer_id,
            enrollment_id: row.id,
            proposal_id: row.proposal_id,
            status,
          },
        )
      }
    } catch (error) {
      const detail = (error as Error).message
      outcomes.push({ ...base, status: "failed", changed: false, detail })
      logLine(logger, "warn", `trade-credit: could not poll proposal ${row.proposal_id}: ${detail}`, {
        customer_id: row.customer_id,
        enrollment_id: row.id,
        proposal_id: row.proposal_id,
        ...errorIds(error),
      })
    }
  }
  return { checked: outcomes.length, outcomes }
}
