import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WEBHOOK_MAX_BYTES } from "./middlewares"
import { BodyTooLargeError, readRawBody } from "./read-body"
import { receiveDelivery } from "./receive-delivery"
import { Codes } from "../../errors/codes"
import { sendError } from "../../errors/answer"

/** `POST /hooks/trade-credit`: the one URL a merchant gives the service (receive-delivery.ts says what it answers). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  let rawBody: Buffer
  try {
    rawBody = await readRawBody(req, WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return sendError(res, Codes.TRADE_CREDIT_WEBHOOK_TOO_LARGE, `The delivery is refused: ${error.message}`)
    throw error
  }
  await receiveDelivery(req, res, rawBody)
}
