import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { runReconciliation } from "../../../../workflows/reconciliation/run-reconciliation"
import { withRunOutcome } from "../../../../workflows/reconciliation/run-outcome"
import type { ListReconciliationRunsQuery, RunReconciliationBody } from "./validators"

/**
 * The reconciliation runs, newest first: what each found and did, with the discrepancies counted by name
 * (`unknown_at_service`: orders the service answers 404 for). The query is checked by ./middlewares.ts.
 */
export async function GET(req: MedusaRequest<unknown, ListReconciliationRunsQuery>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const [runs, count] = await tradeCredit.listAndCountReconciliationRuns(
    {},
    { order: { created_at: "DESC", id: "DESC" }, take: limit, skip: offset },
  )
  res.json({ runs: runs.map(withRunOutcome), count, limit, offset })
}

/** Runs a reconciliation now (all payments, or `{order_id}`: one Medusa order's) and answers the run, with its named
 * counts. */
export async function POST(req: MedusaRequest<RunReconciliationBody>, res: MedusaResponse) {
  const run = await runReconciliation(req.scope, { trigger: "admin", order_id: req.validatedBody.order_id })
  res.json({ run })
}
