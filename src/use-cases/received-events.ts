import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { ReceivedEventTypeRow } from "../modules/trade-credit/types"
import type { TradeCreditReceivedEventsAnswer } from "../api/admin/trade-credit/receivables/receivable-types"
import { isoOf } from "./receivable-view"

export type ReceivedEventsDeps = { module: Pick<TradeCreditModuleService, "listAndCountReceivedEventTypes"> }

/**
 * The event types the service sent that the plugin acknowledged without acting on them (credit lines, workflows,
 * payee accounts), the latest received first, with how many arrived: Settings → Trade credit lists them.
 */
export async function listReceivedEvents(
  deps: ReceivedEventsDeps,
  page: { limit: number; offset: number },
): Promise<TradeCreditReceivedEventsAnswer> {
  const [rows, count] = (await deps.module.listAndCountReceivedEventTypes(
    {},
    { order: { last_received_at: "DESC", type: "ASC" }, take: page.limit, skip: page.offset },
  )) as [ReceivedEventTypeRow[], number]
  return {
    received_events: rows.map((row) => ({
      type: row.type,
      count: Number(row.count),
      last_received_at: isoOf(row.last_received_at)!,
    })),
    count,
    ...page,
  }
}
