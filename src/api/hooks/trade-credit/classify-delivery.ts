import { rawBodyOf, verifyDelivery, type WebhookDelivery } from "../../../service/webhook-delivery"
import { ACTED_ON_EVENT_TYPES, IGNORED_EVENT_TYPES, type WebhookEvent } from "../../../service/schemas/webhook"
import { Codes, type ErrorCode } from "../../errors/codes"

/**
 * The service's event types this plugin acts on, by every name they may arrive under (contract section 7): the order
 * events also by their older names, the enrollment events by the seed's and the published names. A delivery of one of
 * them that does not parse is refused 400 (the service's own events always parse: only their ids are required).
 */
const KNOWN_TYPES = new Set<string>(ACTED_ON_EVENT_TYPES)
/** The published events this plugin knows and does not act on: acknowledged whatever their data holds. */
const IGNORED_TYPES = new Set<string>(IGNORED_EVENT_TYPES)

export type DeliveryVerdict =
  /** `verifiedWith`: the fingerprint of the secret whose signature held (one of two during a rotation). */
  | { kind: "event"; event: WebhookEvent; verifiedWith: string }
  /** Signed by the service, a published event this plugin does not act on (IGNORED_EVENT_TYPES): acknowledged, logged
   * at debug. */
  | { kind: "ignored"; id: string; type: string }
  /** Signed by the service, but of a type this plugin does not know (a newer event): acknowledged and ignored. */
  | { kind: "unknown_type"; id: string; type: string }
  | { kind: "refused"; status: 400 | 401 | 503; code: ErrorCode; reason: string }

/**
 * A delivery verified as the service signs it (verifyDelivery: Standard
 * Webhooks signature, timestamp within 5 minutes, JSON, event shape), sorted
 * into what the route answers: forged or stale 401, malformed 400, a published
 * event the plugin does not act on or an event of an unknown type 2xx (so the
 * service stops retrying it), no secret configured 503 (the service retries
 * once it is). An event the plugin acts on is `kind: "event"` under either of
 * its names, with its required data only.
 */
export function classifyDelivery(
  delivery: WebhookDelivery,
  secrets: readonly string[] | string | undefined,
): DeliveryVerdict {
  const verified = verifyDelivery(delivery, secrets)
  if (verified.ok) return { kind: "event", event: verified.event, verifiedWith: verified.verifiedWith }
  const reason = verified.reason
  if (!secrets?.length) return { kind: "refused", status: 503, code: Codes.TRADE_CREDIT_WEBHOOK_NOT_CONFIGURED, reason }
  if (reason.startsWith("signature refused"))
    return { kind: "refused", status: 401, code: Codes.TRADE_CREDIT_WEBHOOK_SIGNATURE, reason }
  if (reason.startsWith("unknown event type or shape")) {
    // The signature held, so the body is the service's JSON: an envelope of a type not acted on here is acknowledged.
    const body = safeParse(delivery.rawData)
    if (body && typeof body.id === "string" && typeof body.type === "string" && !KNOWN_TYPES.has(body.type)) {
      return { kind: IGNORED_TYPES.has(body.type) ? "ignored" : "unknown_type", id: body.id, type: body.type }
    }
  }
  return { kind: "refused", status: 400, code: Codes.TRADE_CREDIT_WEBHOOK_MALFORMED, reason }
}

function safeParse(raw: unknown): Record<string, unknown> | undefined {
  try {
    const text = rawBodyOf(raw)
    const value = text === undefined ? undefined : JSON.parse(text)
    return value && typeof value === "object" && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}
