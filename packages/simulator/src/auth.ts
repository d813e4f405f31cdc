import type { NextFunction, Request, Response } from "express"
import { API_KEY_FORMAT as API_KEY_PATTERN, HEADER as HEADERS } from "./contract/common"
import { ServiceError, sendError, unauthorized } from "./errors"
import { setMerchant } from "./locals"
import { acceptsDelegation, findToken, setDelegation, tokenOf } from "./registration/tokens"
import type { MerchantRegistry } from "./state/merchants"

/**
 * Every service route needs X-Api-Key of a known merchant: missing, malformed
 * or unknown is 401 UNAUTHORIZED. Under /autofill/v1, /registry/v1 and
 * /proposal a delegation token (header Service-Delegated-Authority-Token, or
 * on GET the query parameter of the same name) may stand in for the key; an
 * unknown token is 401, a token elsewhere 403. A call that carries a token
 * has the token's authority only (with a key too, the key must be of the
 * token's merchant); each route checks the token's flags and expiry.
 * Browsers may read answers made with a token (CORS), never with the key.
 */
export function apiKeyAuth(merchants: MerchantRegistry) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.get(HEADERS.apiKey)
    const token = tokenOf(req)
    if (token !== undefined) {
      const found = findToken(merchants, token)
      if (!found) return sendError(res, unauthorized("The delegation token is not known or has expired"))
      if (key !== undefined && merchants.byApiKey(key) !== found.merchant) {
        return sendError(res, unauthorized("The delegation token was not issued to this API key's merchant"))
      }
      if (!acceptsDelegation(req.path)) {
        return sendError(res, new ServiceError(403, "FORBIDDEN", "A delegation token cannot call this endpoint"))
      }
      res.setHeader("Access-Control-Allow-Origin", "*")
      res.setHeader("Access-Control-Expose-Headers", HEADERS.delegatedToken)
      setMerchant(res, found.merchant)
      setDelegation(res, found.record)
      return next()
    }
    if (!key) return sendError(res, unauthorized("The X-Api-Key header is missing"))
    if (!API_KEY_PATTERN.test(key)) return sendError(res, unauthorized("The API key is malformed"))
    const merchant = merchants.byApiKey(key)
    if (!merchant) return sendError(res, unauthorized("The API key is not known"))
    setMerchant(res, merchant)
    next()
  }
}
