import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { LoadedShipment } from "./load-shipment"

/**
 * - `new`: this run claimed the shipment and must invoice it;
 * - `resume`: an earlier run invoiced it at the service but did not record the capture in Medusa;
 * - `skip`: nothing to do (not the plugin's, invoiced already, or another run is invoicing it now).
 */
export type ShipmentClaim =
  | { mode: "new"; guard_id: string }
  | { mode: "resume"; guard_id: string; service_fulfilment_id: string }
  | { mode: "skip"; reason: string }

export const claimShipmentStepId = "trade-credit-claim-shipment"

/**
 * The guard that makes a shipment event delivered twice give one fulfilment:
 * one ShipmentInvoice row per Medusa fulfillment (fulfillment_id is unique, so
 * of two concurrent deliveries only one creates it). Compensation deletes the
 * row this run created, unless the service has invoiced the shipment since
 * (then it stays, and a later delivery only records the capture).
 */
export const claimShipmentStep = createStep<LoadedShipment, ShipmentClaim, string>(
  claimShipmentStepId,
  async (shipment, { container }) => {
    if (!shipment.applies) return new StepResponse<ShipmentClaim, string>({ mode: "skip", reason: shipment.reason }, "")
    const service = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    try {
      const row = await service.createShipmentInvoices({
        fulfillment_id: shipment.fulfillment_id,
        order_id: shipment.order_id,
        payment_id: shipment.payment_id,
        service_order_id: shipment.service_order_id,
        status: "pending",
      })
      return new StepResponse<ShipmentClaim, string>({ mode: "new", guard_id: row.id }, row.id)
    } catch (error) {
      const [existing] = await service.listShipmentInvoices({ fulfillment_id: shipment.fulfillment_id })
      if (!existing) throw error
      if (existing.status === "invoiced") {
        return new StepResponse<ShipmentClaim, string>(
          { mode: "skip", reason: `invoiced already (${existing.invoice_number})` },
          "",
        )
      }
      if (!existing.service_fulfilment_id) {
        return new StepResponse<ShipmentClaim, string>(
          { mode: "skip", reason: "another delivery of the event is invoicing it" },
          "",
        )
      }
      return new StepResponse<ShipmentClaim, string>(
        {
          mode: "resume",
          guard_id: existing.id,
          service_fulfilment_id: existing.service_fulfilment_id,
        },
        "",
      )
    }
  },
  async (guardId, { container }) => {
    if (!guardId) return
    const service = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const [row] = await service.listShipmentInvoices({ id: guardId })
    if (row && !row.service_fulfilment_id) await service.deleteShipmentInvoices(guardId)
  },
)
