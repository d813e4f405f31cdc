import { createHash } from "node:crypto"
import { Webhook } from "standardwebhooks"
import { SEED_EVENT_NAMES, WebhookEvent } from "./schemas/webhook"

/** What Medusa's webhook route queued: the parsed body, the raw body and the headers. */
export type WebhookDelivery = {
  data?: unknown
  rawData?: unknown
  headers?: Record<string, unknown>
}

/** `verifiedWith`: the fingerprint of the secret whose signature held (secretFingerprint). */
export type VerifiedDelivery = { ok: true; event: WebhookEvent; verifiedWith: string } | { ok: false; reason: string }

/**
 * A name for a webhook secret that can be shown (the admin's settings page, logs): the first 8 hex digits of its
 * SHA-256. It tells the secrets of a rotation apart and reveals nothing usable of them.
 */
export function secretFingerprint(secret: string): string {
  return createHash("sha256").update(secret).digest("hex").slice(0, 8)
}

/**
 * The raw body as it was signed. Medusa's route keeps it as a Buffer; an event
 * bus that serializes events (Redis) hands it over as `{type: "Buffer", data: [...]}`;
 * a string is taken as is. The parsed body is never re-serialized: the
 * signature is over the exact bytes.
 */
export function rawBodyOf(rawData: unknown): string | undefined {
  if (typeof rawData === "string") return rawData
  if (Buffer.isBuffer(rawData)) return rawData.toString("utf8")
  if (rawData instanceof Uint8Array) return Buffer.from(rawData).toString("utf8")
  if (rawData && typeof rawData === "object") {
    const serialized = rawData as { type?: unknown; data?: unknown }
    if (serialized.type === "Buffer" && Array.isArray(serialized.data))
      return Buffer.from(serialized.data as number[]).toString("utf8")
  }
  return undefined
}

/** Lower-cased header names with one string value each. */
function headersOf(headers: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === "string") result[name.toLowerCase()] = value
    else if (Array.isArray(value) && value.length) result[name.toLowerCase()] = String(value[0])
  }
  return result
}

/**
 * Checks a delivery's Standard Webhooks signature (webhook-id, webhook-timestamp
 * within 5 minutes, webhook-signature over `{id}.{timestamp}.{raw body}`), then
 * its JSON and the event's shape. The reason of a refusal never contains the
 * secret.
 */
export function verifyDelivery(
  delivery: WebhookDelivery,
  secrets: string | readonly string[] | undefined,
): VerifiedDelivery {
  const candidates = typeof secrets === "string" ? [secrets] : (secrets ?? []).filter(Boolean)
  if (!candidates.length)
    return { ok: false, reason: "no webhookSecret is configured (set TRADE_CREDIT_WEBHOOK_SECRET)" }
  const body = rawBodyOf(delivery.rawData)
  if (body === undefined) return { ok: false, reason: "the delivery has no raw body to verify" }
  const headers = headersOf(delivery.headers)
  let parsed: unknown
  let verifiedWith: string | undefined
  let refusal = "invalid"
  // During a rotation two secrets are configured: the delivery is accepted when either signature holds.
  for (const secret of candidates) {
    try {
      parsed = new Webhook(secret).verify(body, headers)
      verifiedWith = secretFingerprint(secret)
      break
    } catch (error) {
      if (error instanceof SyntaxError) return { ok: false, reason: "the signed body is not JSON" }
      refusal = error instanceof Error ? error.message : "invalid"
    }
  }
  if (verifiedWith === undefined) return { ok: false, reason: `signature refused: ${refusal}` }
  const event = WebhookEvent.safeParse(withSeedEventName(parsed))
  if (!event.success) {
    const type = (parsed as { type?: unknown } | null)?.type
    const issue = event.error.issues[0]
    return {
      ok: false,
      reason: (
        `unknown event type or shape (type ${JSON.stringify(type ?? null)}: ${issue?.path.join(".") || "body"} ` +
        `${issue?.message ?? ""})`
      ).trim(),
    }
  }
  return { ok: true, event: event.data, verifiedWith }
}

/**
 * The enrollment events by the names of the service's published documents (`business_registry.approved.v1`,
 * `business_registry.rejected.v1`) are read as the seed's `enrollment.approved` and the contract's
 * `enrollment.declined` (SEED_EVENT_NAMES): whichever spelling the service sends, the plugin acts on it, and the same
 * event arrives at the pipeline (same type, same ids) under either name.
 */
export function withSeedEventName(parsed: unknown): unknown {
  if (!parsed || typeof parsed !== "object") return parsed
  const type = (parsed as { type?: unknown }).type
  if (typeof type !== "string" || !Object.hasOwn(SEED_EVENT_NAMES, type)) return parsed
  return { ...(parsed as Record<string, unknown>), type: SEED_EVENT_NAMES[type] }
}
