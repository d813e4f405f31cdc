import { performance } from "node:perf_hooks"
import { TradeCreditError } from "../client/errors"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import { describeKey, redactKeys } from "../utils/key-display"
import type { ConnectionCheckReason, TradeCreditConnectionCheck } from "../api/admin/trade-credit/admin-ui-types"

/** The cheapest authenticated call: a company search for one result. */
const PROBE = { country: "GB", q: "a", limit: 1 } as const

export type ConnectionCheckDeps = {
  /** The plugin's module: its options (the environment, the keys) and the service's client (made when first used). */
  module: Pick<TradeCreditModuleService, "getOptions" | "getClient">
}

/**
 * Calls the service once with the configured key and says whether the key was
 * accepted and how long the call took. Never throws for the service's sake: a
 * refused key, a service that does not answer or answers wrongly is `ok: false`
 * with a reason code and a message in words (never the key).
 */
export async function checkConnection(deps: ConnectionCheckDeps): Promise<TradeCreditConnectionCheck> {
  const options = deps.module.getOptions()
  const base = { environment: options.environment, key_prefix: describeKey(options.apiKey) }
  const started = performance.now()
  const elapsed = () => Math.max(0, Math.round(performance.now() - started))
  try {
    await deps.module.getClient().companies.search(PROBE)
    return {
      ...base,
      ok: true,
      key_accepted: true,
      status: 200,
      duration_ms: elapsed(),
      reason: null,
      message: `The trade credit service (${options.environment}) accepted the key.`,
      checked_at: new Date().toISOString(),
    }
  } catch (error) {
    const duration_ms = elapsed()
    const { reason, key_accepted, message } = classify(error)
    const status = error instanceof TradeCreditError ? (error.status ?? null) : null
    return {
      ...base,
      ok: false,
      key_accepted,
      status,
      duration_ms,
      reason,
      message: redactKeys(message, [options.apiKey, options.previousApiKey]),
      checked_at: new Date().toISOString(),
    }
  }
}

function classify(error: unknown): { reason: ConnectionCheckReason; key_accepted: boolean | null; message: string } {
  if (!(error instanceof TradeCreditError)) {
    return {
      reason: "UNEXPECTED_ANSWER",
      key_accepted: null,
      message: `The check failed: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
  const trace = error.traceId ? ` (trace ${error.traceId})` : ""
  if (error.status === 401 || error.status === 403) {
    return {
      reason: "KEY_REJECTED",
      key_accepted: false,
      message:
        `The trade credit service refused the API key (${error.status} ${error.code}${trace}): ` +
        `check TRADE_CREDIT_API_KEY and the environment.`,
    }
  }
  if (error.code === "NETWORK_ERROR" || error.code === "TIMEOUT" || error.code === "CLIENT_CLOSED") {
    return {
      reason: "UNREACHABLE",
      key_accepted: null,
      message:
        `The trade credit service could not be reached (${error.code}): check TRADE_CREDIT_BASE_URL ` +
        `and the network.`,
    }
  }
  if (error.code === "CONTRACT_VIOLATION") {
    return {
      reason: "BAD_RESPONSE",
      key_accepted: null,
      message: `The trade credit service answered with an unexpected response${trace}.`,
    }
  }
  if (error.status === 429 || (error.status !== undefined && error.status >= 500)) {
    return {
      reason: "SERVICE_UNAVAILABLE",
      key_accepted: null,
      message:
        `The trade credit service is unavailable right now (${error.status} ${error.code}${trace}). ` +
        `Try again later.`,
    }
  }
  return {
    reason: "UNEXPECTED_ANSWER",
    key_accepted: null,
    message: `The trade credit service answered ${error.status ?? "without a status"} ${error.code}${trace}.`,
  }
}
