import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { findReconciliationTargetsStep } from "./steps/find-reconciliation-targets"
import { reconcilePaymentSessionsStep } from "./steps/reconcile-payment-sessions"
import { recordReconciliationRunStep } from "./steps/record-reconciliation-run"
import { repairReceivablesStep } from "./steps/repair-receivables"
import { startReconciliationRunStep } from "./steps/start-reconciliation-run"

export type ReconcilePaymentsInput = {
  trigger: "schedule" | "admin"
  /** Only this Medusa order's trade credit payments (the admin's re-sync). */
  order_id?: string
  /** At most this many payments per run (default 100). */
  limit?: number
  /** How far back pending sessions and recent captures are looked at, in days (default 7). */
  lookback_days?: number
}

export const RECONCILIATION_DEFAULTS = { limit: 100, lookback_days: 7 } as const

export const reconcilePaymentsWorkflowId = "trade-credit-reconcile-payments"

/**
 * Compares Medusa's trade credit payments in non-final states with the
 * service's orders and repairs Medusa: a missed `order.verified.v1` (the cart is
 * completed), a missed cancellation (the session, payment or order is
 * canceled), the process stopping between the service's answer and Medusa's
 * write (the session learns its order), invoices and credit notes missing from
 * the payment's data. Money Medusa lacks is reported, not invented. The run,
 * with what it found and did, is kept in the plugin's module. Then the invoices a
 * lost `order.reconciliation.*` event left behind are read back (repair-receivables.ts,
 * bounded per run; logged, not counted in the run).
 */
export const reconcilePaymentsWorkflow = createWorkflow(
  reconcilePaymentsWorkflowId,
  (input: WorkflowData<ReconcilePaymentsInput>) => {
    const run = startReconciliationRunStep({ trigger: input.trigger })
    const targets = findReconciliationTargetsStep(
      transform({ input }, ({ input }) => ({
        limit: input.limit ?? RECONCILIATION_DEFAULTS.limit,
        lookback_days: input.lookback_days ?? RECONCILIATION_DEFAULTS.lookback_days,
        order_id: input.order_id,
      })),
    )
    const outcomes = reconcilePaymentSessionsStep(targets)
    repairReceivablesStep(
      transform({ input, outcomes }, ({ input }) => ({
        lookback_days: input.lookback_days ?? RECONCILIATION_DEFAULTS.lookback_days,
        order_id: input.order_id,
      })),
    )
    const finished = recordReconciliationRunStep(
      transform({ run, outcomes, input }, ({ run, outcomes, input }) => ({
        run_id: run.id,
        outcomes,
        keep_in_sync: !!input.order_id,
      })),
    )
    return new WorkflowResponse(finished)
  },
)
