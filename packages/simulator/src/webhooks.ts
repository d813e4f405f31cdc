import { randomUUID } from "node:crypto"
import { Webhook } from "standardwebhooks"
import type { Clock } from "./clock"
import { SPEC_VERSION, type WebhookEnvelope } from "./contract/webhooks"
import type { MerchantState } from "./state/merchants"
import type { SimulatorLogger } from "./types"

export type DeliveryAttempt = { time: string; status: number | null; error: string | null }

export type WebhookDelivery = {
  id: string
  merchant: string
  type: string
  url: string | null
  payload: WebhookEnvelope
  state: "pending" | "delivered" | "failed" | "no_url"
  attempts: DeliveryAttempt[]
}

/** Seed and contract event names and the published names the minimal profile sends instead (published/README.md). */
const PUBLISHED_NAMES: Record<string, string> = {
  "enrollment.approved": "business_registry.approved.v1",
  "enrollment.declined": "business_registry.rejected.v1",
}

const ATTEMPT_TIMEOUT_MS = 10_000
const KEEP_DELIVERIES = 5_000

/**
 * Sends events to each merchant's webhook URL in the envelope `{id,
 * specversion, source, type, time, data}`, signed by the Standard
 * Webhooks scheme (contract section 7). A delivery without a 2xx answer is
 * retried after each of `retryDelaysMs`, with the same webhook-id and a fresh
 * timestamp and signature. Every delivery is kept for the control API.
 */
export class WebhookDispatcher {
  private deliveries: WebhookDelivery[] = []
  private timers = new Set<NodeJS.Timeout>()
  private closing = new AbortController()
  /** Bumped by clear(): retries of deliveries from before a reset stop. */
  private generation = 0

  constructor(
    private readonly clock: Clock,
    private readonly retryDelaysMs: number[],
    private readonly logger: SimulatorLogger,
    private readonly source: () => string = () => "",
    /** What the profile makes of an event before it is kept and sent (the minimal profile's names and envelopes). */
    private readonly transform?: (
      type: string,
      payload: Record<string, unknown>,
    ) => { type: string; payload: Record<string, unknown> },
  ) {}

  emit(merchant: MerchantState, eventType: string, data: unknown): WebhookDelivery {
    const id = `msg_${randomUUID().replace(/-/g, "")}`
    const envelope: WebhookEnvelope = {
      id,
      specversion: SPEC_VERSION,
      source: this.source(),
      type: eventType,
      time: this.clock.iso(),
      data,
    }
    const { type, payload } = this.transform
      ? this.transform(eventType, envelope)
      : { type: eventType, payload: envelope }
    const delivery: WebhookDelivery = {
      id,
      merchant: merchant.id,
      type,
      url: merchant.webhookUrl,
      payload: payload as WebhookEnvelope,
      state: merchant.webhookUrl ? "pending" : "no_url",
      attempts: [],
    }
    this.deliveries.push(delivery)
    if (this.deliveries.length > KEEP_DELIVERIES * 1.25) this.deliveries = this.deliveries.slice(-KEEP_DELIVERIES)
    if (delivery.url) {
      const body = JSON.stringify(delivery.payload)
      const generation = this.generation
      setImmediate(() => void this.attempt(delivery, merchant, body, generation))
    }
    return delivery
  }

  /**
   * A `type` filter matches the name, or its versioned name: `order.verified` finds `order.verified.v1` too; a seed
   * name finds its published one (`enrollment.approved` finds `business_registry.approved.v1`, as the minimal profile
   * sends it).
   */
  list(filter: { merchant?: string; type?: string } = {}): WebhookDelivery[] {
    const published = filter.type ? PUBLISHED_NAMES[filter.type] : undefined
    return this.deliveries.filter(
      (d) =>
        (!filter.merchant || d.merchant === filter.merchant) &&
        (!filter.type || d.type === filter.type || d.type === `${filter.type}.v1` || d.type === published),
    )
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.deliveries = []
    this.generation += 1
  }

  close(): void {
    this.clear()
    this.closing.abort()
  }

  private async attempt(
    delivery: WebhookDelivery,
    merchant: MerchantState,
    body: string,
    generation: number,
  ): Promise<void> {
    if (this.closing.signal.aborted || generation !== this.generation || !delivery.url) return
    const sentAt = new Date()
    const attempt: DeliveryAttempt = { time: this.clock.iso(), status: null, error: null }
    delivery.attempts.push(attempt)
    try {
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": delivery.id,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": new Webhook(merchant.webhookSecret).sign(delivery.id, sentAt, body),
        },
        body,
        signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      })
      attempt.status = response.status
      await response.arrayBuffer().catch(() => undefined)
      if (response.ok) {
        delivery.state = "delivered"
        return
      }
    } catch (error) {
      attempt.error =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
    }
    if (this.closing.signal.aborted || generation !== this.generation) return
    const wait = this.retryDelaysMs[delivery.attempts.length - 1]
    if (wait === undefined) {
      delivery.state = "failed"
      this.logger.warn(
        `simulator: webhook ${delivery.type} ${delivery.id} failed after ${delivery.attempts.length} attempts`,
      )
      return
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      void this.attempt(delivery, merchant, body, generation)
    }, wait)
    timer.unref()
    this.timers.add(timer)
  }
}
