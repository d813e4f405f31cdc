import { createHash } from "node:crypto"
import { createTradeCreditClient, type TradeCreditClient } from "./index"
import { parseClientOptions, type TradeCreditClientConfig, type TradeCreditClientOptionsInput } from "./options"

/**
 * One client (one transport, one keep-alive pool) per process for the same
 * options. The plugin's invoice provider, its instalment provider and its module
 * are built separately by Medusa from one options object; without this each
 * would hold a pool of its own, so the same checkout would open sockets in
 * three pools and keep none of them warm.
 *
 * The key is the base URL, the environment, a fingerprint of the API key (never
 * the key itself), every transport option, and the identity of the logger and
 * onRequest hook (a caller with its own hook gets its own client). Each
 * `acquireTradeCreditClient` returns a handle; the pool closes when the last
 * handle is closed. A handle's `close` releases that handle once; calls made
 * through a released handle while others still hold the pool go through.
 */

type Entry = { key: string; client: TradeCreditClient; refs: number }

const entries = new Map<string, Entry>()
const identities = new WeakMap<object, number>()
let nextIdentity = 1

function identityOf(value: unknown): number | null {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return null
  let id = identities.get(value)
  if (id === undefined) {
    id = nextIdentity++
    identities.set(value, id)
  }
  return id
}

function keyOf(config: TradeCreditClientConfig): string {
  const { apiKey, previousApiKey, logger, onRequest, ...transport } = config
  const fingerprint = (key: string | undefined) =>
    key === undefined ? null : createHash("sha256").update(key).digest("base64url").slice(0, 22)
  const ordered = Object.fromEntries(Object.entries(transport).sort(([a], [b]) => a.localeCompare(b)))
  return JSON.stringify({
    ...ordered,
    key: fingerprint(apiKey),
    previous: fingerprint(previousApiKey),
    logger: identityOf(logger),
    onRequest: identityOf(onRequest),
  })
}

/** A handle on the process's shared client for these options (made on first use). */
export function acquireTradeCreditClient(options: TradeCreditClientOptionsInput): TradeCreditClient {
  const key = keyOf(parseClientOptions(options))
  let entry = entries.get(key)
  if (!entry) {
    entry = { key, client: createTradeCreditClient(options), refs: 0 }
    entries.set(key, entry)
  }
  entry.refs++
  const held = entry
  let released = false
  return {
    ...held.client,
    close: async () => {
      if (released) return
      released = true
      held.refs--
      if (held.refs > 0) return
      if (entries.get(held.key) === held) entries.delete(held.key)
      await held.client.close()
    },
  }
}

/** How many shared clients (pools) are open in this process, and the handles on them (tests, benches). */
export function sharedClientStats(): { pools: number; handles: number } {
  let handles = 0
  for (const entry of entries.values()) handles += entry.refs
  return { pools: entries.size, handles }
}
