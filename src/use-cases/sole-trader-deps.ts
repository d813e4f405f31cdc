import type { Logger } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../client/index"
import type { TradeCreditOptions } from "../config/options"
import type { Query } from "../medusa/services"
import type { EnrollmentRow, TradeCreditModuleService } from "../modules/trade-credit"
import type { enrollmentKeys, timeBucket } from "../workflows/enrollment/enrollment-store"
import type { SaveEnrolledBusinessInput } from "../workflows/enrollment/save-enrolled-business"
import type { MatchesTokenStore } from "./sole-trader-matches"

/**
 * What the sole-trader use cases are given (the store's sole-trader routes build it from the request:
 * route-helpers.ts). The registration's idempotency keys and the enrollment's workflows live above the use cases
 * (src/workflows/enrollment), so the route hands them in; a use case imports none.
 */
export type SoleTraderDeps = {
  client: Pick<TradeCreditClient, "registry" | "autofill">
  options: Pick<TradeCreditOptions, "baseUrl" | "checkoutUrl">
  query: Pick<Query, "graph">
  logger: Logger
  /** The plugin's module: the customer's enrollment and the returning buyer's kept matches token. */
  module: Pick<TradeCreditModuleService, "listEnrollments"> & MatchesTokenStore
  /** The registration calls' idempotency keys and their time buckets (enrollment-store.ts). */
  keys: typeof enrollmentKeys
  timeBucket: typeof timeBucket
  /** saveEnrolledBusinessWorkflow: the business becomes the customer's enrollment; the row as saved. */
  enrol: (input: SaveEnrolledBusinessInput) => Promise<EnrollmentRow>
  /** applyProposalStateWorkflow: the proposal's enrollment follows its state at the service; the row after. */
  applyProposalState: (proposalId: string) => Promise<EnrollmentRow | null>
}

/** A sole-trader request refused: a code of the catalogue and the buyer's words. */
export type SoleTraderRefusal<Code extends string> = { outcome: "refused"; code: Code; message: string }

/** The customer's enrollment, if any (one per customer). */
export async function enrollmentOf(
  module: Pick<TradeCreditModuleService, "listEnrollments">,
  customerId: string,
): Promise<EnrollmentRow | undefined> {
  const [row] = await module.listEnrollments({ customer_id: customerId }, { take: 1 })
  return row
}
