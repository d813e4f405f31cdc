import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FulfillmentWorkflowEvents, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { captureOnOfFulfillment } from "../workflows/capture-on/capture-moment"
import { invoiceShipmentWorkflow } from "../workflows/invoice-shipment"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

type ShipmentEventData = {
  /** shipment.created: the fulfillment that was marked shipped. */
  id?: string
  /** order.fulfillment_created: the fulfillment that was created, and its order. */
  fulfillment_id?: string
  order_id?: string
}

/**
 * Invoices what ships. With `captureOn: "shipment"` (the default, or the order's
 * region's setting) a fulfillment marked shipped is fulfilled at the service,
 * with `"fulfillment"` a created fulfillment is; with `"order"` the order was
 * invoiced when placed (order-placed.ts) and with `"manual"` the
 * admin captures, so nothing happens here.
 * The workflow does nothing for orders not paid by trade credit, and nothing the
 * second time the same event arrives.
 */
export default async function invoiceOnShipment({ event, container }: SubscriberArgs<ShipmentEventData>) {
  const logger = pluginLoggerOf(container)
  const trigger = event.name === FulfillmentWorkflowEvents.SHIPMENT_CREATED ? "shipment" : "fulfillment"
  const fulfillmentId = trigger === "shipment" ? event.data.id : event.data.fulfillment_id
  if (!fulfillmentId) return
  // The moment the order's region invoices at (Settings → Trade credit), else the options' captureOn.
  const moment = await captureOnOfFulfillment(container, fulfillmentId)
  if (!moment) return
  const captureOn = moment.capture_on
  if (captureOn !== trigger) {
    // Said at debug level, so an operator (and a test) can see the event was judged, not lost.
    logLine(
      logger,
      "debug",
      `trade-credit: fulfillment ${fulfillmentId} not invoiced on ${trigger} (captureOn: ${captureOn})`,
      {
        order_id: moment.order_id,
        fulfillment_id: fulfillmentId,
      },
    )
    return
  }

  try {
    const { result } = await invoiceShipmentWorkflow(container).run({
      input: { fulfillment_id: fulfillmentId, trigger },
    })
    const ids = {
      order_id: moment.order_id,
      fulfillment_id: fulfillmentId,
      invoice_number: result.invoice_number,
      capture_id: result.capture_id,
    }
    if (result.invoiced) {
      logLine(
        logger,
        "info",
        `trade-credit: fulfillment ${fulfillmentId} invoiced as ${result.invoice_number} (${result.amount})`,
        ids,
      )
    } else if (result.reason && !/not paid by trade credit|belongs to no order/.test(result.reason)) {
      logLine(logger, "info", `trade-credit: fulfillment ${fulfillmentId} not invoiced: ${result.reason}`, ids)
    }
  } catch (error) {
    logLine(
      logger,
      "error",
      `trade-credit: could not invoice fulfillment ${fulfillmentId}: ${(error as Error).message.replace(/\.$/, "")}. ` +
        "Nothing was captured in Medusa; the event can be delivered again, or the payment captured from the admin.",
      { order_id: moment.order_id, fulfillment_id: fulfillmentId, ...errorIds(error) },
    )
    throw error
  }
}

export const config: SubscriberConfig = {
  event: [FulfillmentWorkflowEvents.SHIPMENT_CREATED, OrderWorkflowEvents.FULFILLMENT_CREATED],
  context: { subscriberId: "trade-credit-invoice-on-shipment" },
}
