import { verifyDelivery, type WebhookDelivery } from "../../../service/webhook-delivery"
import { LEGACY_ORDER_EVENT_TYPES, ORDER_EVENT_TYPES, type WebhookEvent } from "../../../service/schemas"
import { Codes, type ErrorCode } from "../../errors/codes"

/** The service's event types this plugin knows (contract section 7); the order events also by their older names. */
const KNOWN_TYPES = new Set<string>([
  "enrollment.approved",
  "enrollment.declined",
  ...ORDER_EVENT_TYPES,
  ...LEGACY_ORDER_EVENT_TYPES,
  "repayment.plan.funding_decided",
])

export type DeliveryVerdict =
  /** `verifiedWith`: the fingerprint of the secret whose signature held (one of two during a rotation). */
  | { kind: "event"; event: WebhookEvent; verifiedWith: string }
  /** Signed by the service, but of a type this plugin does not know (a newer event): acknowledged and ignored. */
  | { kind: "unknown_type"; id: string; type: string }
  | { kind: "refused"; status: 400 | 401 | 503; code: ErrorCode; reason: string }

/**
 * A delivery verified as the service signs it (verifyDelivery: Standard
 * Webhooks signature, timestamp within 5 minutes, JSON, event shape), sorted
 * into what the route answers: forged or stale 401, malformed 400, an event of
 * an unknown type 2xx (so the service stops retrying it), no secret
 * configured 503 (the service retries once it is).
 */
export function classifyDelivery(delivery: WebhookDelivery, secrets: readonly string[] | string | undefined): DeliveryVerdict {
  const verified = verifyDelivery(delivery, secrets)
  if (verified.ok) return { kind: "event", event: verified.event, verifiedWith: verified.verifiedWith }
  const reason = verified.reason
  if (!secrets?.length) return { kind: "refused", status: 503, code: Codes.TRADE_CREDIT_WEBHOOK_NOT_CONFIGURED, reason }
  if (reason.startsWith("signature refused")) return { kind: "refused", status: 401, code: Codes.TRADE_CREDIT_WEBHOOK_SIGNATURE, reason }
  if (reason.startsWith("unknown event type or shape")) {
    // The signature held, so the body is the service's JSON: an envelope of a type not known here is acknowledged.
    const body = safeParse(delivery.rawData)
    if (body && typeof body.id === "string" && typeof body.type === "string" && !KNOWN_TYPES.has(body.type)) {
      return { kind: "unknown_type", id: body.id, type: body.type }
    }
  }
  return { kind: "refused", status: 400, code: Codes.TRADE_CREDIT_WEBHOOK_MALFORMED, reason }
}

function safeParse(raw: unknown): Record<string, unknown> | undefined {
  try {
    const text = Buffer.isBuffer(raw) ? raw.toString("utf8") : typeof raw === "string" ? raw : undefined
    const value = text === undefined ? undefined : JSON.parse(text)
    return value && typeof value === "object" ? value : undefined
  } catch {
    return undefined
  }
}
