import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listReceivables } from "../../../../use-cases/receivables"
import { adminDepsOf } from "../admin-deps"
import type { TradeCreditReceivablesAnswer } from "./receivable-types"
import type { ListReceivablesQuery } from "./validators"

/**
 * `GET /admin/trade-credit/receivables`: the buyers' documents (invoices, credit notes, instalment invoices,
 * statements) with their lives, filtered by status (`overdue`: open or part paid past the due date), kind, a search
 * text, an order or a customer; `{receivables, count, limit, offset}`. The Receivables page and the order widget.
 */
export async function GET(
  req: MedusaRequest<unknown, ListReceivablesQuery>,
  res: MedusaResponse<TradeCreditReceivablesAnswer>,
) {
  res.setHeader("Cache-Control", "private, no-store")
  res.json(await listReceivables(adminDepsOf(req), req.validatedQuery))
}
