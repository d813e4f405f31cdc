import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { classifyDelivery } from "./classify-delivery"
import { WEBHOOK_MAX_BYTES } from "./middlewares"
import { BodyTooLargeError, readRawBody } from "./read-body"
import { sendError } from "../../errors/answer"
import { Codes } from "../../errors/codes"
import { findInvalidText, invalidTextAnswer } from "../../utils/invalid-text"
import { LEGACY_WEBHOOK_PATHS } from "../../utils/plugin-paths"
import { isUnstorableText, rejectInvalidText } from "./reject-invalid-text"

/**
 * Medusa's own webhook URL for the invoice provider (`/hooks/payment/trade-credit_default`, kept for merchants who
 * configured it before `/hooks/trade-credit` existed). Medusa's route queues whatever its JSON parser accepts and the
 * provider verifies the signature later (a forged or stale delivery is answered 200 and ignored there). Its parser
 * answers a body that is not JSON or is too large without a `code`; this reads the body instead, with the same bound
 * as `/hooks/trade-credit`, and refuses those `{type, code, message}`, then hands Medusa's route the parsed and the
 * raw body. A signed delivery holding text that cannot be stored is acknowledged here instead (reject-invalid-text.ts).
 */
export { LEGACY_WEBHOOK_PATHS }

export async function readPaymentHookBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  let raw: Buffer
  try {
    raw = await readRawBody(req, WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return sendError(res, Codes.TRADE_CREDIT_WEBHOOK_TOO_LARGE, `The delivery is refused: ${error.message}`)
    }
    return next(error)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.toString("utf8"))
  } catch {
    return sendError(res, Codes.TRADE_CREDIT_WEBHOOK_MALFORMED, "The delivery is refused: the body is not JSON")
  }
  // Text is text (the root middleware's check, here because this route parses its own body). A known event the
  // service signed (verified here: Medusa's route would only queue it) holding text that cannot be stored is
  // acknowledged and recorded as rejected, never queued (reject-invalid-text.ts); anything else is refused 400.
  const invalidText = findInvalidText(parsed)
  if (invalidText && isUnstorableText(invalidText)) {
    const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const verdict = classifyDelivery({ rawData: raw, headers: req.headers as Record<string, unknown> }, tradeCredit.getOptions().webhookSecret)
    if (verdict.kind === "event") {
      try {
        return res.status(200).json(await rejectInvalidText(req.scope, verdict.event, invalidText))
      } catch (error) {
        return next(error)
      }
    }
  }
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
