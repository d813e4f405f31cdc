import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { RateLimitHit } from "./types"

/**
 * Counts one hit of `key` and answers the bucket after it, in one statement: the row is locked by the upsert, so
 * concurrent hits from any number of instances are counted one after the other and none is lost. A window that
 * has ended starts again at 1. Every time is PostgreSQL's `now()`, so instances whose clocks disagree still share
 * one window; the answer gives the time left in it, not the instant it ends.
 */
const COUNT_HIT = `
insert into "trade_credit_rate_limit_bucket" as bucket ("key", "count", "reset_at")
values (?, 1, now() + ? * interval '1 millisecond')
on conflict ("key") do update set
  "count" = case when bucket."reset_at" <= now() then 1 else bucket."count" + 1 end,
  "reset_at" = case when bucket."reset_at" <= now() then excluded."reset_at" else bucket."reset_at" end,
  "updated_at" = now()
returning "count", (extract(epoch from "reset_at" - now()) * 1000)::float8 as "ms_left"`

/**
 * Deletes at most `?` buckets whose window has ended (the oldest first, through the index on reset_at). Rows that
 * a hit holds right now are skipped, not waited for: that hit is restarting the bucket anyway.
 */
const DELETE_EXPIRED = `
delete from "trade_credit_rate_limit_bucket" where "key" in (
  select "key" from "trade_credit_rate_limit_bucket"
  where "reset_at" < now() and "deleted_at" is null
  order by "reset_at"
  limit ?
  for update skip locked
)`

export async function countRateLimitHit(
  manager: EntityManager,
  key: string,
  windowMs: number,
  max: number,
): Promise<RateLimitHit> {
  const [row] = await manager.execute<{ count: number; ms_left: number }[]>(COUNT_HIT, [key, windowMs])
  return {
    allowed: row.count <= max,
    remaining: Math.max(0, max - row.count),
    resetAt: Date.now() + row.ms_left,
  }
}

/** Answers how many expired buckets were deleted. */
export async function deleteExpiredRateLimitBuckets(manager: EntityManager, limit: number): Promise<number> {
  const result = await manager.execute<{ affectedRows: number }>(DELETE_EXPIRED, [limit], "run")
  return result.affectedRows
}
