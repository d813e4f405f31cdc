import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receiveWebhookDelivery } from "../../../use-cases/receive-webhook-delivery"
import { sendError } from "../../errors/answer"
import { Codes } from "../../errors/codes"
import { WEBHOOK_MAX_BYTES } from "./middlewares"
import { BodyTooLargeError, readRawBody } from "./read-body"
import { answerDelivery, deliveryDepsOf, readDelivery } from "./receive-delivery"

/**
 * `POST /hooks/trade-credit`: the one URL a merchant gives the service (use-cases/receive-webhook-delivery.ts says what
 * it answers).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  let rawBody: Buffer
  try {
    rawBody = await readRawBody(req, WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return sendError(res, Codes.TRADE_CREDIT_WEBHOOK_TOO_LARGE, `The delivery is refused: ${error.message}`)
    throw error
  }
  answerDelivery(res, await receiveWebhookDelivery(deliveryDepsOf(req), readDelivery(req, rawBody)))
}
