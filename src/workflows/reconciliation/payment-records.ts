import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"

/**
 * Reads and writes of Medusa's payment records that the payment module's typed
 * interface lacks, in one place. Writes here call no provider. Medusa's public
 * `updatePaymentSession` asks the provider to update the session (for this
 * provider: a new credit check or an order edit), which is wrong for a session
 * whose order the service already cancelled; the payment module's generated
 * `updatePaymentSessions` only writes the row. `updatePayment` writes the row too
 * (its DTO type lists only the id, but it stores `data`).
 */
type PaymentRecords = IPaymentModuleService & {
  updatePaymentSessions(data: { id: string; status?: string; data?: Record<string, unknown> }): Promise<unknown>
  updatePayment(data: { id: string; data?: Record<string, unknown> }): Promise<unknown>
  listAndCountPayments(
    filters: Record<string, unknown>,
    config: { select: string[]; take: number },
  ): Promise<[unknown[], number]>
}

const records = (container: MedusaContainer) => container.resolve<PaymentRecords>(Modules.PAYMENT)

/** Sets a payment session's status and data without calling the provider. */
export async function writeSession(
  container: MedusaContainer,
  id: string,
  status: string,
  data: TradeCreditPaymentData,
) {
  await records(container).updatePaymentSessions({ id, status, data })
}

/** Replaces a payment's data (the provider keeps the service's state there) without calling the provider. */
export async function writePaymentData(container: MedusaContainer, id: string, data: TradeCreditPaymentData) {
  await records(container).updatePayment({ id, data })
}

/** How many payments match (the module's generated listAndCount; its interface lists only listPayments). */
export async function countPayments(container: MedusaContainer, filters: Record<string, unknown>): Promise<number> {
  const [, count] = await records(container).listAndCountPayments(filters, { select: ["id"], take: 1 })
  return count
}
