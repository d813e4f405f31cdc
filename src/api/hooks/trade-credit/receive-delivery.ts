import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { DeliveryOutcome, WebhookDelivery, WebhookDeliveryDeps } from "../../../use-cases/receive-webhook-delivery"
import { TRADE_CREDIT_WEBHOOK_EVENT } from "../../../workflows/webhooks/webhook-received"
import { sendError } from "../../errors/answer"
import { findInvalidText, invalidTextAnswer } from "../../utils/invalid-text"
import { classifyDelivery } from "./classify-delivery"

/*
 * The HTTP edge of the webhook receiver, for both of its URLs (route.ts, payment-hook.ts): the delivery read from the
 * request, what its use case is given (use-cases/receive-webhook-delivery.ts, which says what each delivery is
 * answered), and the answer of its outcome.
 */

/**
 * How often Medusa's Redis event bus hands a delivery to the pipeline when its handling throws (as Medusa's own webhook
 * route asks; the in-process event bus of a single instance does not retry: the reconciliation job repairs instead).
 */
const ATTEMPTS = 3

/**
 * The delivery as the edge reads it: its signature verified once, synchronously (classifyDelivery: Standard Webhooks
 * signature and timestamp over the raw body), and, when it is the service's JSON, its text checked as the root
 * middleware checks every other body (invalid-text.ts: the receiver parses its own body).
 */
export function readDelivery(req: MedusaRequest, rawBody: Buffer): WebhookDelivery {
  const { webhookSecret } = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getOptions()
  const verdict = classifyDelivery({ rawData: rawBody, headers: req.headers as Record<string, unknown> }, webhookSecret)
  if (verdict.kind !== "event" && verdict.kind !== "unknown_type") return { verdict }
  const found = findInvalidText(JSON.parse(rawBody.toString("utf8")))
  return found ? { verdict, invalidText: { found, refusal: invalidTextAnswer(found).body.message } } : { verdict }
}

/** What the receiver's use case is given: the plugin's logger and module, and the queue of the one sync pipeline. */
export function deliveryDepsOf(req: MedusaRequest): WebhookDeliveryDeps {
  return {
    logger: pluginLoggerOf(req.scope),
    module: req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE),
    queue: (data) =>
      req.scope
        .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
        .emit({ name: TRADE_CREDIT_WEBHOOK_EVENT, data }, { attempts: ATTEMPTS }),
  }
}

/** The answer of a delivery: refusals in the one error shape `{type, code, message}`, acknowledgements 200. */
export function answerDelivery(res: MedusaResponse, outcome: DeliveryOutcome): void {
  if (outcome.outcome === "refused") return sendError(res, outcome.code, outcome.message)
  if (outcome.outcome === "invalid_text") {
    const answer = invalidTextAnswer(outcome.invalid)
    return void res.status(answer.status).json(answer.body)
  }
  res.status(200).json(outcome.answer)
}
