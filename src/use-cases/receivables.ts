import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { ReceivableEntryRow, ReceivableRow } from "../modules/trade-credit/types"
import type { TradeCreditReceivablesAnswer } from "../api/admin/trade-credit/receivables/receivable-types"
import { type ReceivableQuery, receivableFilters, receivableOrder } from "./receivable-filters"
import { receivableView } from "./receivable-view"

/** What the receivables use cases read: the plugin's module. */
export type ReceivablesDeps = {
  module: Pick<TradeCreditModuleService, "listAndCountReceivables" | "listReceivables" | "listReceivableEntries">
}

export type ReceivablesPage = ReceivableQuery & { limit: number; offset: number }

/** The lives of the documents, oldest line first, by document. */
async function entriesOf(deps: ReceivablesDeps, rows: ReceivableRow[]): Promise<Map<string, ReceivableEntryRow[]>> {
  const byReceivable = new Map<string, ReceivableEntryRow[]>(rows.map((row) => [row.id, []]))
  if (!rows.length) return byReceivable
  const entries = (await deps.module.listReceivableEntries(
    { receivable_id: rows.map((row) => row.id) },
    { order: { occurred_at: "ASC", id: "ASC" } },
  )) as ReceivableEntryRow[]
  for (const entry of entries) byReceivable.get(entry.receivable_id)?.push(entry)
  return byReceivable
}

/**
 * One page of the documents a query selects (the Receivables page, the order widget with `order_id`), each with its
 * life, and how many the query selects in all.
 */
export async function listReceivables(
  deps: ReceivablesDeps,
  page: ReceivablesPage,
  now = new Date(),
): Promise<TradeCreditReceivablesAnswer> {
  const { limit, offset, order, ...query } = page
  const [rows, count] = (await deps.module.listAndCountReceivables(receivableFilters(query, now), {
    order: receivableOrder(order) as never,
    take: limit,
    skip: offset,
  })) as [ReceivableRow[], number]
  const entries = await entriesOf(deps, rows)
  return {
    receivables: rows.map((row) => receivableView(row, entries.get(row.id) ?? [], now)),
    count,
    limit,
    offset,
  }
}

/** How many documents the export reads at a time. */
export const EXPORT_BATCH = 500

/**
 * Every document a query selects, a batch at a time in the query's order (the CSV export), without their lives.
 * The batches are read as they are asked for, so an export of any size holds one batch in memory.
 */
export async function* allReceivables(
  deps: ReceivablesDeps,
  query: ReceivableQuery,
  now = new Date(),
  batch = EXPORT_BATCH,
): AsyncGenerator<ReceivableRow[]> {
  const filters = receivableFilters(query, now)
  const order = receivableOrder(query.order) as never
  for (let skip = 0; ; skip += batch) {
    const rows = (await deps.module.listReceivables(filters, { order, take: batch, skip })) as ReceivableRow[]
    if (rows.length) yield rows
    if (rows.length < batch) return
  }
}
