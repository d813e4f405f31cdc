import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AnswerCache } from "../../use-cases/answer-cache"

/**
 * A short-lived cache of answers that are expensive to ask the service for
 * again (company searches, pre-checks), kept small.
 *
 * Where the store configured a shared cache module (e.g. Medusa's Redis
 * cache), it is used, so every server instance shares the answers. Medusa's
 * default in-memory cache module is unbounded, so in its place the plugin keeps
 * its own bounded in-process cache.
 */
/** The store use cases' answer cache (use-cases/answer-cache.ts) is what this module hands them. */
export type ShortCache = AnswerCache

type Entry = { value: unknown; expiresAt: number }

/** A bounded in-process TTL cache: the least recently used entries go first when it is full. */
export class BoundedTtlCache implements ShortCache {
  readonly #entries = new Map<string, Entry>()

  constructor(readonly maxEntries = 500) {}

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    if (entry.expiresAt <= Date.now()) return undefined
    this.#entries.set(key, entry) // most recently used last
    return entry.value as T
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    if (!(ttlSeconds > 0)) return
    this.#entries.delete(key)
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
    this.#entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 })
  }

  get size(): number {
    return this.#entries.size
  }
}

type CacheModule = {
  get<T>(key: string): Promise<T | null>
  set(key: string, data: unknown, ttl?: number): Promise<void>
}

/** Medusa's cache module when it is one shared between instances (not the default in-memory one). */
function sharedCacheModule(scope: MedusaContainer): CacheModule | undefined {
  try {
    if (!scope.hasRegistration(Modules.CACHE)) return undefined
    const cache = scope.resolve<CacheModule>(Modules.CACHE)
    if (!cache || typeof cache.get !== "function" || typeof cache.set !== "function") return undefined
    return cache.constructor?.name === "InMemoryCacheService" ? undefined : cache
  } catch {
    return undefined
  }
}

/**
 * The cache `name` for this request's container: Medusa's shared cache module
 * (keys prefixed with `trade-credit:<name>:`) or a bounded in-process cache of
 * `maxEntries` per name.
 */
export function shortCache(scope: MedusaContainer, name: string, maxEntries = 500): ShortCache {
  const shared = sharedCacheModule(scope)
  if (shared) {
    const prefix = `trade-credit:${name}:`
    return {
      get: async <T>(key: string) => ((await shared.get<T>(prefix + key)) ?? undefined) as T | undefined,
      set: async (key, value, ttlSeconds) => {
        if (ttlSeconds > 0) await shared.set(prefix + key, value, ttlSeconds)
      },
    }
  }
  let local = LOCAL_CACHES.get(name)
  if (!local) LOCAL_CACHES.set(name, (local = new BoundedTtlCache(maxEntries)))
  return local
}

const LOCAL_CACHES = new Map<string, BoundedTtlCache>()
