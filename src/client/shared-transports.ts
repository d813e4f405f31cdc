import { createHash } from "node:crypto"
import { createTransport } from "./create-transport"
import { parseClientOptions, type TradeCreditClientConfig, type TradeCreditClientOptionsInput } from "./options"
import type { Transport } from "./transport"

/**
 * One transport (one keep-alive pool) per process for the same options. The plugin's invoice provider, its
 * instalment provider and its module are built separately by Medusa from one options object; without this each would
 * hold a pool of its own, so the same checkout would open sockets in three pools and keep none of them warm.
 *
 * The key is the base URL, the environment, a fingerprint of the API key (never the key itself), every transport
 * option, and the identity of the logger and onRequest hook (a caller with its own hook gets its own pool). Each
 * `acquireTransport` returns a handle; the pool closes when the last handle is released. A handle's `release` releases
 * that handle once.
 */

type Entry = { key: string; transport: Transport; refs: number; views: Map<string, unknown> }

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

export type TransportHandle = {
  transport: Transport
  /** Made once per shared transport: every handle on it gets the same client modules (built on first use). */
  shared: <T>(name: string, build: () => T) => T
  release: () => Promise<void>
}

/** A handle on the process's shared transport for these options (made on first use). */
export function acquireTransport(options: TradeCreditClientOptionsInput): TransportHandle {
  const key = keyOf(parseClientOptions(options))
  let entry = entries.get(key)
  if (!entry) {
    entry = { key, transport: createTransport(options), refs: 0, views: new Map() }
    entries.set(key, entry)
  }
  entry.refs++
  const held = entry
  let released = false
  return {
    transport: held.transport,
    shared: <T>(name: string, build: () => T): T => {
      if (!held.views.has(name)) held.views.set(name, build())
      return held.views.get(name) as T
    },
    release: async () => {
      if (released) return
      released = true
      held.refs--
      if (held.refs > 0) return
      if (entries.get(held.key) === held) entries.delete(held.key)
      await held.transport.close()
    },
  }
}

/** How many shared transports (pools) are open in this process, and the handles on them (tests, benches). */
export function sharedClientStats(): { pools: number; handles: number } {
  let handles = 0
  for (const entry of entries.values()) handles += entry.refs
  return { pools: entries.size, handles }
}
