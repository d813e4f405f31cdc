import type { NextFunction, Request, Response } from "express"
import { API_KEY_PATTERN, HEADERS } from "../service/schemas"
import { sendError, unauthorized } from "./errors"
import { setMerchant } from "./locals"
import type { MerchantRegistry } from "./state/merchants"

/** Every service route needs X-Api-Key of a known merchant: missing, malformed or unknown is 401 UNAUTHORIZED. */
export function apiKeyAuth(merchants: MerchantRegistry) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.get(HEADERS.apiKey)
    if (!key) return sendError(res, unauthorized("The X-Api-Key header is missing"))
    if (!API_KEY_PATTERN.test(key)) return sendError(res, unauthorized("The API key is malformed"))
    const merchant = merchants.byApiKey(key)
    if (!merchant) return sendError(res, unauthorized("The API key is not known"))
    setMerchant(res, merchant)
    next()
  }
}
