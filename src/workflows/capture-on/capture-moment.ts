import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CaptureOn } from "../../core/order/capture-on"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"

/** When the orders of a region are invoiced: its settings (Settings → Trade credit), else the options' `captureOn`. */
export async function captureOnOfRegion(
  container: MedusaContainer,
  regionId: string | null | undefined,
): Promise<CaptureOn> {
  return (await container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).regionSettingsOf(regionId)).capture_on
}

/** The order of a fulfillment and when its region invoices; undefined for a fulfillment of no order (a return's). */
export async function captureOnOfFulfillment(
  container: MedusaContainer,
  fulfillmentId: string,
): Promise<{ order_id: string; capture_on: CaptureOn } | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "order.id", "order.region_id"],
    filters: { id: fulfillmentId },
  })
  const order = (data[0] as { order?: { id: string; region_id?: string | null } | null } | undefined)?.order
  if (!order) return undefined
  return { order_id: order.id, capture_on: await captureOnOfRegion(container, order.region_id) }
}
