import { API_KEY_PATTERN } from "../service/schemas/common"
import { CLIENT_ERROR_CODES, TradeCreditError } from "./errors"
import { prefixOf } from "../utils/key-display"

export { describeKey, redactKey, redactKeys } from "../utils/key-display"

/** The environment a plugin is configured for, and the key prefix each one takes. */
export const ENVIRONMENTS = ["sandbox", "production"] as const
export type Environment = (typeof ENVIRONMENTS)[number]

export const KEY_PREFIX: Record<Environment, string> = {
  sandbox: "secret_test_",
  production: "secret_prod_",
}

function keyError(message: string): TradeCreditError {
  return new TradeCreditError({ code: CLIENT_ERROR_CODES.INVALID_API_KEY, message })
}

/** Why a string is not a key, in words that reveal nothing of it beyond its prefix. */
function malformedReason(key: string): string {
  const prefix = prefixOf(key)
  if (!prefix) return `it does not start with secret_test_ or secret_prod_`
  const secret = key.slice(prefix.length)
  if (/\s/.test(key)) return `${prefix}… contains whitespace (a stray newline or space from the environment file?)`
  if (secret.length !== 43) {
    return (
      `${prefix}… has ${secret.length} characters after the prefix, expected ` +
      `43 (URL-safe base64 of 32 bytes, no padding)`
    )
  }
  return `${prefix}… has characters outside URL-safe base64 (A-Z a-z 0-9 - _) after the prefix`
}

/**
 * Refuses a key of the wrong shape (contract section 0: `secret_<test|prod>_`
 * + 43 URL-safe base64 characters) and a key of the other environment: a
 * `secret_prod_` key with the sandbox, or a `secret_test_` key with production.
 * The messages show at most the prefix, never the key.
 */
export function assertApiKey(key: unknown, environment: Environment): asserts key is string {
  if (typeof key !== "string" || key.length === 0) {
    throw keyError("Trade credit API key is missing: set the plugin's apiKey option")
  }
  if (!ENVIRONMENTS.includes(environment)) {
    throw keyError(`Trade credit environment must be "sandbox" or "production"`)
  }
  if (!API_KEY_PATTERN.test(key)) {
    throw keyError(`Trade credit API key is malformed: ${malformedReason(key)}`)
  }
  const expected = KEY_PREFIX[environment]
  if (!key.startsWith(expected)) {
    const given = prefixOf(key)
    throw keyError(
      environment === "sandbox"
        ? `Trade credit API key is a production key (${given}…) but the plugin is ` +
            `configured for the sandbox: use a secret_test_ key`
        : `Trade credit API key is a sandbox key (${given}…) but the plugin is configured ` +
            `for production: use a secret_prod_ key`,
    )
  }
}
