import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { providerPaymentsOf } from "../../medusa/order-payments"
import { isInvoiceProviderId } from "../../medusa/provider-ids"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import { confirmPlacedPayments, type PlacedConfirmation } from "../../use-cases/confirm-placed-order"
import { writePaymentData } from "../reconciliation/payment-records"

const FIELDS = [
  "id",
  "payment_collections.id",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.data",
  "payment_collections.payments.canceled_at",
]

type Payment = { id: string; provider_id: string; data?: TradeCreditPaymentData | null; canceled_at?: unknown }

/**
 * The placed order's one-click service orders confirmed (use-cases/confirm-placed-order.ts): its invoice payments
 * whose data says VERIFIED. Nothing is asked of the service for any other order.
 */
export async function confirmWhenPlaced(container: MedusaContainer, orderId: string): Promise<PlacedConfirmation[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: FIELDS, filters: { id: orderId } })
  const collections = (data[0] as { payment_collections?: { id: string; payments?: Payment[] | null }[] } | undefined)
    ?.payment_collections
  const payments = providerPaymentsOf<Payment>(collections, isInvoiceProviderId).filter(
    (p) => !p.canceled_at && p.data?.state === "VERIFIED",
  )
  if (!payments.length) return []
  const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  return await confirmPlacedPayments(
    { client, writeData: (id, paymentData) => writePaymentData(container, id, paymentData) },
    payments.map((p) => ({ id: p.id, data: p.data! })),
  )
}
