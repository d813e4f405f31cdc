import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { applyBillingStatementEvent } from "../apply-billing-statement-event"
import { applyCompanyCreditEvent } from "../apply-company-credit-event"
import { applyEnrollmentEvent } from "../apply-enrollment-event"
import { applyFundingEvent } from "../apply-funding-event"
import { applyInstalmentsInvoicedEvent } from "../apply-instalments-invoiced-event"
import { applyOrderEvent } from "../apply-order-event"
import { applyReconciliationEvent } from "../apply-reconciliation-event"
import { applyUserVerifiedEvent } from "../apply-user-verified-event"
import {
  isBillingStatementEvent,
  isCompanyCreditEvent,
  isEnrollmentEvent,
  isFundingEvent,
  isInstalmentsInvoicedEvent,
  isReconciliationEvent,
  isUserVerifiedEvent,
  type ServiceEvent,
  type WebhookEventOutcome,
} from "../webhook-received"

/** The apply of each kind of event; an order event is what is left. */
async function applyEvent(container: MedusaContainer, event: ServiceEvent): Promise<WebhookEventOutcome> {
  if (isFundingEvent(event)) return await applyFundingEvent(container, event)
  if (isEnrollmentEvent(event)) return await applyEnrollmentEvent(container, event)
  if (isReconciliationEvent(event)) return await applyReconciliationEvent(container, event)
  if (isInstalmentsInvoicedEvent(event)) return await applyInstalmentsInvoicedEvent(container, event)
  if (isBillingStatementEvent(event)) return await applyBillingStatementEvent(container, event)
  if (isCompanyCreditEvent(event)) return await applyCompanyCreditEvent(container, event)
  if (isUserVerifiedEvent(event)) return await applyUserVerifiedEvent(container, event)
  return await applyOrderEvent(container, event)
}

/**
 * Brings Medusa in line with what the service has now for one claimed event: an order's state through the
 * reconciliation's planner (apply-order-event.ts), a plan's funding through the funding sync (apply-funding-event.ts),
 * a proposal's decision through the enrollment sync the poll runs (apply-enrollment-event.ts); after the invoice
 * (issue #38), the plugin's module keeps an invoice's life read back (apply-reconciliation-event.ts), an instalment
 * invoice and a statement (apply-instalments-invoiced-event.ts, apply-billing-statement-event.ts), a company's credit
 * and arrears (apply-company-credit-event.ts) and a trade-account user's verification (apply-user-verified-event.ts).
 * Never throws: a failure is an outcome with `error`, recorded on the event's row.
 */
export const applyWebhookEventStep = createStep(
  "trade-credit-apply-webhook-event",
  async (event: ServiceEvent, { container }) => new StepResponse(await applyEvent(container, event)),
)
