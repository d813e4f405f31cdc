import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { BuyerRepaymentAccountRow } from "../../modules/trade-credit/types"
import { isPluginProviderId } from "../../medusa/provider-ids"
import { buyerKeyOf } from "../../core/plan/repayment-account-body"
import { anonymiseData } from "./anonymise-data"
import type { PluginPlaceholders } from "./placeholders"
import { assertNever } from "../../utils/assert-never"

/** Whose data: the address (lower case) and the Medusa customers that have it (or the one asked for). */
export type ErasureSubject = { email: string; customer_ids: string[] }

/** One record of the plugin's to anonymise: the fields it had and the fields it gets (nothing else is written). */
export type RecordChange = {
  kind: RecordKind
  id: string
  before: Record<string, unknown>
  after: Record<string, unknown>
}
export type RecordKind = "payment_session" | "payment" | "enrollment" | "repayment_account" | "matches_token"

type Json = Record<string, unknown>
type PaymentRecords = IPaymentModuleService & {
  updatePaymentSessions(data: { id: string; data?: Json }): Promise<unknown>
  updatePayment(data: { id: string; data?: Json }): Promise<unknown>
}
/** What a repayment account's change holds (`before` and `after`). */
type AccountFields = Partial<Pick<BuyerRepaymentAccountRow, "body" | "digest">>
/** The module's enrollment methods, when the Enrollment model is there (sole traders). */
type WithEnrollments = {
  listEnrollments?: (filters: Json, config?: Json) => Promise<{ id: string; company_name?: string | null }[]>
  updateEnrollments?: (data: Json) => Promise<unknown>
}
/** The module's matches-token rows (a returning sole trader's verified email and the service's token, 15 minutes). */
type WithMatchesTokens = {
  listMatchesTokens?: (filters: Json) => Promise<{ customer_id: string }[]>
  deleteMatchesTokens?: (ids: string | string[]) => Promise<unknown>
}

/**
 * The plugin's own copies of a person's data (what it wrote, not Medusa's
 * customer record, which is the store's to delete), found by the customers'
 * ids and the address:
 * - the data of the customers' trade credit payment sessions and payments
 *   (the buyer's representative, invoice emails; their carts and orders);
 * - their sole-trader enrollments' `company_name` (a trading name can be a
 *   person's name), when the Enrollment model exists;
 * - the account bodies kept with their repayment account links;
 * - a returning sole trader's kept matches token (their email and the service's token, for at most 15 minutes):
 *   deleted, not anonymised, and not put back by a compensation (a later choice asks the buyer to verify again).
 * Returns the changes only: records that hold nothing personal any more are left out.
 */
export async function collectPluginRecords(
  container: MedusaContainer,
  subject: ErasureSubject,
  placeholders: PluginPlaceholders,
): Promise<RecordChange[]> {
  const changes: RecordChange[] = []
  const tradeCredit = container.resolve<TradeCreditModuleService & WithEnrollments>(TRADE_CREDIT_MODULE)

  // Enrollments first: their trading names are the person's, wherever else they appear.
  const tradingNames = new Set<string>()
  if (typeof tradeCredit.listEnrollments === "function" && subject.customer_ids.length) {
    for (const enrollment of await tradeCredit.listEnrollments(
      { customer_id: subject.customer_ids },
      { withDeleted: true },
    )) {
      const name = enrollment.company_name?.trim()
      if (!name || name === placeholders.name) continue
      tradingNames.add(name.toLowerCase())
      changes.push({
        kind: "enrollment",
        id: enrollment.id,
        before: { company_name: enrollment.company_name },
        after: { company_name: placeholders.name },
      })
    }
  }

  for (const record of await paymentRecordsOf(container, subject)) {
    const { value, changed } = anonymiseData(record.data, { placeholders, tradingNames })
    if (changed)
      changes.push({ kind: record.kind, id: record.id, before: { data: record.data }, after: { data: value } })
  }

  const buyerKeys = [...subject.customer_ids, buyerKeyOf(null, subject.email)].filter((key): key is string => !!key)
  for (const link of await tradeCredit.listBuyerRepaymentAccounts({ buyer_key: buyerKeys })) {
    const { value, changed } = anonymiseData(link.body as Json, { placeholders, tradingNames })
    // The digest no longer matches: a later checkout of the buyer sends its details again.
    if (changed)
      changes.push({
        kind: "repayment_account",
        id: link.id,
        before: { body: link.body, digest: link.digest },
        after: { body: value, digest: "erased" },
      })
  }

  const withTokens = tradeCredit as TradeCreditModuleService & WithMatchesTokens
  if (typeof withTokens.listMatchesTokens === "function" && subject.customer_ids.length) {
    for (const row of await withTokens.listMatchesTokens({ customer_id: subject.customer_ids })) {
      changes.push({ kind: "matches_token", id: row.customer_id, before: {}, after: { deleted: true } })
    }
  }
  return changes
}

/** Writes one record's fields (no provider is called: Medusa's rows only). */
export async function writeRecord(
  container: MedusaContainer,
  kind: RecordKind,
  id: string,
  values: Json,
): Promise<void> {
  switch (kind) {
    case "payment_session":
      await container.resolve<PaymentRecords>(Modules.PAYMENT).updatePaymentSessions({ id, data: values.data as Json })
      return
    case "payment":
      await container.resolve<PaymentRecords>(Modules.PAYMENT).updatePayment({ id, data: values.data as Json })
      return
    case "enrollment":
      await container.resolve<WithEnrollments>(TRADE_CREDIT_MODULE).updateEnrollments?.({ id, ...values })
      return
    case "repayment_account":
      await container
        .resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
        .updateBuyerRepaymentAccounts({ id, ...(values as AccountFields) })
      return
    case "matches_token":
      // Only the erasure deletes it (`after`); a compensation writing `before` back ({}) restores nothing.
      if (values.deleted === true)
        await container.resolve<WithMatchesTokens>(TRADE_CREDIT_MODULE).deleteMatchesTokens?.(id)
      return
    default:
      assertNever(kind, "erasure record kind")
  }
}

type PaymentRecord = { kind: "payment_session" | "payment"; id: string; data: Json }
/** A payment session or payment as the query reads it (sessionFields): any provider's, any data. */
type PaymentRow = { id?: string | null; provider_id?: string | null; data?: unknown }
type PaymentCollectionRow = { payment_sessions?: PaymentRow[] | null; payments?: PaymentRow[] | null } | null

/** The trade credit payment sessions and payments of the customers' carts and orders, and of carts with the address. */
async function paymentRecordsOf(container: MedusaContainer, subject: ErasureSubject): Promise<PaymentRecord[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const sessionFields = (path: string) => [
    `${path}.payment_sessions.id`,
    `${path}.payment_sessions.provider_id`,
    `${path}.payment_sessions.data`,
    `${path}.payments.id`,
    `${path}.payments.provider_id`,
    `${path}.payments.data`,
  ]
  const collections: PaymentCollectionRow[] = []
  const cartFilters: Json[] = [{ email: [subject.email] }]
  if (subject.customer_ids.length) {
    cartFilters.push({ customer_id: subject.customer_ids })
    const { data: orders } = await query.graph({
      entity: "order",
      fields: ["id", ...sessionFields("payment_collections")],
      filters: { customer_id: subject.customer_ids },
    })
    for (const order of orders as { payment_collections?: PaymentCollectionRow[] | null }[])
      collections.push(...(order.payment_collections ?? []))
  }
  for (const filters of cartFilters) {
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: ["id", ...sessionFields("payment_collection")],
      filters,
    })
    for (const cart of carts as { payment_collection?: PaymentCollectionRow }[])
      if (cart.payment_collection) collections.push(cart.payment_collection)
  }

  const seen = new Set<string>()
  const out: PaymentRecord[] = []
  const add = (kind: PaymentRecord["kind"], row: PaymentRow | null | undefined) => {
    if (
      !row?.id ||
      seen.has(row.id) ||
      !isPluginProviderId(row.provider_id) ||
      !row.data ||
      typeof row.data !== "object"
    )
      return
    seen.add(row.id)
    out.push({ kind, id: row.id, data: row.data as Json })
  }
  for (const collection of collections) {
    for (const session of collection?.payment_sessions ?? []) add("payment_session", session)
    for (const payment of collection?.payments ?? []) add("payment", payment)
  }
  return out
}
