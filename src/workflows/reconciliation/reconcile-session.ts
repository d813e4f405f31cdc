import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { TradeCreditClient } from "../../client/index"
import type { Order } from "../../service/schemas/order"
import { ALL_REPAIRS, applyRepair } from "./apply-repair"
import { isInvoiceProviderId } from "../../medusa/provider-ids"
import { planRepair } from "./plan-repair"
import { readMedusaPaymentState } from "./read-medusa-state"
import { readServiceOrder } from "./read-service-order"
import type { ReconciliationOutcome, RepairActionType } from "./types"
import { errorMessage } from "../../utils/error-message"

export type ReconcileSessionInput = {
  sessionId: string
  /** The service order an event named: read by its id, and ignored when the payment has moved on to another order. */
  serviceOrderId?: string
  /** The actions this caller may take; the others are described as left to `leftTo`. */
  allowed?: ReadonlySet<RepairActionType>
  leftTo?: string
  /** The expiry of unverified orders: sessions whose order was created before this moment are expired (planRepair). */
  expireBefore?: Date
}

/**
 * Compares one trade credit payment session (and its payment) with the service's
 * order and repairs Medusa. Never throws: a failure is an outcome with `error`.
 * Runs under a lock per session, so a webhook and a reconciliation run never
 * repair the same payment at once.
 */
export async function reconcileSession(
  container: MedusaContainer,
  client: TradeCreditClient,
  { sessionId, serviceOrderId, allowed = ALL_REPAIRS, leftTo = "a person", expireBefore }: ReconcileSessionInput,
): Promise<ReconciliationOutcome> {
  const outcome: ReconciliationOutcome = {
    session_id: sessionId,
    payment_id: null,
    order_id: null,
    service_order_id: serviceOrderId ?? null,
    found: "",
    action: "none",
    in_sync: false,
    repaired: false,
  }
  const done: string[] = []
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  try {
    await locking.execute(
      `trade-credit:payment-session:${sessionId}`,
      async () => {
        const state = await readMedusaPaymentState(container, sessionId)
        if (!state || !isInvoiceProviderId(state.session.provider_id)) {
          outcome.found = "no trade credit payment session with this id in Medusa"
          outcome.in_sync = true
          return
        }
        outcome.payment_id = state.payment?.id ?? null
        outcome.order_id = state.order?.id ?? null
        const known = state.payment?.data.order_id ?? state.session.data.order_id
        if (serviceOrderId && known && known !== serviceOrderId) {
          outcome.found = `the event is about order ${serviceOrderId}; the payment now belongs to order ${known}`
          outcome.in_sync = true
          return
        }
        let order: Order | null
        if (serviceOrderId) order = await client.orders.get(serviceOrderId)
        else order = await readServiceOrder(client, state)
        outcome.service_order_id = order?.id ?? known ?? null
        outcome.service_state = order?.state

        const plan = planRepair(state, order, { expireBefore })
        outcome.found = plan.found
        if (plan.discrepancy) outcome.discrepancy = plan.discrepancy
        outcome.in_sync = !plan.actions.length && !plan.reports.length
        for (const action of plan.actions) {
          if (!allowed.has(action.type)) {
            done.push(`left to ${leftTo}: ${action.type.replace(/_/g, " ")}`)
            continue
          }
          done.push(await applyRepair({ container, client, state }, action))
          outcome.repaired = true
        }
        for (const report of plan.reports) done.push(`reported: ${report}`)
      },
      { timeout: 60 },
    )
  } catch (error) {
    outcome.error = errorMessage(error)
    if (!outcome.found) outcome.found = "could not compare the payment with the service"
  }
  outcome.action = done.length ? done.join("; ") : "none"
  return outcome
}
