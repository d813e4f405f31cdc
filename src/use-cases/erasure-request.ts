import type { ErasureRequestRow, TradeCreditModuleService } from "../modules/trade-credit"
import { quote } from "../utils/quote"

export type ErasureRequestDeps = {
  /** The plugin's module: the erasure requests it recorded. */
  module: Pick<TradeCreditModuleService, "listErasureRequests">
}

export type ErasureRequestOutcome =
  | { outcome: "found"; request: ErasureRequestRow }
  | { outcome: "refused"; code: "TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND"; message: string }

/** One erasure request by its id (`tcera_...`), as the module recorded it; refused with a code when there is none. */
export async function findErasureRequest(deps: ErasureRequestDeps, id: string): Promise<ErasureRequestOutcome> {
  const [row] = await deps.module.listErasureRequests({ id }, { take: 1 })
  if (!row)
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND",
      message: `Erasure request ${quote(id)} was not found`,
    }
  return { outcome: "found", request: row }
}
