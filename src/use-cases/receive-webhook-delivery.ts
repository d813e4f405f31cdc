import type { Logger } from "@medusajs/framework/types"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import { errorMessage } from "../utils/error-message"
import { logLine } from "../utils/log-line"
import { quote } from "../utils/quote"
import type { DeliveryVerdict } from "../api/hooks/trade-credit/classify-delivery"
import type { InvalidText } from "../api/utils/invalid-text"
import type { TradeCreditWebhookReceived } from "../workflows/webhooks/webhook-received"
import {
  type InvalidTextAcknowledgement,
  isUnstorableText,
  rejectInvalidText,
  type WebhookTextDeps,
} from "./reject-webhook-text"

export type WebhookDeliveryDeps = WebhookTextDeps & {
  logger: Logger
  /** The plugin's module: the webhook deliveries it recorded, and the published events it counts without acting. */
  module: WebhookTextDeps["module"] & Pick<TradeCreditModuleService, "countReceivedEventType">
  /**
   * Queues a verified event for the one sync pipeline (Medusa's event bus, `trade-credit.webhook.received`:
   * src/subscribers/trade-credit-webhook.ts), the only thing the receiver does with it.
   */
  queue: (received: TradeCreditWebhookReceived) => Promise<void>
}

/** A delivery as the HTTP edge read it: its signature verified (classify-delivery.ts), its text checked. */
export type WebhookDelivery = {
  verdict: DeliveryVerdict
  /**
   * The first string of a JSON delivery (an event, or one of an unknown type) that cannot be stored or passes the
   * global bound (api/utils/invalid-text.ts), with its refusal in the edge's words.
   */
  invalidText?: { found: InvalidText; refusal: string }
}

export type DeliveryOutcome =
  /** Refused with a code of the catalogue: no secret configured, forged or stale, malformed. */
  | { outcome: "refused"; code: Extract<DeliveryVerdict, { kind: "refused" }>["code"]; message: string }
  /** Refused for its text as every body of the plugin is (a string over the global bound, or in an unknown event). */
  | { outcome: "invalid_text"; invalid: InvalidText }
  /** Acknowledged 200: queued (`handled: true`), or not acted on (`handled: false`, with why when it was rejected). */
  | { outcome: "acknowledged"; answer: { received: true; handled: boolean } | InvalidTextAcknowledgement }

const NOT_ACTED_ON = { received: true, handled: false } as const

/**
 * One receiver for every delivery of the service, on each of its URLs (`/hooks/trade-credit`, and Medusa's
 * `/hooks/payment/trade-credit_default` kept for merchants who configured it). The edge verified the signature once,
 * synchronously (Standard Webhooks signature and timestamp over the raw body): forged or stale 401, malformed 400,
 * answered `{type, code, message}`; an event of a type this plugin does not know is acknowledged (200) and logged; a
 * published event it does not act on (IGNORED_EVENT_TYPES: credit lines, payee accounts, workflows) is acknowledged
 * (200), counted by type (Settings → Trade credit lists them) and logged at debug, whatever its data holds.
 * - every event of a known type (order events, `repayment.plan.funding_decided`, `enrollment.approved` /
 *   `enrollment.declined`, the events after the invoice: reconciliation, instalment invoices, statements, credit
 *   limits, arrears, users verified): queued on Medusa's event bus as `trade-credit.webhook.received` with the
 *   verified event, for the one sync pipeline (src/subscribers/trade-credit-webhook.ts): the event is claimed by its
 *   id in the database, the service's current state read back (the order, the plan's funding, the proposal, the
 *   invoice), the Medusa change planned and applied under Medusa's locking. The request does nothing else. Nothing
 *   reaches Medusa's own payment webhook handling (the providers answer it `not_supported`), so no delivery is
 *   verified or acted on twice.
 * - a known event holding text that cannot be stored (a NUL, a lone surrogate): acknowledged 200
 *   `{received: true, handled: false, code, message}`, recorded as rejected, never queued (reject-webhook-text.ts).
 */
export async function receiveWebhookDelivery(
  deps: WebhookDeliveryDeps,
  delivery: WebhookDelivery,
): Promise<DeliveryOutcome> {
  const { verdict, invalidText } = delivery
  const { logger } = deps
  if (verdict.kind === "refused") {
    logLine(logger, "warn", `trade-credit webhook: refused a delivery (${verdict.code}): ${verdict.reason}`, {
      code: verdict.code,
    })
    return { outcome: "refused", code: verdict.code, message: `The delivery is refused: ${verdict.reason}` }
  }
  if (verdict.kind === "ignored") {
    // A published event the plugin does not act on: never stored nor queued, so whatever its data holds, it is
    // acknowledged (a 4xx would only be retried), counted by type for Settings → Trade credit (received, not dropped
    // silently; a count that fails is said, the delivery still acknowledged) and said at debug (the service sends
    // many of them).
    await countIgnored(deps, verdict.type)
    logLine(
      logger,
      "debug",
      `trade-credit webhook: ${quote(verdict.type)} ${quote(verdict.id)} is not acted on by this plugin; acknowledged`,
      {
        event_id: quote(verdict.id),
        event_type: quote(verdict.type),
      },
    )
    return { outcome: "acknowledged", answer: NOT_ACTED_ON }
  }
  // Text is text (the root middleware's check, here because the receiver parses its own body): no NUL, no lone
  // surrogate, no string over the global bound reaches the database or the event bus. A known event of the service
  // holding text that cannot be stored is acknowledged (its signature verified: a 4xx would only be retried) and
  // recorded as rejected, never queued (reject-webhook-text.ts).
  if (invalidText && verdict.kind === "event" && isUnstorableText(invalidText.found)) {
    return {
      outcome: "acknowledged",
      answer: await rejectInvalidText(deps, verdict.event, invalidText, verdict.verifiedWith),
    }
  }
  if (invalidText) {
    const { found, refusal } = invalidText
    logLine(logger, "warn", `trade-credit webhook: refused a delivery (${found.code}): ${refusal}`, {
      code: found.code,
      ...(verdict.kind === "event" ? { event_id: verdict.event.id, event_type: verdict.event.type } : {}),
    })
    return { outcome: "invalid_text", invalid: found }
  }
  if (verdict.kind === "unknown_type") {
    logLine(
      logger,
      "info",
      `trade-credit webhook: ${verdict.type} ${verdict.id} is not an event this ` +
        `plugin handles; acknowledged and ignored`,
      {
        event_id: verdict.id,
        event_type: verdict.type,
      },
    )
    return { outcome: "acknowledged", answer: NOT_ACTED_ON }
  }

  // Queued, not handled in the request: the service gets its answer at once; a failed handling leaves its event row
  // "failed", so the service's redelivery (or the Redis bus's retry) is let through; reconciliation and the polls
  // (funding, enrollments) repair the rest.
  await deps.queue({ event: verdict.event, verified_with: verdict.verifiedWith })
  return { outcome: "acknowledged", answer: { received: true, handled: true } }
}

/** Counts a published event the plugin does not act on; a failure is logged, never refused (the service retries). */
async function countIgnored(deps: WebhookDeliveryDeps, type: string): Promise<void> {
  try {
    await deps.module.countReceivedEventType(quote(type), new Date())
  } catch (error) {
    logLine(deps.logger, "warn", `trade-credit webhook: ${quote(type)} could not be counted: ${errorMessage(error)}`, {
      event_type: quote(type),
    })
  }
}
