import type { FindConfig, MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import { invoiceProviderIds, isPluginProviderId } from "../../medusa/provider-ids"
import { countPayments } from "./payment-records"
import { quote } from "../../utils/quote"

export type FindTargetsInput = {
  /** At most this many payments are checked in one run. */
  limit: number
  /** Sessions untouched for longer are left alone (the service cancels unverified orders after 48 hours). */
  lookbackDays: number
  /** How many runs came before: payments are checked in turns, `limit` at a time. */
  round: number
  /** Only the trade credit payments of this Medusa order. */
  orderId?: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The payment module's lists as the sweep calls them: its repositories filter on any column of the rows
 * (`provider_id`, `canceled_at: null`, dates as Date), which the module's DTO filter types do not list.
 */
type PaymentLists = {
  listPaymentSessions(
    filters: Record<string, unknown>,
    config: FindConfig<PaymentSessionDTO>,
  ): Promise<PaymentSessionDTO[]>
  /** Read with `select: ["id", "payment_session_id"]`. */
  listPayments(
    filters: Record<string, unknown>,
    config: { select: string[]; order: Record<string, "ASC" | "DESC">; skip?: number; take: number },
  ): Promise<{ id: string; payment_session_id?: string | null }[]>
}

/**
 * The payment sessions a run compares with the service (ids; a session stands
 * for its payment too):
 * - sessions not authorized yet that reached the service: `requires_more` (the
 *   buyer verifies; a missed `order.verified.v1` or `order.cancelled.v1`) and `pending`
 *   ones that were credit-checked (the process may have stopped between the
 *   service's order and Medusa's write), newest first;
 * - payments not canceled and not fully captured, and payments captured within the
 *   look-back (refunds made in the service's portal), in turns across runs so
 *   every one is reached however many there are.
 * Half the limit goes to each kind; what one kind leaves goes to the other.
 * What the limit leaves after them goes to instalment plans whose funding Medusa
 * has not caught up with (the plugin's row says "pending"), oldest first: the
 * funding poll's work, taken by the same sync (reconcile-plan-session.ts).
 */
export async function findReconciliationTargets(
  container: MedusaContainer,
  input: FindTargetsInput,
): Promise<string[]> {
  if (input.orderId) return await sessionsOfOrder(container, input.orderId)
  const invoices = await invoiceTargets(container, input)
  const room = input.limit - invoices.length
  if (room <= 0) return invoices
  const plans = await container
    .resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    .listRepaymentPlanSessions(
      { state: "pending" },
      { select: ["session_id"], take: room, order: { created_at: "ASC" } },
    )
  return [...new Set([...invoices, ...plans.map((p) => p.session_id)])]
}

/** The invoice sessions and payments of a sweep. */
async function invoiceTargets(container: MedusaContainer, input: FindTargetsInput): Promise<string[]> {
  const payments = container.resolve<PaymentLists>(Modules.PAYMENT)
  const providerIds = await invoiceProviderIds(container)
  if (!providerIds.length) return []
  const since = new Date(Date.now() - input.lookbackDays * DAY_MS)

  const sessions = (
    await payments.listPaymentSessions(
      { provider_id: providerIds, status: ["requires_more", "pending"], updated_at: { $gte: since } },
      { select: ["id", "status", "data"], order: { updated_at: "DESC" }, take: input.limit },
    )
  ).filter((s) => {
    const data = (s.data ?? {}) as TradeCreditPaymentData
    return s.status === "requires_more" ? !!data.order_id : !!(data.order_id || data.tracking_id)
  })

  const filters = {
    provider_id: providerIds,
    canceled_at: null,
    $or: [{ captured_at: null }, { captured_at: { $gte: since } }],
  }
  const total = await countPayments(container, filters)
  const { sessionBudget, paymentBudget } = splitBudget(input.limit, sessions.length, total)
  let paymentSessionIds: string[] = []
  if (paymentBudget > 0) {
    const skip = turnOffset(input.round, paymentBudget, total)
    const page = await payments.listPayments(filters, {
      select: ["id", "payment_session_id"],
      order: { created_at: "ASC", id: "ASC" },
      skip,
      take: paymentBudget,
    })
    // The turn wraps around: the start of the list fills what the end of it lacks.
    const wrapped =
      page.length < paymentBudget && skip > 0
        ? await payments.listPayments(filters, {
            select: ["id", "payment_session_id"],
            order: { created_at: "ASC", id: "ASC" },
            take: paymentBudget - page.length,
          })
        : []
    paymentSessionIds = [...page, ...wrapped].map((p) => p.payment_session_id).filter((id): id is string => !!id)
  }
  return [...new Set([...sessions.slice(0, sessionBudget).map((s) => s.id), ...paymentSessionIds])]
}

/** Half the limit for each kind; what one kind does not use goes to the other. */
export function splitBudget(limit: number, sessionsAvailable: number, paymentsAvailable: number) {
  const paymentBudget = Math.min(paymentsAvailable, Math.max(limit - Math.ceil(limit / 2), limit - sessionsAvailable))
  const sessionBudget = Math.min(sessionsAvailable, limit - paymentBudget)
  return { sessionBudget, paymentBudget }
}

/** Where this run's turn starts in the list of `total` payments, `budget` at a time (wrapping around). */
export function turnOffset(round: number, budget: number, total: number): number {
  return total > budget && budget > 0 ? (round * budget) % total : 0
}

type SessionOfOrder = { id: string; provider_id: string }

/** The trade credit payment sessions of one Medusa order, invoice or instalment plan (for the admin's re-sync). */
async function sessionsOfOrder(container: MedusaContainer, orderId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payment_sessions.id", "payment_collections.payment_sessions.provider_id"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { payment_collections?: ({ payment_sessions?: (SessionOfOrder | null)[] | null } | null)[] | null } | undefined
  if (!order) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order ${quote(orderId)} was not found`,
      "TRADE_CREDIT_ORDER_NOT_FOUND",
    )
  }
  const ids = (order.payment_collections ?? [])
    .flatMap((pc) => pc?.payment_sessions ?? [])
    .filter((s): s is SessionOfOrder => !!s && isPluginProviderId(s.provider_id))
    .map((s) => s.id)
  if (!ids.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order ${quote(orderId)} has no trade credit payment to reconcile`,
      "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER",
    )
  }
  return ids
}
