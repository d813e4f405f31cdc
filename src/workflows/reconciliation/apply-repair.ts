import type { MedusaContainer } from "@medusajs/framework/types"
import {
  cancelOrderWorkflow,
  capturePaymentWorkflow,
  completeCartWorkflow,
  processPaymentWorkflow,
  refundPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import type { TradeCreditClient } from "../../client/index"
import { idempotencyKeys } from "../../core/order/idempotency-keys"
import { withOrder } from "../../core/order/payment-data"
import { assertNever } from "../../utils/assert-never"
import { readMedusaPaymentState } from "./read-medusa-state"
import { expireUnverifiedOrderWorkflow } from "../unverified-orders/workflow"
import { writePaymentData, writeSession } from "./payment-records"
import type { MedusaPaymentState, RepairAction, RepairActionType } from "./types"

/** What a reconciliation run may do: every action but the expiry's. */
export const ALL_REPAIRS: ReadonlySet<RepairActionType> = new Set([
  "complete_cart",
  "authorize_order_payment",
  "cancel_session",
  "sync_session",
  "cancel_payment",
  "cancel_order",
  "confirm_at_service",
  "sync_payment_data",
  "drop_unbooked_capture",
  "drop_unbooked_refund",
  "record_capture",
  "record_refund",
])

/** What the expiry of unverified orders may do (expire-unverified-orders.ts): the rest is the reconciliation's. */
export const EXPIRY_REPAIRS: ReadonlySet<RepairActionType> = new Set(["expire_unverified"])

type ApplyContext = {
  container: MedusaContainer
  client: TradeCreditClient
  state: MedusaPaymentState
}

/** Carries out one action; returns what was done, in words. Throws when it fails. */
export async function applyRepair({ container, client, state }: ApplyContext, action: RepairAction): Promise<string> {
  switch (action.type) {
    case "complete_cart": {
      // What Medusa's own webhook handling does for `authorized` (processPaymentWorkflow → complete the cart):
      // completing authorizes the session (the provider confirms the order at the service) and places the order.
      const { result } = await completeCartWorkflow(container).run({ input: { id: action.cart_id } })
      const after = await readMedusaPaymentState(container, state.session.id)
      const orderId = after?.order?.id ?? (result as { id?: string } | undefined)?.id
      if (!orderId) throw new Error(`cart ${action.cart_id} was completed but no order is linked to it`)
      return `completed cart ${action.cart_id}: placed order ${orderId}`
    }
    case "authorize_order_payment": {
      // Medusa's handling of an `authorized` webhook for a cart whose order exists: authorizes the session
      // (the provider confirms the order at the service) and creates the payment in the order's collection.
      await processPaymentWorkflow(container).run({
        input: { action: PaymentActions.AUTHORIZED, data: { session_id: state.session.id, amount: action.amount } },
      })
      const after = await readMedusaPaymentState(container, state.session.id)
      if (!after?.payment)
        throw new Error(
          `the payment session of order ${action.order_id} is still ${after?.session.status ?? "missing"}`,
        )
      return `authorized the payment session of Medusa order ${action.order_id}: payment ${after.payment.id}`
    }
    case "cancel_session":
      await writeSession(container, state.session.id, action.status, action.data)
      return `set the payment session to ${action.status} (the buyer can choose a payment method again)`
    case "expire_unverified": {
      await expireUnverifiedOrderWorkflow(container).run({
        input: {
          session_id: state.session.id,
          service_order_id: action.service_order_id,
          cancel_at_service: action.cancel_at_service,
        },
      })
      return action.cancel_at_service
        ? `cancelled unverified order ${action.service_order_id} at the service and ` +
            `deleted the payment session (the cart is free)`
        : `deleted the payment session of order ${action.service_order_id}, which ` +
            `the service had ended (the cart is free)`
    }
    case "sync_session":
      await writeSession(container, state.session.id, action.status, action.data)
      return `stored service order ${action.data.order_id} on the payment session (${action.status})`
    case "cancel_payment":
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).cancelPayment(action.payment_id)
      return `canceled payment ${action.payment_id}`
    case "cancel_order":
      // Cancels the uncaptured payment too (the provider's cancel is answered 202: already cancelled).
      await cancelOrderWorkflow(container).run({ input: { order_id: action.order_id } })
      return `canceled Medusa order ${action.order_id} and its payment`
    case "confirm_at_service": {
      const confirmed = await client.orders.confirm(action.service_order_id, {
        idempotencyKey: idempotencyKeys.confirm(action.service_order_id),
      })
      await writePaymentData(
        container,
        action.payment_id,
        withOrder(state.payment?.data ?? state.session.data, confirmed),
      )
      return `confirmed order ${action.service_order_id} at the service`
    }
    case "drop_unbooked_capture":
      // What Medusa itself does when the provider call fails (deleteCaptures); the service's side is recorded next.
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).deleteCaptures([action.capture_id])
      return (
        `removed capture ${action.capture_id} of ${action.amount} that Medusa never ` +
        `finished (the process stopped during the call)`
      )
    case "drop_unbooked_refund":
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).deleteRefunds([action.refund_id])
      return (
        `removed refund ${action.refund_id} of ${action.amount} that Medusa never ` +
        `finished (the process stopped during the call)`
      )
    case "record_capture":
      // Medusa's own capture (capture row, order transaction, event); the provider adopts the invoice already made.
      await capturePaymentWorkflow(container).run({ input: { payment_id: action.payment_id, amount: action.amount } })
      return `recorded a capture of ${action.amount} the service had invoiced (its answer never reached Medusa)`
    case "record_refund":
      await refundPaymentWorkflow(container).run({
        input: {
          payment_id: action.payment_id,
          amount: action.amount,
          note: `Credit note of refund ${action.refund_reference}`,
        },
      })
      return (
        `recorded a refund of ${action.amount} the service had credited for ${action.refund_reference} ` +
        `(its answer never reached Medusa)`
      )
    case "sync_payment_data":
      await writePaymentData(container, action.payment_id, action.data)
      return `updated payment ${action.payment_id}'s data from the service (${action.data.state})`
    default:
      return assertNever(action, "repair action")
  }
}
