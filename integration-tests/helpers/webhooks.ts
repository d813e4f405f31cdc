import { createHash } from "node:crypto"
import { Webhook } from "standardwebhooks"
import { SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"

/**
 * The new secret of a webhook secret rotation (the hostile-input area runs with it and the simulator's, the old one,
 * both configured: TRADE_CREDIT_WEBHOOK_SECRET="new,old").
 */
export const ROTATED_WEBHOOK_SECRET = "whsec_" + Buffer.from("the merchant's next webhook secret, mid-rotation").toString("base64")

/** What the settings page shows for a webhook secret: the first 8 hex digits of its SHA-256 (worked out here on its own). */
export const fingerprintOf = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 8)

/** A webhook delivery: the raw body and its headers. */
export type Delivery = { raw: string | Buffer; headers: Record<string, string> }

/**
 * A delivery as the service sends it: the raw JSON (or the given text or bytes) and its Standard Webhooks headers,
 * signed with `secret` at `at` (a forged secret or an old time make the hostile cases).
 */
export function signedDelivery(
  payload: unknown,
  { secret = SIMULATOR_WEBHOOK_SECRET, id = (payload as { id?: string } | null)?.id ?? "msg_x", at = new Date() }: { secret?: string; id?: string; at?: Date } = {}
): Delivery {
  const raw = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload)
  return {
    raw,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, raw as string),
    },
  }
}
