import type { Logger } from "@medusajs/framework/types"
import type { ClaimedMatches, KeptMatches, TradeCreditModuleService } from "../modules/trade-credit"
import { errorIds, logLine } from "../utils/log-line"

export type { KeptMatches }

/** The buyer has this long to choose; the token itself lasts an hour. */
export const KEEP_MS = 15 * 60 * 1000

/** Where the tokens are kept: the plugin's module, in the database every instance reads (matches-tokens.ts there). */
export type MatchesTokenStore = Pick<
  TradeCreditModuleService,
  "keepMatchesToken" | "claimMatchesToken" | "restoreMatchesToken"
>

/**
 * The matches token of the verification PATCH's answer, kept server-side per customer (it never reaches the
 * browser) until the buyer chooses one of the businesses. Kept in the plugin's module (PostgreSQL), so the choice may
 * reach another instance than the verification: no process keeps it in memory.
 */
export const matchesTokens = (store: MatchesTokenStore, logger?: Logger) => ({
  /** Keeps the buyer's token for 15 minutes (a new verification replaces the one kept before). */
  keep: (customerId: string, kept: KeptMatches) => store.keepMatchesToken(customerId, kept, KEEP_MS),
  /**
   * Uses the buyer's token once: it is taken away in one statement (of two choices at once, on any instances, one
   * gets it), then `use` runs with it. When `use` fails (a business outside the matches, the service unreachable),
   * the token is given back with the time it had left, so the buyer may choose again; once `use` succeeds it is
   * used up (a second choice verifies the email again). Answers `{ found: false }` when no live token is kept.
   */
  async useOnce<T>(
    customerId: string,
    use: (kept: KeptMatches) => Promise<T>,
  ): Promise<{ found: true; result: T } | { found: false }> {
    const claimed: ClaimedMatches | undefined = await store.claimMatchesToken(customerId)
    if (!claimed) return { found: false }
    let result: T
    try {
      result = await use({ email: claimed.email, token: claimed.token })
    } catch (error) {
      await store.restoreMatchesToken(customerId, claimed).catch((restoreError) => {
        // The buyer verifies the email again; the token itself is never logged.
        if (logger) {
          logLine(
            logger,
            "warn",
            `trade-credit: could not keep customer ${customerId}'s verified matches ` +
              `after a failed choice: ${(restoreError as Error).message}`,
            {
              customer_id: customerId,
              ...errorIds(restoreError),
            },
          )
        }
      })
      throw error
    }
    return { found: true, result }
  },
})
