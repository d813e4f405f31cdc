import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import {
  TRADE_CREDIT_WEBHOOK_EVENT,
  type TradeCreditWebhookReceived,
} from "../../../workflows/webhooks/webhook-received"
import { classifyDelivery } from "./classify-delivery"
import { isUnstorableText, rejectInvalidText } from "./reject-invalid-text"
import { sendError } from "../../errors/answer"
import { quote } from "../../errors/quote"
import { findInvalidText, invalidTextAnswer } from "../../utils/invalid-text"
import { logLine } from "../../../utils/log-line"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

/**
 * How often Medusa's Redis event bus hands a delivery to the pipeline when its handling throws (as Medusa's own webhook
 * route asks; the in-process event bus of a single instance does not retry: the reconciliation job repairs instead).
 */
const ATTEMPTS = 3

/**
 * One receiver for every delivery of the service, on each of its URLs (`/hooks/trade-credit`, and Medusa's
 * `/hooks/payment/trade-credit_default` kept for merchants who configured it). The signature is verified here, once,
 * synchronously (Standard Webhooks signature and timestamp over the raw body): forged or stale 401, malformed 400,
 * answered `{type, code, message}`; an event of a type this plugin does not know is acknowledged (200) and logged; a
 * published event it does not act on (IGNORED_EVENT_TYPES: reconciliation, credit lines, arrears...) is acknowledged
 * (200) and logged at debug, whatever its data holds.
 * - every event of a known type (order events, `repayment.plan.funding_decided`, `enrollment.approved` /
 *   `enrollment.declined`): queued on Medusa's event bus as `trade-credit.webhook.received` with the verified event,
 *   for the one sync pipeline (src/subscribers/trade-credit-webhook.ts): the event is claimed by its id in the
 *   database, the service's current state read back (the order, the plan's funding, the proposal), the Medusa change
 *   planned and applied under Medusa's locking. The request does nothing else. Nothing reaches Medusa's own payment
 *   webhook handling (the providers answer it `not_supported`), so no delivery is verified or acted on twice.
 * - a known event holding text that cannot be stored (a NUL, a lone surrogate): acknowledged 200
 *   `{received: true, handled: false, code, message}`, recorded as rejected, never queued (reject-invalid-text.ts).
 */
export async function receiveDelivery(req: MedusaRequest, res: MedusaResponse, rawBody: Buffer): Promise<void> {
  const logger = pluginLoggerOf(req.scope)
  const { webhookSecret } = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getOptions()

  const verdict = classifyDelivery({ rawData: rawBody, headers: req.headers as Record<string, unknown> }, webhookSecret)
  if (verdict.kind === "refused") {
    logLine(logger, "warn", `trade-credit webhook: refused a delivery (${verdict.code}): ${verdict.reason}`, {
      code: verdict.code,
    })
    return void sendError(res, verdict.code, `The delivery is refused: ${verdict.reason}`)
  }
  if (verdict.kind === "ignored") {
    // A published event the plugin does not act on: never stored nor queued, so whatever its data holds, it is
    // acknowledged (a 4xx would only be retried) and said at debug (the service sends many of them).
    logLine(
      logger,
      "debug",
      `trade-credit webhook: ${quote(verdict.type)} ${quote(verdict.id)} is not acted on by this plugin; acknowledged`,
      {
        event_id: quote(verdict.id),
        event_type: quote(verdict.type),
      },
    )
    return void res.status(200).json({ received: true, handled: false })
  }
  // Text is text (the root middleware's check, here because the receiver parses its own body): no NUL, no lone
  // surrogate, no string over the global bound reaches the database or the event bus. A known event of the service
  // holding text that cannot be stored is acknowledged (its signature verified: a 4xx would only be retried) and
  // recorded as rejected, never queued (reject-invalid-text.ts).
  const invalidText = findInvalidText(JSON.parse(rawBody.toString("utf8")))
  if (invalidText && verdict.kind === "event" && isUnstorableText(invalidText)) {
    return void res
      .status(200)
      .json(await rejectInvalidText(req.scope, verdict.event, invalidText, verdict.verifiedWith))
  }
  if (invalidText) {
    const answer = invalidTextAnswer(invalidText)
    logLine(logger, "warn", `trade-credit webhook: refused a delivery (${answer.body.code}): ${answer.body.message}`, {
      code: answer.body.code,
      ...(verdict.kind === "event" ? { event_id: verdict.event.id, event_type: verdict.event.type } : {}),
    })
    return void res.status(answer.status).json(answer.body)
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
    return void res.status(200).json({ received: true, handled: false })
  }

  // Queued, not handled in the request: the service gets its answer at once; a failed handling leaves its event row
  // "failed", so the service's redelivery (or the Redis bus's retry) is let through; reconciliation and the polls
  // (funding, enrollments) repair the rest.
  const data: TradeCreditWebhookReceived = { event: verdict.event, verified_with: verdict.verifiedWith }
  await req.scope
    .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    .emit({ name: TRADE_CREDIT_WEBHOOK_EVENT, data }, { attempts: ATTEMPTS })
  res.status(200).json({ received: true, handled: true })
}
