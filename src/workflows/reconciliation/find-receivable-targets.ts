import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { invoiceProviderIds, isInvoiceProviderId } from "../../medusa/provider-ids"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { ReceivableRow } from "../../modules/trade-credit/types"
import { UNSETTLED_STATUSES } from "../webhooks/receivables/invoice-figures"

/** At most this many invoices are read back in one run (each costs one or two calls to the service). */
export const RECEIVABLE_REPAIRS_PER_RUN = 20
/** The newest captured payments a run looks at for an invoice the module does not know. */
const CAPTURED_LOOKED_AT = 100

const DAY_MS = 24 * 60 * 60 * 1000

export type FindReceivableTargetsInput = {
  /** At most this many service orders. */
  limit: number
  /** Payments captured longer ago are not looked at for an unknown invoice (their events had days to arrive). */
  lookbackDays: number
  /** Only this Medusa order's invoices (the admin's re-sync of an order). */
  orderId?: string
}

type PaymentList = {
  listPayments(
    filters: Record<string, unknown>,
    config: { select: string[]; order: Record<string, "ASC" | "DESC">; take: number },
  ): Promise<{ id: string; data?: TradeCreditPaymentData | null }[]>
}

const serviceOrderOf = (data: TradeCreditPaymentData | null | undefined) =>
  typeof data?.order_id === "string" && data.order_id ? data.order_id : null

/**
 * The service orders whose invoice a reconciliation run reads back (a lost event repaired), at most `limit`:
 * - first, invoice payments captured within the look-back (newest first) whose service order has no invoice in the
 *   module: its `order.reconciliation.invoiced.v1` never arrived;
 * - then the invoices the module keeps that no read ever gave figures to (`read_at` null: events only so far), then
 *   those still open, part paid or in collection, the longest unread first (a payment, collection or recourse event
 *   may have been lost), so every one is reached in turn.
 * For one Medusa order (the admin's re-sync): the service orders of its captured invoice payments and of its kept
 * invoices.
 */
export async function findReceivableTargets(
  container: MedusaContainer,
  input: FindReceivableTargetsInput,
): Promise<string[]> {
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  if (input.orderId) return await targetsOfOrder(container, module, input.orderId)

  const targets = new Set<string>()
  const providerIds = await invoiceProviderIds(container)
  if (providerIds.length) {
    const since = new Date(Date.now() - input.lookbackDays * DAY_MS)
    const captured = await container
      .resolve<PaymentList>(Modules.PAYMENT)
      .listPayments(
        { provider_id: providerIds, canceled_at: null, captured_at: { $gte: since } },
        { select: ["id", "data"], order: { captured_at: "DESC" }, take: CAPTURED_LOOKED_AT },
      )
    const ids = [...new Set(captured.map((p) => serviceOrderOf(p.data)).filter((id): id is string => !!id))]
    const known = ids.length
      ? ((await module.listReceivables(
          { kind: "invoice", service_order_id: ids },
          { select: ["service_order_id"] },
        )) as ReceivableRow[])
      : []
    const kept = new Set(known.map((row) => row.service_order_id))
    for (const id of ids) if (!kept.has(id) && targets.size < input.limit) targets.add(id)
  }
  const add = (rows: ReceivableRow[]) => {
    for (const row of rows) if (row.service_order_id && targets.size < input.limit) targets.add(row.service_order_id)
  }
  if (targets.size < input.limit) {
    add(
      (await module.listReceivables(
        { kind: "invoice", read_at: null },
        { select: ["service_order_id"], order: { created_at: "ASC" }, take: input.limit },
      )) as ReceivableRow[],
    )
  }
  if (targets.size < input.limit) {
    add(
      (await module.listReceivables(
        { kind: "invoice", status: [...UNSETTLED_STATUSES], read_at: { $ne: null } },
        { select: ["service_order_id"], order: { read_at: "ASC" }, take: input.limit },
      )) as ReceivableRow[],
    )
  }
  return [...targets]
}

type OrderPayments = {
  payment_collections?: ({ payments?: (OrderPayment | null)[] } | null)[]
}
type OrderPayment = { provider_id?: string; captured_at?: string | Date | null; data?: TradeCreditPaymentData | null }

async function targetsOfOrder(
  container: MedusaContainer,
  module: TradeCreditModuleService,
  orderId: string,
): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderPayments | undefined
  const fromPayments = (order?.payment_collections ?? [])
    .flatMap((collection) => collection?.payments ?? [])
    .filter((payment) => payment?.captured_at && isInvoiceProviderId(payment.provider_id))
    .map((payment) => serviceOrderOf(payment?.data))
  const kept = (await module.listReceivables(
    { kind: "invoice", order_id: orderId },
    { select: ["service_order_id"] },
  )) as ReceivableRow[]
  return [...new Set([...fromPayments, ...kept.map((row) => row.service_order_id)].filter((id): id is string => !!id))]
}
