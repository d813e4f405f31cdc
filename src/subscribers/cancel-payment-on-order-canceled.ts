import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { providerPaymentsOf } from "../medusa/order-payments"
import { isPluginProviderId } from "../medusa/provider-ids"
import { errorIds, logLine } from "../utils/log-line"
import { cancelPlansOfCanceledOrder } from "../workflows/plan-cancel/cancel-plans-of-canceled-order"
import { pluginLoggerOf } from "../medusa/plugin-logger"

type CancellablePayment = {
  id: string
  provider_id: string
  canceled_at?: string | Date | null
  captures?: { id: string }[] | null
}

/** The fields of the order the subscriber reads. */
type CanceledOrder = {
  id: string
  status: string
  payment_collections?: { id: string; payments?: CancellablePayment[] | null }[] | null
}

/**
 * Medusa's order cancellation cancels the order's uncaptured payments but only
 * logs a payment whose cancellation failed (its cancel-payment step swallows the
 * error): the order is canceled while the trade credit order or plan lives on at
 * the service, and would be invoiced. This subscriber tries once more for each
 * trade credit payment of the canceled order still not canceled and not
 * captured (the provider's cancel is safe to repeat: the service answers a
 * cancelled order or plan again). What still fails is logged; reconciliation
 * retries invoice payments (a canceled Medusa order whose payment is not).
 *
 * An instalment order placed while its plan's funding was pending has no payment at all: its plan is cancelled at the
 * service here (plan-cancel/cancel-plans-of-canceled-order.ts), and the funding poll retries what fails.
 */
export default async function cancelPaymentOnOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = pluginLoggerOf(container)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captures.id",
    ],
    filters: { id: event.data.id },
  })
  const order = data[0] as CanceledOrder | undefined
  if (!order || order.status !== "canceled") return
  // The invoice provider's payments and the instalment provider's.
  const payments = providerPaymentsOf<CancellablePayment>(order.payment_collections, isPluginProviderId).filter(
    (p) => !p.canceled_at && !(p.captures ?? []).length,
  )
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  for (const payment of payments) {
    try {
      await paymentModule.cancelPayment(payment.id)
      logLine(
        logger,
        "info",
        `trade-credit: order ${order.id} was canceled while its payment ${payment.id} ` +
          `was not: cancelled it at the service now`,
        {
          order_id: order.id,
          payment_id: payment.id,
        },
      )
    } catch (error) {
      logLine(
        logger,
        "error",
        `trade-credit: order ${order.id} is canceled but its payment ${payment.id} ` +
          `could not be cancelled at the service: ` +
          (`${(error as Error).message.replace(/\.$/, "")}. Reconciliation retries ` +
            `invoice payments; an instalment plan can be `) +
          "cancelled in the service's portal.",
        { order_id: order.id, payment_id: payment.id, ...errorIds(error) },
      )
    }
  }
  // An instalment order placed while its plan's funding was pending has no payment: Medusa's cancellation called no
  // provider, so the plan is cancelled at the service here, whatever its funding (a later acceptance authorizes
  // nothing).
  for (const outcome of await cancelPlansOfCanceledOrder(container, order.id)) {
    const ids = { order_id: order.id, payment_session_id: outcome.session_id, plan_id: outcome.plan_id }
    if (outcome.canceled) {
      logLine(
        logger,
        "info",
        `trade-credit: order ${order.id} was canceled before its plan ${outcome.plan_id} ` +
          `was funded: cancelled the plan at the service`,
        ids,
      )
    } else if (outcome.failed) {
      logLine(
        logger,
        "error",
        `trade-credit: order ${order.id} is canceled but the plan of its payment ` +
          `session ${outcome.session_id} could not be cancelled at the service: ` +
          (`${(outcome.detail ?? "").replace(/\.$/, "")}. The funding poll retries; ` +
            `it can be cancelled in the service's portal.`),
        ids,
      )
    }
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "trade-credit-cancel-payment-on-order-canceled" },
}
