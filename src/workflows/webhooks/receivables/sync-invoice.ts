import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TradeCreditError } from "../../../client/errors"
import type { TradeCreditClient } from "../../../client/index"
import { Money } from "../../../core/money/money"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { ReceivableStatus } from "../../../modules/trade-credit/models/receivable"
import type { ReceivableEntryInput, ReceivableInput } from "../../../modules/trade-credit/receivables"
import type { ReceivableEntryRow, ReceivableRow } from "../../../modules/trade-credit/types"
import type { ReconciliationEvent } from "../../../service/schemas/after-invoice-events"
import type { InvoiceDetails, OrderSummary } from "../../../service/schemas/order"
import { errorMessage } from "../../../utils/error-message"
import { logLine } from "../../../utils/log-line"
import type { WebhookEventOutcome } from "../webhook-received"
import {
  currencyOf,
  dateOf,
  dayOf,
  entryOfEvent,
  figuresOfEntries,
  figuresOfRead,
  type InvoiceFigures,
  SETTLED_STATUSES,
} from "./invoice-figures"
import { linkOfServiceOrder, type OrderLink } from "./order-link"

export type InvoiceSyncInput = {
  /** The service order whose invoice it is (the event's `order_id`). */
  serviceOrderId: string
  /** The event that brought it; none when the reconciliation job reads the invoice back on its own. */
  event?: ReconciliationEvent
}

export type InvoiceSyncOutcome = WebhookEventOutcome & {
  /** Whether a row or a line was added, or a row's figures changed. */
  changed: boolean
  order_id: string | null
  status?: ReceivableStatus
}

/** The lock every writer of one service order's documents takes (the pipeline and the reconciliation job). */
export const receivablesLockOf = (serviceOrderId: string) => `trade-credit:receivables:${serviceOrderId}`

/**
 * Brings the invoice of one service order in line with the service, under the lock of the order's documents (the
 * webhook pipeline and the reconciliation job never write them at once):
 * - whose it is: the Medusa order, customer and company of the rows kept before, else found from the service order
 *   read back (order-link.ts); an order no payment session of this store made is left alone;
 * - its figures: read back (`GET /v1/order/{id}/invoice_details`): the totals, status, number, dates and link are the
 *   read's. An order with several invoices (fulfilled in parts) is read invoice by invoice, by the invoice's id (the
 *   simulator's reading, **(chosen)**; a fulfilled part is an order of its own at the service); where the service
 *   has no read of the invoice alone, or the read fails, the figures are the invoice's own lines';
 * - an event adds its dated line (entryOfEvent; a repeated event adds nothing), whenever it arrives: a payment before
 *   its invoice still ends right, the read giving the totals;
 * - a credit note (`credited`) is kept as a document of its own; a recourse is logged as a warning for the merchant.
 * Never throws: a failure is an outcome with `error`.
 */
export async function syncInvoice(container: MedusaContainer, input: InvoiceSyncInput): Promise<InvoiceSyncOutcome> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  try {
    return await locking.execute(receivablesLockOf(input.serviceOrderId), () => syncUnderLock(container, input), {
      timeout: 60,
    })
  } catch (error) {
    return {
      found: `the invoice of service order ${input.serviceOrderId}`,
      action: "none",
      error: errorMessage(error),
      changed: false,
      order_id: null,
    }
  }
}

/** What is known of the order's documents before its invoice is read. */
type Kept = {
  container: MedusaContainer
  module: TradeCreditModuleService
  client: TradeCreditClient
  serviceOrderId: string
  /** The order's documents kept so far (invoices and credit notes). */
  rows: ReceivableRow[]
  invoices: ReceivableRow[]
  link: OrderLink
  /** The service order, when it was read (to link the invoice, or for a credit note's number). */
  serviceOrder: OrderSummary | null
}

/** A read of an invoice: its details, none (not invoiced, or no read of the invoice alone), or why it failed. */
type Read = { details: InvoiceDetails | null; error?: string }

const none = (found: string, orderId: string | null = null): InvoiceSyncOutcome => ({
  found,
  action: "none",
  changed: false,
  order_id: orderId,
})

async function syncUnderLock(container: MedusaContainer, input: InvoiceSyncInput): Promise<InvoiceSyncOutcome> {
  const kept = await keptOf(container, input)
  if ("found" in kept) return kept
  return input.event ? await syncEvent(kept, input.event) : await syncRead(kept)
}

async function keptOf(container: MedusaContainer, input: InvoiceSyncInput): Promise<Kept | InvoiceSyncOutcome> {
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const client = module.getClient()
  const { serviceOrderId, event } = input
  const rows = (await module.listReceivables({
    service_order_id: serviceOrderId,
    kind: ["invoice", "credit_note"],
  })) as ReceivableRow[]
  const invoices = rows.filter((row) => row.kind === "invoice")
  let link = linkOfRows(rows)
  let serviceOrder: OrderSummary | null = null
  const credited = event?.type === "order.reconciliation.credited.v1"
  // The service order is read when nothing kept links the invoice to Medusa, and for a credit note's number and link.
  if (!link || credited || (!event && !invoices.length)) {
    try {
      serviceOrder = await readServiceOrder(client, serviceOrderId)
    } catch (error) {
      if (!link) throw error
    }
  }
  if (!link) {
    if (!serviceOrder) return none(`service order ${serviceOrderId} is not known at the service`)
    link = await linkOfServiceOrder(container, client, serviceOrder)
    if (!link) return none(`service order ${serviceOrderId} was not placed from this store (no payment session of it)`)
  }
  return { container, module, client, serviceOrderId, rows, invoices, link, serviceOrder }
}

/** The link rows kept before give (the first that names an order or a customer). */
function linkOfRows(rows: ReceivableRow[]): OrderLink | null {
  const row = rows.find((r) => r.order_id || r.customer_id)
  return row
    ? {
        order_id: row.order_id ?? null,
        customer_id: row.customer_id ?? null,
        company_key: row.company_key ?? null,
        company_name: row.company_name ?? null,
      }
    : null
}

/** The service order read back; null when the service does not know it (404). */
async function readServiceOrder(client: TradeCreditClient, serviceOrderId: string): Promise<OrderSummary | null> {
  try {
    return await client.orders.getSummary(serviceOrderId)
  } catch (error) {
    if (error instanceof TradeCreditError && error.code === "NOT_FOUND") return null
    throw error
  }
}

/** The invoice read back by the order's id, or by one invoice's (`alone`: a 404 is then no read, not a failure). */
async function readInvoice(client: TradeCreditClient, id: string, alone = false): Promise<Read> {
  try {
    return { details: await client.orders.invoiceDetails(id) }
  } catch (error) {
    if (alone && error instanceof TradeCreditError && error.code === "NOT_FOUND") return { details: null }
    return { details: null, error: errorMessage(error) }
  }
}

/** An event: its invoice (the event's invoice id, none: the order's), read back, with the event's line. */
async function syncEvent(kept: Kept, event: ReconciliationEvent): Promise<InvoiceSyncOutcome> {
  const { module, client, serviceOrderId, invoices } = kept
  const documentId = event.data.invoice_id ?? serviceOrderId
  let row = invoices.find((r) => r.document_id === documentId)
  if (!row && event.data.invoice_id) {
    // Kept before under the order's id (a read, or an event without invoice id): the same invoice, now named.
    row = invoices.find((r) => r.document_id === serviceOrderId)
    if (row) await module.updateReceivables({ id: row.id, document_id: documentId })
  }
  const alone = invoices.some((r) => r.id !== row?.id)
  const read = await readInvoice(client, alone ? documentId : serviceOrderId, alone)
  return await keepInvoice(kept, { documentId, row, read, event })
}

/** The reconciliation job: the order's invoice read back (each of its invoices, when it has several). */
async function syncRead(kept: Kept): Promise<InvoiceSyncOutcome> {
  const { module, client, serviceOrderId, invoices, link } = kept
  if (invoices.length <= 1) {
    const read = await readInvoice(client, serviceOrderId)
    if (read.error) throw new Error(`the invoice could not be read back: ${read.error}`)
    if (!read.details) return none(`service order ${serviceOrderId} is not invoiced at the service yet`, link.order_id)
    return await keepInvoice(kept, { documentId: invoices[0]?.document_id ?? read.details.id, row: invoices[0], read })
  }
  const outcomes: InvoiceSyncOutcome[] = []
  for (const row of invoices) {
    const read = await readInvoice(client, row.document_id, true)
    if (read.error) throw new Error(`invoice ${row.number ?? row.document_id} could not be read back: ${read.error}`)
    if (read.details) {
      outcomes.push(await keepInvoice(kept, { documentId: row.document_id, row, read }))
    } else {
      // No read of the invoice alone: it keeps its own lines' figures, and waits its turn again.
      await module.updateReceivables({ id: row.id, read_at: new Date() })
      outcomes.push(
        none(`invoice ${row.number ?? row.document_id}: the service has no read of it alone`, link.order_id),
      )
    }
  }
  return {
    found: outcomes.map((o) => o.found).join("; "),
    action: outcomes.map((o) => o.action).join("; "),
    changed: outcomes.some((o) => o.changed),
    order_id: link.order_id,
  }
}

const amountOf = (row: object, field: string): string | null => {
  const record = row as Record<string, unknown>
  const value = record[`raw_${field}`] ?? record[field]
  return value === null || value === undefined ? null : Money.fromMedusa(value, field).toDecimal()
}

const FIGURE_FIELDS = [
  "amount",
  "paid_amount",
  "credited_amount",
  "collected_amount",
  "recoursed_amount",
  "outstanding_amount",
] as const

const sameFigures = (row: ReceivableRow, figures: InvoiceFigures) =>
  row.status === figures.status && FIGURE_FIELDS.every((field) => amountOf(row, field) === figures[field])

type Keep = { documentId: string; row: ReceivableRow | undefined; read: Read; event?: ReconciliationEvent }

/** Writes the invoice with the read's figures (or its own lines'), and the event's line. */
async function keepInvoice(kept: Kept, { documentId, row, read, event }: Keep): Promise<InvoiceSyncOutcome> {
  const { container, module, serviceOrderId, rows, link, serviceOrder } = kept
  const details = read.details
  const entry = event ? entryOfEvent(event) : null
  const entries = row ? ((await module.listReceivableEntries({ receivable_id: row.id })) as ReceivableEntryRow[]) : []
  const isNew = !!entry && !entries.some((e) => e.event_id === entry.event_id)
  const lines = [
    ...entries.map((e) => ({ kind: e.kind, amount: (e as { raw_amount?: unknown }).raw_amount ?? e.amount })),
    ...(isNew && entry ? [{ kind: entry.kind, amount: entry.amount }] : []),
  ]
  const known = row ? amountOf(row, "amount") : entry?.kind === "invoiced" ? entry.amount : null
  const figures = details ? figuresOfRead(details) : figuresOfEntries(lines, known)
  const now = new Date()
  const happened = entry?.occurred_at ?? dateOf(details?.last_updated, now)
  const keptCurrency =
    row?.currency_code ?? rows[0]?.currency_code ?? (serviceOrder && currencyOf(serviceOrder.currency))
  const currency = event ? currencyOf(event.data.currency) : keptCurrency
  if (!currency) throw new Error(`the currency of service order ${serviceOrderId} could not be read`)

  const receivable: ReceivableInput = {
    kind: "invoice",
    document_id: documentId,
    currency_code: currency,
    service_order_id: serviceOrderId,
    ...link,
    ...figures,
    settled_at: SETTLED_STATUSES.includes(figures.status) ? (row?.settled_at ?? happened) : null,
    ...(details
      ? {
          number: details.invoice_number ?? undefined,
          payment_reference: details.payment_reference ?? undefined,
          issued_at: dayOf(details.invoice_issue_date) ?? row?.issued_at ?? happened,
          due_at: dayOf(details.due_date) ?? undefined,
          document_url: details.invoice_url ?? undefined,
          read_at: now,
        }
      : { issued_at: row?.issued_at ?? (entry?.kind === "invoiced" ? entry.occurred_at : undefined) }),
  }
  // A kept invoice gets its line before its new figures, so whoever reads the figures finds the line that moved them.
  const saved = row ?? (await module.upsertReceivable(receivable))
  const added = isNew && entry ? await module.addReceivableEntry(saved.id, entry) : false
  if (row) await module.upsertReceivable(receivable)
  const changed = !row || !sameFigures(row, figures)

  const said: string[] = []
  if (entry) said.push(added ? `recorded ${describeEntry(entry)}` : "the line was recorded before (a repeated event)")
  if (event?.type === "order.reconciliation.credited.v1" && event.data.credit_note?.refund_id) {
    said.push(await keepCreditNote(module, { event, serviceOrder, link, invoiceId: documentId, currency }))
  }
  if (changed) said.push(row ? "updated the invoice's figures" : "kept the invoice")
  else if (!entry) said.push("already up to date")
  const name = receivable.number ?? row?.number ?? documentId
  if (figures.status === "recoursed" && (row?.status !== "recoursed" || (added && entry?.kind === "recoursed"))) {
    warnRecourse(container, { serviceOrderId, link, number: name, figures, currency })
  }

  const readSaid = read.error
    ? `; the invoice could not be read back (${read.error}): its own lines' figures kept`
    : !details
      ? "; no read of the invoice yet: its own lines' figures kept"
      : ""
  return {
    found:
      `invoice ${name} of service order ${serviceOrderId}${link.order_id ? ` (order ${link.order_id})` : ""} is ` +
      `${figures.status.replace(/_/g, " ")}: ${figures.outstanding_amount} of ${figures.amount} ` +
      `${currency.toUpperCase()} outstanding${readSaid}`,
    action: said.join("; "),
    changed: changed || added,
    order_id: link.order_id,
    status: figures.status,
  }
}

const describeEntry = (entry: ReceivableEntryInput) =>
  `${entry.kind.replace(/_/g, " ")} of ${entry.amount} ${entry.currency_code.toUpperCase()} on ` +
  `${entry.occurred_at.toISOString().slice(0, 10)}`

type CreditNoteInput = {
  event: ReconciliationEvent
  serviceOrder: OrderSummary | null
  link: OrderLink
  invoiceId: string
  currency: string
}

/** A credit note of the invoice (`credited`): a document of its own, its number and link from the order's refunds. */
async function keepCreditNote(
  module: TradeCreditModuleService,
  { event, serviceOrder, link, invoiceId, currency }: CreditNoteInput,
): Promise<string> {
  const note = event.data.credit_note!
  const refund = serviceOrder?.refunds.find((r) => r.id === note.refund_id)
  const amount = Money.fromDecimal(note.credit_note_amount ?? event.data.amount)
    .abs()
    .toDecimal()
  const creditedAt = dateOf(note.credited_at, dateOf(event.time, new Date()))
  await module.upsertReceivable({
    kind: "credit_note",
    document_id: note.refund_id!,
    currency_code: currency,
    amount,
    service_order_id: event.data.order_id,
    ...link,
    number: refund?.credit_note_number ?? undefined,
    document_url: refund?.credit_note_url ?? undefined,
    paid_amount: "0.00",
    credited_amount: amount,
    collected_amount: "0.00",
    recoursed_amount: "0.00",
    outstanding_amount: "0.00",
    status: "credited",
    issued_at: creditedAt,
    settled_at: creditedAt,
    details: { invoice_id: invoiceId },
  })
  return `kept credit note ${refund?.credit_note_number ?? note.refund_id} of ${amount} ${currency.toUpperCase()}`
}

type RecourseInput = {
  serviceOrderId: string
  link: OrderLink
  number: string
  figures: InvoiceFigures
  currency: string
}

/** Recourse is impossible to miss: a warning naming the order, the invoice and the amount handed back. */
function warnRecourse(container: MedusaContainer, { serviceOrderId, link, number, figures, currency }: RecourseInput) {
  logLine(
    pluginLoggerOf(container),
    "warn",
    `trade-credit: the service handed invoice ${number}${link.order_id ? ` of order ${link.order_id}` : ""} back ` +
      `to the merchant (recourse): ${figures.recoursed_amount} ${currency.toUpperCase()} is the merchant's to ` +
      `collect from the buyer`,
    { order_id: link.order_id, service_order_id: serviceOrderId, invoice_number: number },
  )
}
