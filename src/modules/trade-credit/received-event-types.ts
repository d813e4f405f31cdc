import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"

/** One statement: a type seen for the first time gets its row, a known one its count and time. */
const COUNT = `
insert into "trade_credit_received_event_type" as seen ("id", "type", "count", "last_received_at")
values (?, ?, 1, ?)
on conflict ("type") where "deleted_at" is null do update set
  "count" = seen."count" + 1,
  "last_received_at" = greatest(seen."last_received_at", excluded."last_received_at"),
  "updated_at" = now()`

export async function countReceivedEventType(manager: EntityManager, type: string, at: Date): Promise<void> {
  await manager.execute(COUNT, [generateEntityId(undefined, "tcret"), type, at.toISOString()], "run")
}
