import type { MedusaContainer } from "@medusajs/framework/types"
import { shortCache } from "../../../utils/short-cache"

/** What a verified returning buyer with several businesses left behind: the email and its matches token. */
export type KeptMatches = { email: string; token: string }

/** The buyer has this long to choose; the token itself lasts an hour. */
const KEEP_SECONDS = 15 * 60

/**
 * The matches token of the verification PATCH's answer, kept server-side per customer (it never reaches the
 * browser) until the buyer chooses one of the businesses. Shared between instances where the store has a shared
 * cache module.
 */
export const matchesTokens = (scope: MedusaContainer) => {
  const cache = shortCache(scope, "returning-buyer-matches", 1000)
  return {
    keep: (customerId: string, kept: KeptMatches) => cache.set(customerId, kept, KEEP_SECONDS),
    get: (customerId: string) => cache.get<KeptMatches>(customerId),
    /** Used up once the buyer has chosen (a second choice verifies the email again). */
    drop: (customerId: string) => cache.set(customerId, null, 1),
  }
}
