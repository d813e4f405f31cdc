import type { OrderIntent } from "../service/schemas/order"
import { bodyDigest } from "../core/order/idempotency-keys"
import type { KeptChecks } from "./kept-checks"

/** How long an approved intent is reused for an unchanged cart (the order's create checks credit again anyway). */
export const INTENT_REUSE_MS = 10 * 60_000

/**
 * Approved order intents by cart and intent body, kept where every instance finds them (kept-checks.ts). The store's
 * pre-check asks for the cart's intent while the buyer chooses the company; the payment session started next (on any
 * instance) reuses it, so the buyer does not wait for the same check again. Medusa also replaces the payment session
 * (a new session id) each time the storefront starts one: a buyer who picks trade credit again, or a storefront that
 * starts the session first without the company and then with it, would otherwise credit-check the same cart again.
 * An unchanged cart (same lines, totals and buyer) reuses its approved intent; a changed one gets a new intent.
 * Declines are never kept (a raised limit takes effect at once), and an intent whose tracking id an order used is not
 * handed to a second order.
 */
export class IntentReuse {
  constructor(private readonly kept: KeptChecks) {}

  static keyOf(cartId: string, body: unknown): string {
    return `intent:${cartId}:${bodyDigest(body)}`
  }

  /** The approved intent kept under `key` (from `IntentReuse.keyOf`), if any. */
  async get(key: string): Promise<OrderIntent | undefined> {
    const intent = await this.kept.find<OrderIntent>(key)
    return intent?.approved === true && typeof intent.tracking_id === "string" ? intent : undefined
  }

  async remember(key: string, intent: OrderIntent): Promise<void> {
    if (intent.approved !== true || !intent.tracking_id) return
    await this.kept.keep([{ key, answer: intent, trackingId: intent.tracking_id }], INTENT_REUSE_MS)
  }

  /** An order was created with this tracking id: its intent is spent. */
  async spend(trackingId: string | null | undefined): Promise<void> {
    if (trackingId) await this.kept.spend(trackingId)
  }
}
