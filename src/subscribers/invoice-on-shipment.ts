import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../modules/trade-credit"
import { invoiceShipmentWorkflow } from "../workflows/invoice-shipment"

type ShipmentEventData = {
  /** shipment.created: the fulfillment that was marked shipped. */
  id?: string
  /** order.fulfillment_created: the fulfillment that was created, and its order. */
  fulfillment_id?: string
  order_id?: string
}

/**
 * Invoices what ships. With `captureOn: "shipment"` (the default) a fulfillment
 * marked shipped is fulfilled at the service, with `"fulfillment"` a created
 * fulfillment is; with `"manual"` nothing happens here and the admin captures.
 * The workflow does nothing for orders not paid by trade credit, and nothing the
 * second time the same event arrives.
 */
export default async function invoiceOnShipment({ event, container }: SubscriberArgs<ShipmentEventData>) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const trigger = event.name === FulfillmentWorkflowEvents.SHIPMENT_CREATED ? "shipment" : "fulfillment"
  const { captureOn } = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getOptions()
  const fulfillmentId = trigger === "shipment" ? event.data.id : event.data.fulfillment_id
  if (!fulfillmentId) return
  if (captureOn !== trigger) {
    // Said at debug level, so an operator (and a test) can see the event was judged, not lost.
    logger.debug(`trade-credit: fulfillment ${fulfillmentId} not invoiced on ${trigger} (captureOn: ${captureOn})`)
    return
  }

  try {
    const { result } = await invoiceShipmentWorkflow(container).run({ input: { fulfillment_id: fulfillmentId, trigger } })
    if (result.invoiced) {
      logger.info(`trade-credit: fulfillment ${fulfillmentId} invoiced as ${result.invoice_number} (${result.amount})`)
    } else if (result.reason && !/not paid by trade credit|belongs to no order/.test(result.reason)) {
      logger.info(`trade-credit: fulfillment ${fulfillmentId} not invoiced: ${result.reason}`)
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    logger.error(
      `trade-credit: could not invoice fulfillment ${fulfillmentId}${code ? ` [${code}]` : ""}: ${(error as Error).message.replace(/\.$/, "")}. ` +
        "Nothing was captured in Medusa; the event can be delivered again, or the payment captured from the admin."
    )
    throw error
  }
}

export const config: SubscriberConfig = {
  event: [FulfillmentWorkflowEvents.SHIPMENT_CREATED, OrderWorkflowEvents.FULFILLMENT_CREATED],
  context: { subscriberId: "trade-credit-invoice-on-shipment" },
}
