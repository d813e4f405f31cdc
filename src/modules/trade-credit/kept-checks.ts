import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"

/**
 * Keeps each answer under its key until `now() + ttl` (PostgreSQL's clock). A newer answer replaces the row; an
 * intent the service answers again under its idempotency key (the same tracking id) leaves its row as it is, so an
 * intent an order spent stays spent and its time is not extended.
 */
const keepStatement = (rows: number) => `
insert into "trade_credit_kept_check" as kept ("key", "answer", "tracking_id", "expires_at")
values ${Array(rows).fill("(?, ?::jsonb, ?, now() + ? * interval '1 millisecond')").join(", ")}
on conflict ("key") do update set
  "answer" = excluded."answer",
  "tracking_id" = excluded."tracking_id",
  "expires_at" = excluded."expires_at",
  "spent_at" = null,
  "updated_at" = now(),
  "deleted_at" = null
where kept."tracking_id" is null or kept."tracking_id" is distinct from excluded."tracking_id"`

/** The live answer under `key`: not expired, not spent. */
const FIND = `
select "answer" from "trade_credit_kept_check"
where "key" = ? and "expires_at" > now() and "spent_at" is null and "deleted_at" is null`

/** An order was made with this tracking id: its intent is never handed to another order. */
const SPEND = `
update "trade_credit_kept_check" set "spent_at" = now(), "updated_at" = now()
where "tracking_id" = ? and "spent_at" is null`

/**
 * Deletes at most `?` rows expired for a day (the oldest first, through the index on expires_at); rows in use are
 * skipped. A spent intent's row outlives its reuse by that day, so an answer replayed under its key finds it spent.
 */
const DELETE_EXPIRED = `
delete from "trade_credit_kept_check" where "key" in (
  select "key" from "trade_credit_kept_check"
  where "expires_at" < now() - interval '1 day'
  order by "expires_at"
  limit ?
  for update skip locked
)`

/** What `keepChecks` keeps: an answer under its key, an intent with its tracking id. */
export type CheckToKeep = { key: string; answer: unknown; trackingId?: string | null }

/** Keeps every answer for `ttlMs` in one statement (a search's companies at once). */
export async function keepChecks(manager: EntityManager, checks: CheckToKeep[], ttlMs: number): Promise<void> {
  // One row per key: a key given twice keeps its last answer (an upsert cannot touch a row twice in one statement).
  const byKey = new Map(checks.map((check) => [check.key, check]))
  if (!byKey.size) return
  const rows = [...byKey.values()]
  const params = rows.flatMap((row) => [row.key, JSON.stringify(row.answer), row.trackingId ?? null, ttlMs])
  await manager.execute(keepStatement(rows.length), params, "run")
}

export async function findKeptCheck<T>(manager: EntityManager, key: string): Promise<T | undefined> {
  const [row] = await manager.execute<{ answer: T }[]>(FIND, [key])
  return row?.answer ?? undefined
}

export async function spendKeptCheck(manager: EntityManager, trackingId: string): Promise<void> {
  await manager.execute(SPEND, [trackingId], "run")
}

/** Answers how many expired rows were deleted. */
export async function deleteExpiredKeptChecks(manager: EntityManager, limit: number): Promise<number> {
  const result = await manager.execute<{ affectedRows: number }>(DELETE_EXPIRED, [limit], "run")
  return result.affectedRows
}
