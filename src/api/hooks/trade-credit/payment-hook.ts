import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { WEBHOOK_MAX_BYTES } from "./middlewares"
import { BodyTooLargeError, readRawBody } from "./read-body"
import { answerDelivery, deliveryDepsOf, readDelivery } from "./receive-delivery"
import { receiveWebhookDelivery } from "../../../use-cases/receive-webhook-delivery"
import { sendError } from "../../errors/answer"
import { Codes } from "../../errors/codes"
import { LEGACY_WEBHOOK_PATHS } from "../../utils/plugin-paths"

/**
 * Medusa's own webhook URLs of the providers (`/hooks/payment/trade-credit_default`, kept for merchants who configured
 * it before `/hooks/trade-credit` existed). The plugin's receiver answers them, exactly as `/hooks/trade-credit`:
 * Medusa's route would queue whatever its JSON parser accepts for Medusa's payment webhook handling, which acts on a
 * session id it does not know by completing an arbitrary cart (core-flows processPaymentWorkflow). So Medusa's route
 * never sees these deliveries; the request ends here.
 */
export { LEGACY_WEBHOOK_PATHS }

export async function receiveOnPaymentHook(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  let raw: Buffer
  try {
    raw = await readRawBody(req, WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return sendError(res, Codes.TRADE_CREDIT_WEBHOOK_TOO_LARGE, `The delivery is refused: ${error.message}`)
    }
    return next(error)
  }
  try {
    answerDelivery(res, await receiveWebhookDelivery(deliveryDepsOf(req), readDelivery(req, raw)))
  } catch (error) {
    next(error)
  }
}

export const paymentHookMiddlewares: MiddlewareRoute[] = LEGACY_WEBHOOK_PATHS.map((matcher) => ({
  matcher,
  method: ["POST"],
  bodyParser: false,
  middlewares: [receiveOnPaymentHook],
}))
