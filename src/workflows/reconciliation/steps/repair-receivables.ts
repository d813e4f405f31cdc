import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"
import { errorMessage } from "../../../utils/error-message"
import { logLine } from "../../../utils/log-line"
import { syncInvoice } from "../../webhooks/receivables/sync-invoice"
import { findReceivableTargets, RECEIVABLE_REPAIRS_PER_RUN } from "../find-receivable-targets"

export type RepairReceivablesInput = {
  lookback_days: number
  order_id?: string
}

/** What the run's invoice reads did (logged; the run's counts are its payments'). */
export type RepairReceivablesResult = { read: number; changed: number; failed: number }

/**
 * Reads back the invoices a lost event may have left behind (find-receivable-targets.ts: at most
 * RECEIVABLE_REPAIRS_PER_RUN a run) and keeps them as the service has them, through the same sync as the
 * `order.reconciliation.*` events (receivables/sync-invoice.ts, under the lock of the order's documents). Each change
 * and failure is logged; the run's own counts and findings stay its payments'. One bad invoice never stops the run,
 * and neither does this step: a failure to find the targets is logged.
 */
export const repairReceivablesStep = createStep(
  "trade-credit-repair-receivables",
  async (input: RepairReceivablesInput, { container }) => {
    const logger = pluginLoggerOf(container)
    const result: RepairReceivablesResult = { read: 0, changed: 0, failed: 0 }
    try {
      const targets = await findReceivableTargets(container, {
        limit: RECEIVABLE_REPAIRS_PER_RUN,
        lookbackDays: input.lookback_days,
        orderId: input.order_id,
      })
      for (const serviceOrderId of targets) {
        const outcome = await syncInvoice(container, { serviceOrderId })
        result.read++
        if (outcome.error) result.failed++
        else if (outcome.changed) result.changed++
        if (!outcome.error && !outcome.changed) continue
        const done = outcome.error ? `error: ${outcome.error}` : outcome.action
        logLine(logger, outcome.error ? "warn" : "info", `trade-credit: reconciliation: ${outcome.found}; ${done}`, {
          service_order_id: serviceOrderId,
          order_id: outcome.order_id,
        })
      }
    } catch (error) {
      result.failed++
      logLine(
        logger,
        "warn",
        `trade-credit: reconciliation: the invoices could not be read back: ${errorMessage(error)}`,
      )
    }
    return new StepResponse(result)
  },
)
