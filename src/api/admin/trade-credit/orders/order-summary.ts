import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { redactKeys } from "../../../../client/api-key"
import type { TradeCreditClient } from "../../../../client/index"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import type { OrderEditPaymentData } from "../../../../medusa/order-edit-payment"
import { providerPaymentsOf } from "../../../../medusa/order-payments"
import type { TradeCreditPlanData } from "../../../../core/plan/plan-data"
import { isPlanProviderId, isPluginProviderId } from "../../../../medusa/provider-ids"
import type { BuyerCompany, Order } from "../../../../service/schemas/order"
import type { PlanStatus } from "../../../../service/schemas/repayment"
import { Money } from "../../../../core/money/money"
import type {
  TradeCreditCompany,
  TradeCreditInvoiceSummary,
  TradeCreditOrderSummary,
  TradeCreditPlanSummary,
} from "../admin-ui-types"
import { Codes } from "../../../errors/codes"
import { quote } from "../../../errors/quote"
import { RouteError } from "../../../errors/route-error"
import { adminServiceFailureError } from "../../../utils/service-failure"
import { instalmentStates } from "./instalment-states"

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

type ServiceFailure = { code: string; message: string }

/** What the widget reads of a repayment account's stored body (the account as the service answered it). */
type StoredAccountBody = {
  buyer_company?: { trade_name?: string | null; national_identifier?: string | null; country_code?: string | null }
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
 * 404 TRADE_CREDIT_ORDER_NOT_FOUND / TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER.
 */
export async function readOrderSummary(container: MedusaContainer, orderId: string): Promise<TradeCreditOrderSummary> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } })
  const order = data[0] as OrderRow | undefined
  if (!order) throw new RouteError(Codes.TRADE_CREDIT_ORDER_NOT_FOUND, `Order ${quote(orderId)} was not found`)
  // The payments of both providers of the plugin (invoice and instalments), oldest first.
  const payments = providerPaymentsOf(order.payment_collections, isPluginProviderId).sort(
    (a, b) => time(a.created_at) - time(b.created_at),
  )
  const payment = payments.filter((p) => !p.canceled_at).pop() ?? payments[payments.length - 1]
  if (!payment) {
    throw new RouteError(
      Codes.TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER,
      `Order ${quote(orderId)} was not paid by trade credit`,
    )
  }

  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const client = tradeCredit.getClient()
  const { apiKey, previousApiKey } = tradeCredit.getOptions()
  const failure = (error: unknown, action: string): ServiceFailure => {
    // What the widget shows a merchant: what could not be read, with the service's code and trace id.
    const mapped = adminServiceFailureError(error, action)
    return {
      code: mapped?.code ?? Codes.TRADE_CREDIT_UNAVAILABLE,
      message: redactKeys(
        mapped?.message ?? `The trade credit service could not ${action}: ${(error as Error)?.message ?? error}`,
        [apiKey, previousApiKey],
      ),
    }
  }
  const stored = payment.data ?? {}
  const kind = isPlanProviderId(payment.provider_id) ? "plan" : "invoice"
  const read =
    kind === "plan" ? await readPlan(container, client, stored, failure) : await readInvoice(client, stored, failure)

  return {
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
}

type Read = { company: TradeCreditCompany | null; error: ServiceFailure | null }

/** The service order (read back; else the payment's copy) and its buyer's company. */
async function readInvoice(
  client: TradeCreditClient,
  stored: OrderEditPaymentData,
  failure: (error: unknown, action: string) => ServiceFailure,
): Promise<Read & { invoice: TradeCreditInvoiceSummary }> {
  let serviceOrder: Order | undefined
  let error: ServiceFailure | null = null
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

const hasCanonicalId = (company: unknown): company is { company_canonical_id: string } =>
  !!company &&
  typeof company === "object" &&
  typeof (company as { company_canonical_id?: unknown }).company_canonical_id === "string"

/**
 * The company of an invoice order: the service order's buyer. The published order answer may name it by its country
 * and organization number only (no canonical id, no name: contract section 9, a buyer given by canonical id comes back
 * as the company it resolved to); then the canonical id the buyer was credit-checked with at checkout (kept on the
 * payment) gives its name from the registry, the answer's number and country standing where the registry has none.
 */
async function orderCompany(
  client: TradeCreditClient,
  answered: BuyerCompany | undefined | null,
  stored: OrderEditPaymentData,
): Promise<TradeCreditCompany | null> {
  const given = [stored.company, stored.buyer_company].find(hasCanonicalId) as BuyerCompany | undefined
  if (!answered) return await companyOf(client, given ?? (stored.company as BuyerCompany | undefined))
  const fromAnswer = await companyOf(client, answered)
  if (!given || !fromAnswer || fromAnswer.canonical_id !== null || fromAnswer.name !== null) return fromAnswer
  const fromCheckout = await companyOf(client, given)
  if (!fromCheckout) return fromAnswer
  return {
    name: fromCheckout.name,
    organization_number: fromCheckout.organization_number ?? fromAnswer.organization_number,
    country: fromCheckout.country ?? fromAnswer.country,
    canonical_id: fromCheckout.canonical_id,
  }
}

/** The buyer's company: by its canonical id from the service's registry (one call), else as given. */
async function companyOf(
  client: TradeCreditClient,
  company: BuyerCompany | undefined | null,
): Promise<TradeCreditCompany | null> {
  if (!company || typeof company !== "object") return null
  if ("company_canonical_id" in company && company.company_canonical_id) {
    const canonicalId = company.company_canonical_id
    try {
      const details = await client.companies.get(canonicalId)
      return {
        name: details.name,
        organization_number: details.organization_number,
        country: details.country,
        canonical_id: canonicalId,
      }
    } catch {
      return { name: null, organization_number: null, country: null, canonical_id: canonicalId }
    }
  }
  if ("organization_number" in company) {
    return {
      name: company.company_name ?? null,
      organization_number: company.organization_number ?? null,
      country: company.country_prefix ?? null,
      canonical_id: null,
    }
  }
  return null
}

/** The plan's live status (its schedule is the one the payment recorded), and the company of its repayment account. */
async function readPlan(
  container: MedusaContainer,
  client: TradeCreditClient,
  stored: TradeCreditPlanData,
  failure: (error: unknown, action: string) => ServiceFailure,
): Promise<Read & { plan: TradeCreditPlanSummary }> {
  let status: PlanStatus | undefined
  let error: ServiceFailure | null = null
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
  return { plan, company: await planCompany(container, client, stored), error }
}

/**
 * The company of an instalment plan, named as the invoice widget names its buyer: the registered name (the registry's
 * for a canonical id, else the name the buyer gave). The repayment account's `trade_name` is an identifier the
 * repayment interface needs (a slug such as `THORNBURY-CATERING-EQUIPMENT`), shown only when no name can be read.
 */
async function planCompany(
  container: MedusaContainer,
  client: TradeCreditClient,
  stored: TradeCreditPlanData,
): Promise<TradeCreditCompany | null> {
  const registered = await companyOf(client, stored.company as BuyerCompany | undefined)
  if (stored.account_id) {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const [account] = await tradeCredit.listBuyerRepaymentAccounts({ account_id: stored.account_id }, { take: 1 })
    const company = (account?.body as StoredAccountBody | null | undefined)?.buyer_company
    if (company) {
      return {
        name: registered?.name ?? company.trade_name ?? null,
        organization_number: company.national_identifier ?? registered?.organization_number ?? null,
        country: company.country_code ?? registered?.country ?? null,
        canonical_id:
          registered?.canonical_id ??
          (stored.company as { company_canonical_id?: string } | undefined)?.company_canonical_id ??
          null,
      }
    }
  }
  return registered
}
