import type { OrderIntent } from "../service/schemas/order"
import { bodyDigest } from "../core/order/idempotency-keys"
import { TtlCache } from "../utils/ttl-cache"

/** How long an approved intent is reused for an unchanged cart (the order's create checks credit again anyway). */
export const INTENT_REUSE_MS = 10 * 60_000

/**
 * Approved order intents by cart and intent body. Medusa replaces the payment
 * session (a new session id) each time the storefront starts one: a buyer who
 * picks trade credit again, or a storefront that starts the session first
 * without the company and then with it, would otherwise credit-check the same
 * cart again. An unchanged cart (same lines, totals and buyer) reuses its
 * approved intent; a changed one gets a new intent. Declines are never kept
 * (a raised limit takes effect at once), and an intent whose tracking id an
 * order used is not handed to a second order.
 */
export class IntentReuse {
  private readonly cache: TtlCache<OrderIntent>
  /** tracking id → cache key, to forget a spent intent without a scan. */
  private readonly keysByTracking = new Map<string, string>()

  constructor(
    ttlMs = INTENT_REUSE_MS,
    private readonly maxEntries = 2000,
    now?: () => number,
  ) {
    this.cache = new TtlCache<OrderIntent>(ttlMs, maxEntries, now)
  }

  static keyOf(cartId: string, body: unknown): string {
    return `${cartId}:${bodyDigest(body)}`
  }

  /** The approved intent kept under `key` (from `IntentReuse.keyOf`), if any. */
  get(key: string): OrderIntent | undefined {
    return this.cache.get(key)
  }

  remember(key: string, intent: OrderIntent): void {
    if (!intent.approved) return
    this.cache.set(key, intent)
    this.keysByTracking.delete(intent.tracking_id)
    this.keysByTracking.set(intent.tracking_id, key)
    // Entries the cache already dropped leave their tracking ids behind: keep the index as bounded as the cache.
    while (this.keysByTracking.size > this.maxEntries)
      this.keysByTracking.delete(this.keysByTracking.keys().next().value as string)
  }

  /** An order was created with this tracking id: its intent is spent. */
  spend(trackingId: string | null | undefined): void {
    if (!trackingId) return
    const key = this.keysByTracking.get(trackingId)
    if (key === undefined) return
    this.keysByTracking.delete(trackingId)
    if (this.cache.get(key)?.tracking_id === trackingId) this.cache.delete(key)
  }

  get size(): number {
    return this.cache.size
  }
}
