import type { Logger } from "@medusajs/framework/types"
import type { KeptChecks } from "../use-cases/kept-checks"
import { errorIds, logLine } from "../utils/log-line"
import type { MedusaServices } from "./services"

/**
 * The kept checks (use-cases/kept-checks.ts) in the plugin's module, where every instance reads them. Reuse is an
 * optimisation: without the module, or when its database answer fails, a find is a miss and a keep or spend is
 * skipped (logged), so the checkout asks the service as it would have, and never fails for it.
 */
export function keptChecksOf(medusa: Pick<MedusaServices, "tradeCredit">, logger: Logger): KeptChecks {
  const quietly = async <T>(what: string, step: () => Promise<T> | undefined): Promise<T | undefined> => {
    try {
      return await step()
    } catch (error) {
      logLine(logger, "warn", `trade-credit: ${what} kept checks failed: ${(error as Error).message}`, errorIds(error))
      return undefined
    }
  }
  return {
    find: (key) => quietly("reading", () => medusa.tradeCredit()?.findKeptCheck(key)),
    keep: async (checks, ttlMs) => {
      await quietly("keeping", () => medusa.tradeCredit()?.keepChecks(checks, ttlMs))
    },
    spend: async (trackingId) => {
      await quietly("spending", () => medusa.tradeCredit()?.spendKeptCheck(trackingId))
    },
  }
}
