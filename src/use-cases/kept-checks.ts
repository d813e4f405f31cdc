import type { CheckToKeep } from "../modules/trade-credit/kept-checks"

/**
 * Where approved answers of the service are kept a while for reuse by every instance (the plugin's module:
 * modules/trade-credit/kept-checks.ts, through medusa/kept-checks.ts): intents, instalment credit checks, companies a
 * search described. Reuse is an optimisation: a miss (nothing kept, expired, spent, the store's database busy) asks
 * the service as before.
 */
export type KeptChecks = {
  /** The live answer under `key`: kept, not expired, not spent. */
  find<T>(key: string): Promise<T | undefined>
  /** Keeps each answer under its key for `ttlMs` (one write); an intent with its tracking id (see `spend`). */
  keep(checks: CheckToKeep[], ttlMs: number): Promise<void>
  /** An order was made with this tracking id: the intent kept with it is never reused. */
  spend(trackingId: string): Promise<void>
}
