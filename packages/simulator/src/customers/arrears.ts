import { type ArrearsEventData, CUSTOMER_EVENTS } from "../contract/after-invoice-events"
import type { SimulatorContext } from "../context"
import { daysBetween, todayOf } from "../orders/due-dates"
import { unpaidOf } from "../orders/invoice-status"
import type { ArrearsState, CompanyRecord } from "../state/companies"
import type { LedgerInvoice } from "../state/invoice-ledger"
import type { MerchantState } from "../state/merchants"
import { merchantsOfCompany, receivablesOf } from "./buyers"

/**
 * The arrears block (chosen, docs/simulator.md): a buyer is approaching it from the due date of its earliest unpaid
 * invoice, and blocked ARREARS_AFTER_DAYS days after that due date; paid (nothing unpaid at or past its due date), it
 * leaves. The state moves with the simulator clock, except a state the control API forced.
 */
export const ARREARS_AFTER_DAYS = 7

/** The company's unpaid invoices, earliest due first (ties: the one issued first). */
const unpaidByDueDate = (company: CompanyRecord) =>
  receivablesOf(company)
    .filter((invoice) => unpaidOf(invoice).gt(0))
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.issued_at.localeCompare(b.issued_at))

/** The state the clock gives: none, approaching (an unpaid invoice reached its due date), blocked (7 days after). */
export function arrearsByClock(ctx: SimulatorContext, company: CompanyRecord): ArrearsState {
  const earliest = unpaidByDueDate(company)[0]
  if (!earliest || earliest.due_date > todayOf(ctx)) return "none"
  return daysBetween(earliest.due_date, todayOf(ctx)) >= ARREARS_AFTER_DAYS ? "blocked" : "approaching"
}

export const arrearsOf = (company: CompanyRecord): ArrearsState => company.arrears?.state ?? "none"

function eventData(company: CompanyRecord, earliest: LedgerInvoice | undefined, merchant: MerchantState) {
  const data: ArrearsEventData = {
    buyer_company_name: company.name,
    buyer_organization_number: company.organization_number,
    earliest_invoice_due_belongs_to_merchant: earliest?.merchant === merchant.id,
    earliest_invoice_number: earliest?.number ?? null,
    earliest_invoice_due_date: earliest?.due_date ?? null,
    earliest_invoice_gross_amount: earliest?.gross_amount ?? null,
    earliest_invoice_currency: earliest?.currency ?? null,
  }
  return data
}

/**
 * Moves the company to a state and sends what the move means to each of its merchants: entering `approaching`
 * sends customer.approaching_arrears_block.v1 (days_until_arrears), entering `blocked`
 * customer.in_arrears_block.v1 (days_in_arrears: days since the earliest unpaid invoice fell due); leaving either
 * sends its exit_ event (approaching → blocked sends only the block's). False when the state does not change.
 */
export function moveArrears(
  ctx: SimulatorContext,
  company: CompanyRecord,
  to: ArrearsState,
  options: { forced?: boolean; only?: MerchantState[] } = {},
): boolean {
  const from = arrearsOf(company)
  company.arrears = { state: to, forced: options.forced ?? false }
  if (from === to) return false
  const earliest = unpaidByDueDate(company)[0]
  const overdueDays = earliest ? daysBetween(earliest.due_date, todayOf(ctx)) : 0
  const names = { buyer_company_name: company.name, buyer_organization_number: company.organization_number }
  const sends: [string, (merchant: MerchantState) => object][] = []
  if (from === "approaching" && to === "none") sends.push([CUSTOMER_EVENTS.exitApproachingArrears, () => names])
  if (from === "blocked") sends.push([CUSTOMER_EVENTS.exitArrears, () => names])
  if (to === "approaching") {
    sends.push([
      CUSTOMER_EVENTS.approachingArrears,
      (merchant) => ({
        ...eventData(company, earliest, merchant),
        days_until_arrears: Math.max(0, ARREARS_AFTER_DAYS - overdueDays),
      }),
    ])
  }
  if (to === "blocked") {
    sends.push([
      CUSTOMER_EVENTS.inArrears,
      (merchant) => ({ ...eventData(company, earliest, merchant), days_in_arrears: Math.max(0, overdueDays) }),
    ])
  }
  const merchants = merchantsOfCompany(ctx, company, options.only)
  for (const [type, dataFor] of sends)
    for (const merchant of merchants) ctx.webhooks.emit(merchant, type, dataFor(merchant))
  return true
}

/** The clock's state for a company whose state was not forced. True when it moved. */
export function settleArrears(ctx: SimulatorContext, company: CompanyRecord): boolean {
  if (company.arrears?.forced) return false
  return moveArrears(ctx, company, arrearsByClock(ctx, company))
}

/** Every company the clock may move (one with invoices, or in a state): what its due dates give today. */
export function sweepArrears(ctx: SimulatorContext): number {
  let moved = 0
  for (const company of ctx.companies.all()) {
    if (!company.receivables?.length && arrearsOf(company) === "none") continue
    if (settleArrears(ctx, company)) moved++
  }
  return moved
}

/**
 * `POST /_sim/companies/:id/arrears {state}`: a state set by hand, left alone by the clock until the next forcing or
 * the buyer's next payment. Forcing "none" gives the company back to the clock at once (its due dates may put it
 * straight back in a state).
 */
export function forceArrears(
  ctx: SimulatorContext,
  company: CompanyRecord,
  state: ArrearsState,
  only?: MerchantState[],
): void {
  moveArrears(ctx, company, state, { forced: state !== "none", only })
  if (state === "none") settleArrears(ctx, company)
}
