import type { MedusaContainer } from "@medusajs/framework/types"
import type { ReconciliationEvent } from "../../service/schemas/after-invoice-events"
import { syncInvoice } from "./receivables/sync-invoice"
import type { WebhookEventOutcome } from "./webhook-received"

/**
 * `order.reconciliation.*.v1`: the invoice of the event's order is read back and kept with the event's dated line
 * (receivables/sync-invoice.ts: invoiced, a payment or one taken back, credited, collected, recoursed), under the lock
 * of the order's documents. Never throws: a failure is an outcome with `error` (the event row says `failed`, so a
 * redelivery is let through; the reconciliation job reads open invoices back meanwhile).
 */
export async function applyReconciliationEvent(
  container: MedusaContainer,
  event: ReconciliationEvent,
): Promise<WebhookEventOutcome> {
  const { found, action, error } = await syncInvoice(container, { serviceOrderId: event.data.order_id, event })
  return { found, action, ...(error && { error }) }
}
