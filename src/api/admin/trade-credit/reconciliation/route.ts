import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { runReconciliation } from "../../../../workflows/reconciliation/run-reconciliation"
import { ListReconciliationRunsQuery, parseOrThrow, RunReconciliationBody } from "./validators"

/** The reconciliation runs, newest first: what each found and did. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { limit, offset } = parseOrThrow(ListReconciliationRunsQuery, req.query, "query")
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const [runs, count] = await tradeCredit.listAndCountReconciliationRuns(
    {},
    { order: { created_at: "DESC", id: "DESC" }, take: limit, skip: offset }
  )
  res.json({ runs, count, limit, offset })
}

/** Runs a reconciliation now (all payments, or `{order_id}`: one Medusa order's) and answers the run. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { order_id } = parseOrThrow(RunReconciliationBody, req.body, "body")
  const run = await runReconciliation(req.scope, { trigger: "admin", order_id })
  res.json({ run })
}
