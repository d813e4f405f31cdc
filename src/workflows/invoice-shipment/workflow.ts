import { PaymentEvents } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, addOrderTransactionStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { claimShipmentStep } from "./steps/claim-shipment"
import { fulfilShipmentStep } from "./steps/fulfil-shipment"
import { type InvoiceShipmentInput, loadShipmentStep } from "./steps/load-shipment"
import { recordShipmentCaptureStep } from "./steps/record-shipment-capture"

export const invoiceShipmentWorkflowId = "trade-credit-invoice-shipment"

/**
 * Invoices one shipped Medusa fulfillment at the trade credit service and records
 * the capture in Medusa:
 *
 * 0. lock: one run at a time per fulfillment (Medusa's locking module);
 * 1. load: the fulfillment, its order and trade credit payment (nothing happens for other orders);
 * 2. claim: the ShipmentInvoice guard row (one per fulfillment: the same event twice gives one fulfilment);
 * 3. fulfil: a partial fulfilment of exactly the shipped lines, or "all that remains" for the last shipment;
 * 4. record: a Medusa capture of the invoiced amount (the provider is not called again), the
 *    invoice on the payment's data, an order transaction and `payment.captured`.
 *
 * The result says what was done, or why nothing was.
 */
export const invoiceShipmentWorkflow = createWorkflow(invoiceShipmentWorkflowId, (input: InvoiceShipmentInput) => {
  // Deliveries of one fulfillment's event run one after the other (the guard row alone
  // cannot tell a run in progress from one that stopped between the service and Medusa).
  const lock = transform({ input }, ({ input }) => `trade-credit-shipment-${input.fulfillment_id}`)
  acquireLockStep({ key: lock, timeout: 60, ttl: 120 })
  const shipment = loadShipmentStep(input)
  const claim = claimShipmentStep(shipment)
  const fulfilled = fulfilShipmentStep({ shipment, claim })
  const capture = recordShipmentCaptureStep({ shipment, claim, fulfilled })

  const transactions = transform({ capture }, ({ capture }) =>
    capture
      ? [
          {
            order_id: capture.order_id,
            amount: capture.amount,
            currency_code: capture.currency_code,
            reference: "capture",
            reference_id: capture.capture_id,
          },
        ]
      : [],
  )
  addOrderTransactionStep(transactions)
  const events = transform({ capture }, ({ capture }) => (capture ? [{ id: capture.payment_id }] : []))
  emitEventStep({ eventName: PaymentEvents.CAPTURED, data: events })
  releaseLockStep({ key: lock })

  const result = transform({ shipment, claim, fulfilled, capture }, ({ shipment, claim, fulfilled, capture }) => ({
    fulfillment_id: shipment.fulfillment_id,
    invoiced: fulfilled.fulfilled,
    reason: !shipment.applies
      ? shipment.reason
      : claim.mode === "skip"
        ? claim.reason
        : !fulfilled.fulfilled
          ? fulfilled.reason
          : undefined,
    invoice_number: fulfilled.fulfilled ? fulfilled.fulfilment.invoice_number : undefined,
    amount: fulfilled.fulfilled ? fulfilled.fulfilment.gross_amount : undefined,
    capture_id: capture?.capture_id,
  }))
  return new WorkflowResponse(result)
})
