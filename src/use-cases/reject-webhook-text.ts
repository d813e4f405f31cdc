import type { Logger } from "@medusajs/framework/types"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import { logLine } from "../utils/log-line"
import { quote } from "../utils/quote"
import type { InvalidText } from "../api/utils/invalid-text"

/** The code of text that cannot be stored (a NUL, a lone surrogate), as the plugin's error catalogue names it. */
const INVALID_TEXT = "TRADE_CREDIT_INVALID_TEXT"

/** The answer of a signed delivery holding text that cannot be stored: 200, so the service stops retrying it. */
export type InvalidTextAcknowledgement = {
  received: true
  handled: false
  code: typeof INVALID_TEXT
  message: string
}

export type WebhookTextDeps = {
  logger: Logger
  /** The plugin's module: the webhook deliveries it recorded. */
  module: Pick<TradeCreditModuleService, "listWebhookEvents" | "createWebhookEvents">
}

/**
 * Whether a delivery's invalid text is acknowledged rather than refused (docs/reliability.md, "A signed delivery
 * with a NUL"): text that cannot be stored (a NUL, a lone surrogate). A string over the global bound keeps its 400.
 */
export const isUnstorableText = (invalid: Pick<InvalidText, "code">) => invalid.code === INVALID_TEXT

/**
 * A delivery whose signature and timestamp verified, but whose body holds text that cannot be stored (a NUL, a lone
 * surrogate), on either webhook URL. The signature proves the service sent it, so a 4xx would only make the service
 * retry the same bytes until it disables the endpoint: it is acknowledged 200 `{received: true, handled: false, code,
 * message}`, logged as a warning, recorded as rejected in `trade_credit_webhook_event` (once per event id: a repeat
 * changes nothing), and never queued or acted on. Reconciliation reads the order's state back from the service.
 * `refusal` is the text's refusal in the HTTP edge's words (api/utils/invalid-text.ts).
 *
 * The event id and type are stored escaped and bounded (`quote`), so they store whatever they hold.
 */
export async function rejectInvalidText(
  deps: WebhookTextDeps,
  event: { id: string; type: string },
  invalid: { found: InvalidText; refusal: string },
  verifiedWith: string | null = null,
): Promise<InvalidTextAcknowledgement> {
  const eventId = quote(event.id)
  const type = quote(event.type)
  logLine(
    deps.logger,
    "warn",
    `trade-credit webhook: ${type} "${eventId}" is signed but holds text that ` +
      `cannot be stored (${INVALID_TEXT} at ${invalid.found.path}); ` +
      ("acknowledged, recorded as rejected and not acted on (reconciliation reads " +
        "the order's state back from the service)"),
    { event_id: eventId, event_type: type, code: INVALID_TEXT },
  )
  await recordRejected(deps.module, {
    event_id: eventId,
    type,
    outcome: `rejected: ${INVALID_TEXT} at ${invalid.found.path}`,
    verified_with: verifiedWith,
  })
  return {
    received: true,
    handled: false,
    code: INVALID_TEXT,
    message: `The delivery "${eventId}" is acknowledged and not acted on: ${invalid.refusal}`,
  }
}

async function recordRejected(
  tradeCredit: WebhookTextDeps["module"],
  record: { event_id: string; type: string; outcome: string; verified_with: string | null },
) {
  const find = async () => (await tradeCredit.listWebhookEvents({ event_id: record.event_id }, { take: 1 }))[0]
  if (await find()) return
  try {
    await tradeCredit.createWebhookEvents({ ...record, service_order_id: null })
  } catch (error) {
    // Another delivery of the same event got there first (unique event_id).
    if (!(await find())) throw error
  }
}
