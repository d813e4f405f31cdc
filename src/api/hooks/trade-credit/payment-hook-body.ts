import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { WEBHOOK_MAX_BYTES } from "./middlewares"
import { BodyTooLargeError, readRawBody } from "./read-body"
import { findInvalidText, invalidTextAnswer } from "../../utils/invalid-text"

/**
 * Medusa's own webhook URL for the invoice provider (`/hooks/payment/trade-credit_default`, kept for merchants who
 * configured it before `/hooks/trade-credit` existed). Medusa's route queues whatever its JSON parser accepts and the
 * provider verifies the signature later (a forged or stale delivery is answered 200 and ignored there). Its parser
 * answers a body that is not JSON or is too large without a `code`; this reads the body instead, with the same bound
 * as `/hooks/trade-credit`, and refuses those with a code, then hands Medusa's route the parsed and the raw body.
 */
export const LEGACY_WEBHOOK_PATHS = ["/hooks/payment/trade-credit_default"]

export async function readPaymentHookBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  let raw: Buffer
  try {
    raw = await readRawBody(req, WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return res.status(413).json({ code: "TRADE_CREDIT_WEBHOOK_TOO_LARGE", message: `The delivery is refused: ${error.message}` })
    }
    return next(error)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.toString("utf8"))
  } catch {
    return res.status(400).json({ code: "TRADE_CREDIT_WEBHOOK_MALFORMED", message: "The delivery is refused: the body is not JSON" })
  }
  // Text is text (the root middleware's check, here because this route parses its own body).
  const invalidText = findInvalidText(parsed)
  if (invalidText) {
    const answer = invalidTextAnswer(invalidText)
    return res.status(answer.status).json(answer.body)
  }
  ;(req as MedusaRequest & { rawBody?: Buffer }).rawBody = raw
  req.body = parsed
  return next()
}

export const paymentHookBodyMiddlewares: MiddlewareRoute[] = LEGACY_WEBHOOK_PATHS.map((matcher) => ({
  matcher,
  method: ["POST"],
  bodyParser: false,
  middlewares: [readPaymentHookBody],
}))
