import type { FilterableCaptureProps, FilterableRefundProps, IPaymentModuleService } from "@medusajs/framework/types"
import { Money } from "../core/money/money"

/*
 * What Medusa has recorded on a payment besides the capture or refund being
 * made now. When an earlier attempt's answer was lost (a timeout, a broken
 * answer, the process stopping), the service holds an invoice or credit note
 * that Medusa rolled back; a retry (a new capture or refund id) must adopt it,
 * never make a second one.
 */
/** The exact sum of Medusa's rows (captures, refunds) by their amounts (the raw value first: it is exact). */
export const recordedTotal = (rows: readonly { raw_amount?: unknown; amount?: unknown }[]): Money =>
  Money.sum(rows.map((r) => Money.fromMedusa(r.raw_amount ?? r.amount ?? 0)))

/** Sum of the payment's other captures (the payment of capture `captureId`); undefined when the capture is unknown. */
export async function otherCapturedTotal(
  payments: IPaymentModuleService,
  captureId: string,
): Promise<Money | undefined> {
  const [capture] = await payments.listCaptures({ id: captureId }, { select: ["id", "payment_id"] })
  const paymentId = (capture as { payment_id?: string } | undefined)?.payment_id
  if (!paymentId) return undefined
  // The payment module filters captures by their payment's id (its filter type does not list the column).
  const byPayment = { payment_id: paymentId } as FilterableCaptureProps
  const all = await payments.listCaptures(byPayment, { select: ["id", "amount", "raw_amount"] })
  return recordedTotal(all.filter((c) => c.id !== captureId))
}

/** The payment's other refunds (ids and their sum); undefined when the refund is unknown. */
export async function otherRefunds(
  payments: IPaymentModuleService,
  refundId: string,
): Promise<{ ids: Set<string>; total: Money } | undefined> {
  const [refund] = await payments.listRefunds({ id: refundId }, { select: ["id", "payment_id"] })
  const paymentId = (refund as { payment_id?: string } | undefined)?.payment_id
  if (!paymentId) return undefined
  // As for captures: filtered by the payment's id, which the filter type does not list.
  const byPayment = { payment_id: paymentId } as FilterableRefundProps
  const all = (await payments.listRefunds(byPayment, { select: ["id", "amount", "raw_amount"] })).filter(
    (r) => r.id !== refundId,
  )
  return { ids: new Set(all.map((r) => r.id)), total: recordedTotal(all) }
}
