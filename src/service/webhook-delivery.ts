import { Webhook } from "standardwebhooks"
import { WebhookEvent } from "./schemas"

/** What Medusa's webhook route queued: the parsed body, the raw body and the headers. */
export type WebhookDelivery = {
  data?: unknown
  rawData?: unknown
  headers?: Record<string, unknown>
}

export type VerifiedDelivery = { ok: true; event: WebhookEvent } | { ok: false; reason: string }

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
    if (serialized.type === "Buffer" && Array.isArray(serialized.data)) return Buffer.from(serialized.data as number[]).toString("utf8")
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
export function verifyDelivery(delivery: WebhookDelivery, secret: string | undefined): VerifiedDelivery {
  if (!secret) return { ok: false, reason: "no webhookSecret is configured (set TRADE_CREDIT_WEBHOOK_SECRET)" }
  const body = rawBodyOf(delivery.rawData)
  if (body === undefined) return { ok: false, reason: "the delivery has no raw body to verify" }
  let parsed: unknown
  try {
    parsed = new Webhook(secret).verify(body, headersOf(delivery.headers))
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reason: "the signed body is not JSON" }
    return { ok: false, reason: `signature refused: ${error instanceof Error ? error.message : "invalid"}` }
  }
  const event = WebhookEvent.safeParse(withSeedEventName(parsed))
  if (!event.success) {
    const type = (parsed as { type?: unknown } | null)?.type
    const issue = event.error.issues[0]
    return {
      ok: false,
      reason: `unknown event type or shape (type ${JSON.stringify(type ?? null)}: ${issue?.path.join(".") || "body"} ${issue?.message ?? ""})`.trim(),
    }
  }
  return { ok: true, event: event.data }
}

/**
 * The enrollment events by the names of the service's published documents (`business_registry.approved.v1`,
 * `business_registry.rejected.v1`) are read as the seed's `enrollment.approved` and the contract's
 * `enrollment.declined`: whichever spelling the service sends, the plugin acts on it.
 */
const SEED_EVENT_NAMES: Record<string, string> = {
  "business_registry.approved.v1": "enrollment.approved",
  "business_registry.rejected.v1": "enrollment.declined",
}

function withSeedEventName(parsed: unknown): unknown {
  if (!parsed || typeof parsed !== "object") return parsed
  const type = (parsed as { type?: unknown }).type
  if (typeof type !== "string" || !(type in SEED_EVENT_NAMES)) return parsed
  return { ...(parsed as Record<string, unknown>), type: SEED_EVENT_NAMES[type] }
}
