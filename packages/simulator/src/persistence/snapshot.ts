import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import { type EncodedGraph, decodeGraph, encodeGraph } from "./graph-codec"

/** The version of the file's layout; a file of another version is not loaded (the simulator starts empty). */
export const SNAPSHOT_VERSION = 1

/** What a state file holds: a summary anyone can read (the demo prints it), and the state itself. */
export type StateSnapshot = {
  version: number
  saved_at: string
  /** Orders of the order interface and repayment plans, over every merchant. */
  summary: { orders: number; repayment_plans: number }
  clock_offset_ms: number
  state: EncodedGraph
}

/** The stores a merchant keeps: everything the service remembers for it. Its keys and secret come from the config. */
const MERCHANT_STORES = ["orders", "repayment", "tradeAccounts", "erasure", "idempotency", "registration"] as const

/** A store's own fields (Maps, Sets, arrays, counters), private ones included: what it is made of at run time. */
const fieldsOf = (store: object) => ({ ...store }) as Record<string, unknown>

/** Puts loaded fields back into a live store, so that the code holding the store sees them. */
function restoreFields(store: object, fields: unknown): void {
  if (fields && typeof fields === "object") Object.assign(store, fields)
}

/** The state as a snapshot. Merchants are keyed by their merchant_id, which their API key determines. */
export function captureState(ctx: SimulatorContext, now = new Date()): StateSnapshot {
  const merchants: Record<string, unknown> = {}
  let orders = 0
  let plans = 0
  for (const merchant of ctx.merchants.list()) {
    const stores: Record<string, unknown> = { webhookUrl: merchant.webhookUrl }
    for (const name of MERCHANT_STORES) stores[name] = fieldsOf(merchant[name])
    merchants[merchant.merchantId] = stores
    orders += merchant.orders.size
    plans += merchant.repayment.size.plans
  }
  const state = { merchants, companies: fieldsOf(ctx.companies), documents: fieldsOf(ctx.documents) }
  return {
    version: SNAPSHOT_VERSION,
    saved_at: now.toISOString(),
    summary: { orders, repayment_plans: plans },
    clock_offset_ms: ctx.clock.offset,
    state: encodeGraph(state),
  }
}

/**
 * Loads a snapshot into a context that has just been made (nothing served yet). A merchant of the snapshot that the
 * configuration does not have (another API key) is left out, and said; a configured webhook URL wins over the saved
 * one (the demo points it at the same Medusa anyway).
 */
export function restoreState(ctx: SimulatorContext, snapshot: StateSnapshot): void {
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new Error(
      `the state file is of version ${snapshot.version}; this simulator reads version ${SNAPSHOT_VERSION}`,
    )
  }
  const state = decodeGraph(snapshot.state) as {
    merchants: Record<string, Record<string, unknown>>
    companies: unknown
    documents: unknown
  }
  const byMerchantId = new Map<string, MerchantState>(ctx.merchants.list().map((m) => [m.merchantId, m]))
  for (const [merchantId, stores] of Object.entries(state.merchants)) {
    const merchant = byMerchantId.get(merchantId)
    if (!merchant) {
      ctx.logger.warn(`state file: merchant ${merchantId} is not configured (another API key); its state is left out`)
      continue
    }
    for (const name of MERCHANT_STORES) restoreFields(merchant[name], stores[name])
    merchant.idempotency.forgetUnanswered()
    if (merchant.webhookUrl === null && typeof stores.webhookUrl === "string") merchant.webhookUrl = stores.webhookUrl
  }
  restoreFields(ctx.companies, state.companies)
  restoreFields(ctx.documents, state.documents)
  ctx.clock.advance(snapshot.clock_offset_ms - ctx.clock.offset)
}
