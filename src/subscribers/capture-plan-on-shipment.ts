import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FulfillmentWorkflowEvents, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { captureOnOfFulfillment } from "../workflows/capture-on/capture-moment"
import { capturePlanOnShipment } from "../workflows/plan-shipment/capture-plan-on-shipment"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

type ShipmentEventData = { id?: string; fulfillment_id?: string; order_id?: string }

/**
 * Instalments follow `captureOn` too (the order's region's, else the options'): with "shipment" (the default) the
 * plan's payment is captured, and the plan fulfilled at the service, when the order's last item is marked shipped;
 * with "fulfillment" when it is fulfilled; with "order" when the order is placed; with "manual" the admin captures.
 * A plan whose funding is still pending when the last item ships is captured when its funding is accepted
 * (sync-plan-funding.ts). Orders paid otherwise are left to the other subscribers.
 */
export default async function capturePlanOnShipmentSubscriber({ event, container }: SubscriberArgs<ShipmentEventData>) {
  const logger = pluginLoggerOf(container)
  const trigger = event.name === FulfillmentWorkflowEvents.SHIPMENT_CREATED ? "shipment" : "fulfillment"
  const fulfillmentId = trigger === "shipment" ? event.data.id : event.data.fulfillment_id
  if (!fulfillmentId || (await captureOnOfFulfillment(container, fulfillmentId))?.capture_on !== trigger) return
  try {
    const result = await capturePlanOnShipment(container, { fulfillment_id: fulfillmentId, trigger })
    const ids = { order_id: result.order_id, payment_id: result.payment_id, fulfillment_id: fulfillmentId }
    if (result.captured)
      logLine(
        logger,
        "info",
        `trade-credit: plan payment ${result.payment_id} of order ${result.order_id} ` +
          `captured on ${trigger} of ${fulfillmentId}`,
        ids,
      )
    else if (result.payment_id || result.awaiting_funding) {
      logLine(
        logger,
        "info",
        `trade-credit: plan payment of order ${result.order_id} not captured on ` +
          `${trigger} of ${fulfillmentId}: ${result.reason}`,
        ids,
      )
    }
  } catch (error) {
    logLine(
      logger,
      "error",
      `trade-credit: could not capture the plan payment of fulfillment ${fulfillmentId}: ` +
        `${(error as Error).message.replace(/\.$/, "")}. ` +
        "The event can be delivered again, or the payment captured from the admin.",
      { fulfillment_id: fulfillmentId, ...errorIds(error) },
    )
    throw error
  }
}

export const config: SubscriberConfig = {
  event: [FulfillmentWorkflowEvents.SHIPMENT_CREATED, OrderWorkflowEvents.FULFILLMENT_CREATED],
  context: { subscriberId: "trade-credit-capture-plan-on-shipment" },
}
