import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../modules/trade-credit"
import { capturePlanOnShipment } from "../workflows/plan-shipment/capture-plan-on-shipment"

type ShipmentEventData = { id?: string; fulfillment_id?: string; order_id?: string }

/**
 * Instalments follow `captureOn` too: with "shipment" (the default) the plan's payment is captured, and the plan
 * fulfilled at the service, when the order's last item is marked shipped; with "fulfillment" when it is fulfilled;
 * with "manual" the admin captures. Orders paid otherwise are left to the other subscribers.
 */
export default async function capturePlanOnShipmentSubscriber({ event, container }: SubscriberArgs<ShipmentEventData>) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const trigger = event.name === FulfillmentWorkflowEvents.SHIPMENT_CREATED ? "shipment" : "fulfillment"
  const { captureOn } = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getOptions()
  const fulfillmentId = trigger === "shipment" ? event.data.id : event.data.fulfillment_id
  if (!fulfillmentId || captureOn !== trigger) return
  try {
    const result = await capturePlanOnShipment(container, { fulfillment_id: fulfillmentId, trigger })
    if (result.captured) logger.info(`trade-credit: plan payment ${result.payment_id} of order ${result.order_id} captured on ${trigger} of ${fulfillmentId}`)
    else if (result.payment_id) logger.info(`trade-credit: plan payment ${result.payment_id} not captured on ${trigger} of ${fulfillmentId}: ${result.reason}`)
  } catch (error) {
    const code = (error as { code?: string }).code
    logger.error(
      `trade-credit: could not capture the plan payment of fulfillment ${fulfillmentId}${code ? ` [${code}]` : ""}: ${(error as Error).message.replace(/\.$/, "")}. ` +
        "The event can be delivered again, or the payment captured from the admin."
    )
    throw error
  }
}

export const config: SubscriberConfig = {
  event: [FulfillmentWorkflowEvents.SHIPMENT_CREATED, OrderWorkflowEvents.FULFILLMENT_CREATED],
  context: { subscriberId: "trade-credit-capture-plan-on-shipment" },
}
