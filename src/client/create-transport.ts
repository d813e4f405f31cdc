import { assertApiKey } from "./api-key"
import { CLIENT_ERROR_CODES, TradeCreditError } from "./errors"
import { parseClientOptions, type TradeCreditClientOptionsInput } from "./options"
import { Transport } from "./transport"

/**
 * The transport a client's modules share (one keep-alive pool, one retry and timeout policy). Throws a
 * TradeCreditError before any call when the options are invalid (INVALID_OPTIONS) or a key is malformed or of the
 * other environment (INVALID_API_KEY).
 */
export function createTransport(options: TradeCreditClientOptionsInput): Transport {
  const config = parseClientOptions(options)
  assertApiKey(config.apiKey, config.environment)
  if (config.previousApiKey !== undefined) {
    assertApiKey(config.previousApiKey, config.environment)
    if (config.previousApiKey === config.apiKey) {
      throw new TradeCreditError({
        code: CLIENT_ERROR_CODES.INVALID_OPTIONS,
        message: "Trade credit previousApiKey is the same key as apiKey",
      })
    }
  }
  return Transport.create(config)
}
