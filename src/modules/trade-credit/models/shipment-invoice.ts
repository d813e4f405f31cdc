import { model } from "@medusajs/framework/utils"

export const SHIPMENT_INVOICE_STATUSES = ["pending", "invoiced"] as const
export type ShipmentInvoiceStatus = (typeof SHIPMENT_INVOICE_STATUSES)[number]

/**
 * One row per Medusa fulfillment that was invoiced at the service: the guard that
 * makes a shipment event delivered twice give one fulfilment (and one capture).
 */
export const ShipmentInvoice = model.define("trade_credit_shipment_invoice", {
  id: model.id({ prefix: "tcshp" }).primaryKey(),
  fulfillment_id: model.text().unique(),
  order_id: model.text(),
  payment_id: model.text(),
  service_order_id: model.text(),
  service_fulfilment_id: model.text().nullable(),
  invoice_number: model.text().nullable(),
  amount: model.bigNumber().nullable(),
  status: model.enum([...SHIPMENT_INVOICE_STATUSES]).default("pending"),
})
