import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"

/** What a verified returning buyer with several businesses left to choose from: the email and its matches token. */
export type KeptMatches = { email: string; token: string }

/** A claimed matches token and the time it had left (to give it back unchanged when the choice fails). */
export type ClaimedMatches = KeptMatches & { msLeft: number }

const SEALED = "v1:"

/** The AES-256 key the tokens are sealed with: derived from a secret of the plugin's options (the API key). */
const keyOf = (secret: string) => createHmac("sha256", secret).update("trade-credit matches token v1").digest()

/**
 * Seals a matches token for the database (AES-256-GCM, a fresh IV each time): the stored text, a query log (MikroORM's
 * debug logging in development) or a database dump never holds the token itself.
 */
export function sealMatchesToken(token: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv)
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()])
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")
}

/** Opens a sealed token with the first secret that sealed it (the API key, or the previous one during a rotation). */
export function openMatchesToken(stored: string, secrets: readonly (string | undefined)[]): string | undefined {
  if (!stored.startsWith(SEALED)) return undefined
  const raw = Buffer.from(stored.slice(SEALED.length), "base64url")
  if (raw.length < 29) return undefined
  for (const secret of secrets) {
    if (!secret) continue
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")
    } catch {
      // another secret sealed it
    }
  }
  return undefined
}

/**
 * Keeps (or replaces: the buyer verified again) a customer's matches token until `now() + ttl`, on PostgreSQL's clock,
 * so instances whose clocks disagree agree on its expiry.
 */
const KEEP = `
insert into "trade_credit_matches_token" as kept ("customer_id", "email", "token", "expires_at")
values (?, ?, ?, now() + ? * interval '1 millisecond')
on conflict ("customer_id") do update set
  "email" = excluded."email",
  "token" = excluded."token",
  "expires_at" = excluded."expires_at",
  "updated_at" = now(),
  "deleted_at" = null`

/**
 * Takes the customer's token away in one statement (the row is deleted and answered): of two choices at once, on any
 * instances, one gets it and the other finds nothing. An expired row is deleted too, and answered as not live.
 */
const CLAIM = `
delete from "trade_credit_matches_token"
where "customer_id" = ?
returning "email", "token", ("expires_at" > now() and "deleted_at" is null) as "live",
  (extract(epoch from "expires_at" - now()) * 1000)::float8 as "ms_left"`

/** Gives a claimed token back with the time it had left, unless the buyer verified again meanwhile (that row wins). */
const RESTORE = `
insert into "trade_credit_matches_token" ("customer_id", "email", "token", "expires_at")
values (?, ?, ?, now() + ? * interval '1 millisecond')
on conflict ("customer_id") do nothing`

/** Deletes at most `?` expired tokens, skipping rows another statement holds. */
const DELETE_EXPIRED = `
delete from "trade_credit_matches_token" where "customer_id" in (
  select "customer_id" from "trade_credit_matches_token"
  where "expires_at" <= now()
  order by "expires_at"
  limit ?
  for update skip locked
)`

/** The secrets tokens are sealed with: the first seals, every one opens (the API key, then the previous one). */
export type SealingSecrets = readonly [string, ...(string | undefined)[]]

export async function keepMatchesToken(
  manager: EntityManager,
  secrets: SealingSecrets,
  customerId: string,
  kept: KeptMatches,
  ttlMs: number,
): Promise<void> {
  await manager.execute(
    KEEP,
    [customerId, kept.email, sealMatchesToken(kept.token, secrets[0]), Math.max(1, Math.round(ttlMs))],
    "run",
  )
}

/** The customer's live token, taken away (used up), or undefined when there is none, it expired or no secret opens it.
 * */
export async function claimMatchesToken(
  manager: EntityManager,
  secrets: SealingSecrets,
  customerId: string,
): Promise<ClaimedMatches | undefined> {
  const rows = await manager.execute<{ email: string; token: string; live: boolean; ms_left: number }[]>(CLAIM, [
    customerId,
  ])
  const row = rows[0]
  if (!row || !row.live) return undefined
  const token = openMatchesToken(row.token, secrets)
  return token === undefined ? undefined : { email: row.email, token, msLeft: row.ms_left }
}

/** Gives a claimed token back (the choice failed before it was used); nothing when it had no time left. */
export async function restoreMatchesToken(
  manager: EntityManager,
  secrets: SealingSecrets,
  customerId: string,
  claimed: ClaimedMatches,
): Promise<void> {
  const ms = Math.round(claimed.msLeft)
  if (!(ms > 0)) return
  await manager.execute(RESTORE, [customerId, claimed.email, sealMatchesToken(claimed.token, secrets[0]), ms], "run")
}

/** Answers how many expired tokens were deleted. */
export async function deleteExpiredMatchesTokens(manager: EntityManager, limit: number): Promise<number> {
  const result = await manager.execute<{ affectedRows: number }>(DELETE_EXPIRED, [limit], "run")
  return result.affectedRows
}
