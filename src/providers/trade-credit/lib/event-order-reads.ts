import type { Order } from "../../../service/schemas"

/**
 * How long one webhook event's read-back is shared. Medusa hands each delivery
 * to its own webhook subscriber (the provider's getWebhookActionAndData) and to
 * the plugin's (src/subscribers/trade-credit-webhook.ts) at the same moment;
 * a minute covers the slower of the two on a busy server.
 */
export const EVENT_READ_SHARE_MS = 60_000

type Entry = { orderId: string; order: Promise<Order>; expiresAt: number }

/**
 * One read-back of the service's order per webhook event, shared by every
 * handler of that event in this process. Both handlers still act on the state
 * the service reports after the event arrived (a read made for this event, or
 * the answer of a change this process made since, see `changed`), never on the
 * event's own body. Keyed by event id and order id: another event, or a
 * redelivery after the minute, reads again. A failed read is not kept.
 */
export class EventOrderReads {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs = EVENT_READ_SHARE_MS,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now
  ) {}

  /** The order as read back for `eventId`: the shared read, or `fetch(orderId)` when this is the event's first. */
  read(eventId: string, orderId: string, fetch: (orderId: string) => Promise<Order>): Promise<Order> {
    const key = `${eventId}\u0000${orderId}`
    const now = this.now()
    const hit = this.entries.get(key)
    if (hit && hit.expiresAt > now) return hit.order
    this.prune(now)
    const entry: Entry = { orderId, order: fetch(orderId), expiresAt: now + this.ttlMs }
    this.entries.set(key, entry)
    entry.order.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    })
    return entry.order
  }

  /**
   * This process changed the order at the service (confirm, edit, cancel, fulfil) and holds the
   * service's answer: handlers that read later for an event see that newer state, not the read before it.
   */
  changed(order: Order): void {
    for (const entry of this.entries.values()) {
      if (entry.orderId === order.id) entry.order = Promise.resolve(order)
    }
  }

  get size(): number {
    return this.entries.size
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now || this.entries.size >= this.maxEntries) this.entries.delete(key)
      else break
    }
  }
}

/** The process's one instance: the invoice provider and the plugin's webhook workflow share it. */
export const eventOrderReads = new EventOrderReads()
