import type { IPaymentModuleService } from "@medusajs/framework/types"
import type BigNumber from "bignumber.js"
import { sumDecimals, toDecimal } from "../core/money/decimal"

/**
 * What Medusa has recorded on a payment besides the capture or refund being
 * made now. When an earlier attempt's answer was lost (a timeout, a broken
 * answer, the process stopping), the service holds an invoice or credit note
 * that Medusa rolled back; a retry (a new capture or refund id) must adopt it,
 * never make a second one.
 */
const total = (rows: any[]) => sumDecimals(rows.map((r) => toDecimal(r.raw_amount ?? r.amount ?? 0, "amount")))

/** Sum of the payment's other captures (the payment of capture `captureId`); undefined when the capture is unknown. */
export async function otherCapturedTotal(
  payments: IPaymentModuleService,
  captureId: string,
): Promise<BigNumber | undefined> {
  const [capture] = await payments.listCaptures({ id: captureId }, { select: ["id", "payment_id"] as any })
  const paymentId = (capture as any)?.payment_id
  if (!paymentId) return undefined
  const all = await payments.listCaptures({ payment_id: paymentId } as any, { select: ["id", "amount", "raw_amount"] })
  return total(all.filter((c) => c.id !== captureId))
}

/** The payment's other refunds (ids and their sum); undefined when the refund is unknown. */
export async function otherRefunds(
  payments: IPaymentModuleService,
  refundId: string,
): Promise<{ ids: Set<string>; total: BigNumber } | undefined> {
  const [refund] = await payments.listRefunds({ id: refundId }, { select: ["id", "payment_id"] as any })
  const paymentId = (refund as any)?.payment_id
  if (!paymentId) return undefined
  const all = (
    await payments.listRefunds({ payment_id: paymentId } as any, { select: ["id", "amount", "raw_amount"] })
  ).filter((r) => r.id !== refundId)
  return { ids: new Set(all.map((r) => r.id)), total: total(all) }
}
