import { model } from "@medusajs/framework/utils"

/** What a reconciliation run compared, found and repaired (readable through the admin API). */
export const ReconciliationRun = model.define("trade_credit_reconciliation_run", {
  id: model.id({ prefix: "tcrec" }).primaryKey(),
  trigger: model.enum(["schedule", "admin"]).default("schedule"),
  finished_at: model.dateTime().nullable(),
  checked: model.number().default(0),
  repaired: model.number().default(0),
  failed: model.number().default(0),
  findings: model.json().nullable(),
})
