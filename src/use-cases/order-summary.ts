import type { TradeCreditClient } from "../client/index"
import { Money } from "../core/money/money"
import { instalmentStates } from "../core/plan/instalment-states"
import type { TradeCreditPlanData } from "../core/plan/plan-data"
import type { OrderEditPaymentData } from "../medusa/order-edit-payment"
import { providerPaymentsOf } from "../medusa/order-payments"
import { isPlanProviderId, isPluginProviderId } from "../medusa/provider-ids"
import type { Query } from "../medusa/services"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { Order } from "../service/schemas/order"
import type { PlanStatus } from "../service/schemas/repayment"
import { redactKeys } from "../utils/key-display"
import { quote } from "../utils/quote"
import type {
  TradeCreditCompany,
  TradeCreditInvoiceSummary,
  TradeCreditOrderSummary,
  TradeCreditPlanSummary,
} from "../api/admin/trade-credit/admin-ui-types"
import { orderCompany, planCompany } from "./order-summary-company"

const ORDER_FIELDS = [
  "id",
  "display_id",
  "status",
  "payment_collections.id",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.amount",
  "payment_collections.payments.currency_code",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.created_at",
  "payment_collections.payments.data",
]

type PaymentRow = {
  id: string
  provider_id: string
  amount: unknown
  currency_code: string | null
  captured_at: unknown
  canceled_at: unknown
  created_at: unknown
  data: (OrderEditPaymentData & TradeCreditPlanData) | null
}

type OrderRow = {
  id: string
  display_id?: number | null
  status?: string | null
  payment_collections?: ({ id: string; payments?: PaymentRow[] | null } | null)[] | null
}

/** A failed read of the service as the widget shows it: a code and the merchant's words (never the key). */
type ReadFailure = { code: string; message: string }

export type OrderSummaryDeps = {
  query: Pick<Query, "graph">
  /** The plugin's module: its options (the keys kept out of every message), the client, the repayment accounts. */
  module: Pick<TradeCreditModuleService, "getClient" | "getOptions" | "listBuyerRepaymentAccounts">
  /** The admin edge's account of a failed read (its code and words, with the service's code and trace id). */
  explainFailure: (error: unknown, action: string) => ReadFailure
}

export type OrderSummaryOutcome =
  | { outcome: "summary"; summary: TradeCreditOrderSummary }
  | {
      outcome: "refused"
      code: "TRADE_CREDIT_ORDER_NOT_FOUND" | "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER"
      message: string
    }

const time = (value: unknown) => (value ? new Date(value as string).getTime() : 0)
/** The payment's amount as the widget shows it ("12.34"); null when Medusa has none (or none that reads). */
const paymentAmountOf = (value: unknown): string | null =>
  Money.isMedusaAmount(value) ? Money.fromMedusa(value).toDecimal() : null

/**
 * What the order widget shows for one Medusa order: its live trade credit
 * payment (after an order edit Medusa cancels the first payment and the plugin
 * authorizes a new one for the same service order), the service's order or
 * plan read back just now, and the buyer's company. When the service cannot be
 * read, the answer holds what the payment recorded and says why (`service_error`).
 * Refused with a code: TRADE_CREDIT_ORDER_NOT_FOUND, TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER (answered 404).
 */
export async function readOrderSummary(deps: OrderSummaryDeps, orderId: string): Promise<OrderSummaryOutcome> {
  const { data } = await deps.query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } })
  const order = data[0] as OrderRow | undefined
  if (!order)
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_ORDER_NOT_FOUND",
      message: `Order ${quote(orderId)} was not found`,
    }
  // The payments of both providers of the plugin (invoice and instalments), oldest first.
  const payments = providerPaymentsOf(order.payment_collections, isPluginProviderId).sort(
    (a, b) => time(a.created_at) - time(b.created_at),
  )
  const payment = payments.filter((p) => !p.canceled_at).pop() ?? payments[payments.length - 1]
  if (!payment) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER",
      message: `Order ${quote(orderId)} was not paid by trade credit`,
    }
  }

  const client = deps.module.getClient()
  const { apiKey, previousApiKey } = deps.module.getOptions()
  const failure = (error: unknown, action: string): ReadFailure => {
    // What the widget shows a merchant: what could not be read, with the service's code and trace id.
    const { code, message } = deps.explainFailure(error, action)
    return { code, message: redactKeys(message, [apiKey, previousApiKey]) }
  }
  const stored = payment.data ?? {}
  const kind = isPlanProviderId(payment.provider_id) ? "plan" : "invoice"
  const read =
    kind === "plan" ? await readPlan(deps.module, client, stored, failure) : await readInvoice(client, stored, failure)

  const summary: TradeCreditOrderSummary = {
    order: { id: order.id, display_id: order.display_id ?? null, status: order.status ?? null },
    payment: {
      id: payment.id,
      provider_id: payment.provider_id,
      kind,
      amount: paymentAmountOf(payment.amount),
      currency_code: payment.currency_code ?? null,
      canceled: !!payment.canceled_at,
      captured: !!payment.captured_at,
    },
    company: read.company,
    invoice: "invoice" in read ? read.invoice : null,
    plan: "plan" in read ? read.plan : null,
    order_edit_error:
      typeof stored.order_edit_error === "string"
        ? redactKeys(stored.order_edit_error, [apiKey, previousApiKey])
        : null,
    source: read.error ? "stored" : "service",
    service_error: read.error,
    read_at: new Date().toISOString(),
  }
  return { outcome: "summary", summary }
}

type Read = { company: TradeCreditCompany | null; error: ReadFailure | null }

/** The service order (read back; else the payment's copy) and its buyer's company. */
async function readInvoice(
  client: TradeCreditClient,
  stored: OrderEditPaymentData,
  failure: (error: unknown, action: string) => ReadFailure,
): Promise<Read & { invoice: TradeCreditInvoiceSummary }> {
  let serviceOrder: Order | undefined
  let error: ReadFailure | null = null
  if (stored.order_id) {
    try {
      serviceOrder = await client.orders.get(stored.order_id)
    } catch (e) {
      error = failure(e, "read the order")
    }
  }
  const state = serviceOrder?.state ?? stored.state ?? null
  const invoice: TradeCreditInvoiceSummary = {
    service_order_id: serviceOrder?.id ?? stored.order_id ?? null,
    state,
    status: serviceOrder?.status ?? stored.status ?? null,
    decline_reason: serviceOrder?.decline_reason ?? stored.decline_reason ?? null,
    gross_amount: serviceOrder?.gross_amount ?? stored.gross_amount ?? null,
    currency: serviceOrder?.currency ?? stored.currency ?? null,
    verification_url: state === "UNVERIFIED" ? (serviceOrder?.payment_url ?? stored.payment_url ?? null) : null,
    fulfilments: (serviceOrder?.fulfilments ?? stored.fulfilments ?? []).map((f) => ({
      id: f.id,
      invoice_number: f.invoice_number,
      gross_amount: f.gross_amount,
    })),
    refunds: serviceOrder
      ? serviceOrder.refunds.map((r) => ({
          id: r.id,
          credit_note_number: r.credit_note_number,
          amount: r.amount,
          refund_date: r.refund_date,
          reason: r.reason,
        }))
      : (stored.refunds ?? []).map((r) => ({
          id: r.id,
          credit_note_number: r.credit_note_number,
          amount: r.amount,
          refund_date: null,
          reason: null,
        })),
  }
  const company = await orderCompany(client, serviceOrder?.buyer.company, stored)
  return { invoice, company, error }
}

/** The plan's live status (its schedule is the one the payment recorded), and the company of its repayment account. */
async function readPlan(
  module: OrderSummaryDeps["module"],
  client: TradeCreditClient,
  stored: TradeCreditPlanData,
  failure: (error: unknown, action: string) => ReadFailure,
): Promise<Read & { plan: TradeCreditPlanSummary }> {
  let status: PlanStatus | undefined
  let error: ReadFailure | null = null
  if (stored.plan_id) {
    try {
      status = await client.repayment.getStatus(stored.plan_id)
    } catch (e) {
      error = failure(e, "read the repayment plan")
    }
  }
  const invoiced = status?.invoiced_amount ?? stored.invoiced_amount ?? null
  const cancelled = status?.cancelled_amount ?? stored.cancelled_amount ?? null
  const plan: TradeCreditPlanSummary = {
    plan_id: stored.plan_id ?? null,
    account_id: stored.account_id ?? null,
    number_of_periods: stored.number_of_periods ?? null,
    funding_status: status?.funding_status ?? stored.funding_status ?? null,
    fulfilment_status: status?.fulfilment_status ?? stored.fulfilment_status ?? null,
    invoiced_amount: invoiced,
    cancelled_amount: cancelled,
    credited_amount: status?.credited_amount ?? stored.credited_amount ?? null,
    credit_decline_reason: status?.credit_decline_reason ?? stored.credit_decline_reason ?? null,
    instalments: instalmentStates(stored.instalments ?? [], { invoiced, cancelled }),
    credits: (stored.credits ?? []).map((c) => ({ id: c.id, amount: c.amount })),
  }
  return { plan, company: await planCompany(module, client, stored), error }
}
