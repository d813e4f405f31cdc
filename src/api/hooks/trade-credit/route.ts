import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { handleEnrollmentWebhookWorkflow } from "../../../workflows/enrollment/handle-enrollment-webhook"
import { classifyDelivery } from "./classify-delivery"
import { isUnstorableText, rejectInvalidText } from "./reject-invalid-text"
import { WEBHOOK_MAX_BYTES } from "./middlewares"
import { BodyTooLargeError, readRawBody } from "./read-body"
import { Codes } from "../../errors/codes"
import { sendError } from "../../errors/answer"
import { findInvalidText, invalidTextAnswer } from "../../utils/invalid-text"


/**
 * `POST /hooks/trade-credit`: the one URL a merchant gives the service. Each
 * delivery is verified here, synchronously (Standard Webhooks signature and
 * timestamp over the raw body): forged or stale 401, malformed 400, answered
 * `{type, code, message}`; an event of a type this plugin does not know is acknowledged
 * (200) and logged.
 * - `enrollment.approved` / `enrollment.declined`: the event id is claimed
 *   (a repeat answers 200 and does nothing), then Medusa's event bus gets
 *   `trade-credit.enrollment.approved` / `.declined`; subscribers read the
 *   proposal back from the service.
 * - order and funding events go to the existing handling unchanged: queued
 *   as `payment.webhook_received` for the invoice provider exactly as Medusa's
 *   `/hooks/payment/:provider` route queues them (same delay and retries), so
 *   Medusa's payment webhook subscriber and the plugin's own act as before
 *   (they verify again and drop repeats by event id).
 * - a known event holding text that cannot be stored (a NUL, a lone surrogate):
 *   acknowledged 200 `{received: true, handled: false, code, message}`,
 *   recorded as rejected, never emitted (reject-invalid-text.ts).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const options = tradeCredit.getOptions()

  let rawBody: Buffer
  try {
    rawBody = await readRawBody(req, WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendError(res, Codes.TRADE_CREDIT_WEBHOOK_TOO_LARGE, `The delivery is refused: ${error.message}`)
    throw error
  }

  const headers = req.headers as Record<string, unknown>
  const verdict = classifyDelivery({ rawData: rawBody, headers }, options.webhookSecret)
  if (verdict.kind === "refused") {
    logger.warn(`trade-credit webhook: refused a delivery (${verdict.code}): ${verdict.reason}`)
    return sendError(res, verdict.code, `The delivery is refused: ${verdict.reason}`)
  }
  // Text is text (the root middleware's check, here because this route parses its own body): no NUL, no lone
  // surrogate, no string over the global bound reaches the database or the event bus. A known event of the service
  // holding text that cannot be stored is acknowledged (its signature verified: a 4xx would only be retried) and
  // recorded as rejected, never emitted (reject-invalid-text.ts).
  const invalidText = findInvalidText(JSON.parse(rawBody.toString("utf8")))
  if (invalidText && verdict.kind === "event" && isUnstorableText(invalidText)) {
    return res.status(200).json(await rejectInvalidText(req.scope, verdict.event, invalidText))
  }
  if (invalidText) {
    const answer = invalidTextAnswer(invalidText)
    logger.warn(`trade-credit webhook: refused a delivery (${answer.body.code}): ${answer.body.message}`)
    return res.status(answer.status).json(answer.body)
  }
  if (verdict.kind === "unknown_type") {
    logger.info(`trade-credit webhook: ${verdict.type} ${verdict.id} is not an event this plugin handles; acknowledged and ignored`)
    return res.status(200).json({ received: true, handled: false })
  }

  const event = verdict.event
  if (event.type === "enrollment.approved" || event.type === "enrollment.declined") {
    const { result } = await handleEnrollmentWebhookWorkflow(req.scope).run({
      input: { event_id: event.id, type: event.type, proposal_id: event.data.proposal_id },
    })
    if (!result.handled) logger.info(`trade-credit webhook: ${event.type} ${event.id} was received before; nothing to do`)
    return res.status(200).json({ received: true, handled: result.handled })
  }

  // Order and funding events: queued for the payment provider as Medusa's /hooks/payment/:provider does it.
  const paymentOptions = ((req.scope.resolve(Modules.PAYMENT) as { options?: Record<string, any> }).options ?? {}) as {
    webhook_delay?: number
    webhook_retries?: number
  }
  const eventBus = req.scope.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  await eventBus.emit(
    {
      name: PaymentWebhookEvents.WebhookReceived,
      data: { provider: options.webhookProviderId, payload: { data: JSON.parse(rawBody.toString("utf8")), rawData: rawBody, headers } },
    },
    { delay: paymentOptions.webhook_delay || 5000, attempts: paymentOptions.webhook_retries || 3 }
  )
  return res.status(200).json({ received: true, handled: true })
}
