import { model } from "@medusajs/framework/utils"

/** One line of a run's findings: a payment compared with the service's order, what was found and what was done. */
export type ReconciliationFinding = {
  session_id: string
  payment_id: string | null
  order_id: string | null
  service_order_id: string | null
  found: string
  action: string
  error?: string
}

/** What a reconciliation run compared, found and repaired (readable through the admin API). */
export const ReconciliationRun = model.define("trade_credit_reconciliation_run", {
  id: model.id({ prefix: "tcrec" }).primaryKey(),
  trigger: model.enum(["schedule", "admin"]).default("schedule"),
  finished_at: model.dateTime().nullable(),
  checked: model.number().default(0),
  repaired: model.number().default(0),
  failed: model.number().default(0),
  /** Only the plugin writes the column, always as a list of findings. */
  findings: model.json<ReconciliationFinding[]>().nullable(),
})
