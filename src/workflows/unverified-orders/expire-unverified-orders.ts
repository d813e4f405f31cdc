import type {
  FilterablePaymentSessionProps,
  ILockingModule,
  IPaymentModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { invoiceProviderIds } from "../../medusa/provider-ids"
import { logLine } from "../../utils/log-line"
import { pluginLoggerOf } from "../../medusa/plugin-logger"
import type { CancelUnverifiedOrderResult } from "./steps/cancel-unverified-order"
import type { OrderState } from "../../service/schemas/order"
import { EXPIRY_REPAIRS } from "../reconciliation/apply-repair"
import { reconcileSession } from "../reconciliation/reconcile-session"

export type ExpireUnverifiedOrdersOptions = {
  /** "Now" (tests pass a later time instead of waiting). */
  now?: Date
  /** Overrides the option unverifiedOrderTtlHours. */
  ttlHours?: number
  /** Sessions handled per run (the oldest first). */
  limit?: number
  /** How long to wait for a session's locks (its cart's, its own), in seconds; a session still locked is tried on the
   * next run. */
  lockTimeoutSeconds?: number
}

export type ExpireUnverifiedOrdersSummary = {
  cutoff: string
  checked: number
  freed: CancelUnverifiedOrderResult[]
  kept: CancelUnverifiedOrderResult[]
  failed: { session_id: string; message: string }[]
}

const HOUR_MS = 3_600_000

/** The cart of each payment session (through its payment collection), in one Query. */
async function cartsOfSessions(container: MedusaContainer, sessionIds: string[]): Promise<Map<string, string>> {
  if (!sessionIds.length) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.cart.id"],
    filters: { id: sessionIds },
  })
  const carts = new Map<string, string>()
  for (const row of data as { id: string; payment_collection?: { cart?: { id?: string } | null } | null }[]) {
    const cartId = row.payment_collection?.cart?.id
    if (cartId) carts.set(row.id, cartId)
  }
  return carts
}

/**
 * The expiry job's work, a scheduler of the one pipeline: trade credit payment sessions still waiting for the buyer's
 * verification (status requires_more, data.state UNVERIFIED) older than the TTL (option unverifiedOrderTtlHours,
 * default 48 as the service itself) are each reconciled with `expireBefore` (reconcileSession: the session's lock, the
 * order read back, planRepair decides): an order still UNVERIFIED and created before the cutoff is cancelled at the
 * service, one the service ended already only frees the cart, one the buyer verified meanwhile is left to the buyer's
 * return, the webhook or the reconciliation. Each runs under its cart's lock too (Medusa's cart completion takes it: a
 * buyer back from the verification page at this moment completes first, or after, never in between). One failure (or
 * a session still locked) does not stop the others: it is tried again on the next run.
 */
export async function expireUnverifiedOrders(
  container: MedusaContainer,
  options: ExpireUnverifiedOrdersOptions = {},
): Promise<ExpireUnverifiedOrdersSummary> {
  const logger = pluginLoggerOf(container)
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const ttlHours = options.ttlHours ?? tradeCredit.getOptions().unverifiedOrderTtlHours
  const cutoff = new Date((options.now ?? new Date()).getTime() - ttlHours * HOUR_MS)

  const providers = await invoiceProviderIds(container)
  const summary: ExpireUnverifiedOrdersSummary = {
    cutoff: cutoff.toISOString(),
    checked: 0,
    freed: [],
    kept: [],
    failed: [],
  }
  if (providers.length === 0) return summary

  // `status` is a column of the session that the filter type does not list.
  const filters = {
    provider_id: providers,
    status: PaymentSessionStatus.REQUIRES_MORE,
    created_at: { $lt: cutoff.toISOString() },
  }
  const sessions = await payments.listPaymentSessions(filters as FilterablePaymentSessionProps, {
    select: ["id", "data", "created_at"],
    take: options.limit ?? 100,
    order: { created_at: "ASC" },
  })
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const client = tradeCredit.getClient()
  const cartOf = await cartsOfSessions(
    container,
    sessions.map((s) => s.id),
  )
  for (const session of sessions) {
    const data = (session.data ?? {}) as TradeCreditPaymentData
    if (data.state !== "UNVERIFIED" || !data.order_id) continue
    summary.checked++
    const expire = () =>
      reconcileSession(container, client, {
        sessionId: session.id,
        expireBefore: cutoff,
        allowed: EXPIRY_REPAIRS,
        leftTo: "the reconciliation",
      })
    try {
      const cartId = cartOf.get(session.id)
      const outcome = cartId
        ? await locking.execute(cartId, expire, { timeout: options.lockTimeoutSeconds ?? 30 })
        : await expire()
      if (outcome.error) {
        summary.failed.push({ session_id: session.id, message: outcome.error })
        continue
      }
      const result: CancelUnverifiedOrderResult = {
        session_id: session.id,
        service_order_id: outcome.service_order_id ?? data.order_id,
        free: outcome.repaired,
        state: (outcome.repaired && outcome.service_state === "UNVERIFIED" ? "CANCELLED" : outcome.service_state) as
          OrderState | undefined,
        reason: outcome.repaired ? outcome.action : outcome.found,
      }
      ;(result.free ? summary.freed : summary.kept).push(result)
    } catch (error) {
      summary.failed.push({ session_id: session.id, message: (error as Error).message })
    }
  }
  if (summary.checked > 0) {
    const failed = summary.failed.length ? `, ${summary.failed.length} failed (tried again on the next run)` : ""
    logLine(
      logger,
      "info",
      `trade-credit: unverified orders older than ${ttlHours} h: ${summary.freed.length} ` +
        `cancelled and their carts freed, ` +
        `${summary.kept.length} left alone${failed}`,
    )
    for (const { session_id, message } of summary.failed) {
      logLine(logger, "warn", `trade-credit: could not expire session ${session_id}: ${message}`, {
        payment_session_id: session_id,
        cart_id: cartOf.get(session_id),
      })
    }
  }
  return summary
}
