import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { toMedusaError } from "../../../use-cases/errors"
import type { Fulfilment, Order } from "../../../service/schemas/order"
import { planShipmentFulfilment } from "../shipment-body"
import type { ShipmentClaim } from "./claim-shipment"
import type { LoadedShipment } from "./load-shipment"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type FulfilledShipment =
  | { fulfilled: false; reason: string }
  | {
      fulfilled: true
      fulfilment: Pick<Fulfilment, "id" | "gross_amount" | "invoice_number">
      order: Order
      whole_rest: boolean
    }

const summaryOf = ({ id, gross_amount, invoice_number }: Fulfilment) => ({ id, gross_amount, invoice_number })

export const fulfilShipmentIdempotencyKey = (fulfillmentId: string) => `fulfil-shipment-${fulfillmentId}`

export const fulfilShipmentStepId = "trade-credit-fulfil-shipment"

/**
 * Fulfils the shipped lines at the service (an invoice is issued) and notes the
 * service's fulfilment on the guard row. A resumed run reads the fulfilment it
 * made before instead. An invoice cannot be taken back, so there is no
 * compensation: the idempotency key (one per Medusa fulfillment) makes a retry
 * of the same body answer the same fulfilment.
 */
export const fulfilShipmentStep = createStep<
  { shipment: LoadedShipment; claim: ShipmentClaim },
  FulfilledShipment,
  undefined
>(fulfilShipmentStepId, async ({ shipment, claim }, { container }) => {
  if (claim.mode === "skip" || !shipment.applies) {
    return new StepResponse<FulfilledShipment>({
      fulfilled: false,
      reason: claim.mode === "skip" ? claim.reason : "not applicable",
    })
  }
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const logger = pluginLoggerOf(container)
  const client = tradeCredit.getClient()
  const call = async <T>(action: string, run: () => Promise<T>) => {
    try {
      return await run()
    } catch (error) {
      throw toMedusaError(error, action, {
        audience: "admin",
        logger,
        ids: { fulfillment_id: shipment.fulfillment_id, service_order_id: shipment.service_order_id },
      })
    }
  }
  const before = await call("read the order", () => client.orders.get(shipment.service_order_id))

  if (claim.mode === "resume") {
    const fulfilment = before.fulfilments.find((f) => f.id === claim.service_fulfilment_id)
    if (!fulfilment)
      return new StepResponse<FulfilledShipment>({ fulfilled: false, reason: "the service has no such fulfilment" })
    return new StepResponse<FulfilledShipment>({
      fulfilled: true,
      fulfilment: summaryOf(fulfilment),
      order: before,
      whole_rest: false,
    })
  }

  const plan = planShipmentFulfilment({
    orderLines: shipment.order_lines,
    serviceOrder: before,
    shipped: shipment.shipped,
    lastShipment: shipment.last_shipment,
  })
  if (plan.kind === "nothing") {
    await tradeCredit.deleteShipmentInvoices(claim.guard_id)
    return new StepResponse<FulfilledShipment>({ fulfilled: false, reason: plan.reason })
  }
  const after = await call("fulfil the order", () =>
    client.orders.fulfil(shipment.service_order_id, plan.kind === "part" ? plan.body : undefined, {
      idempotencyKey: fulfilShipmentIdempotencyKey(shipment.fulfillment_id),
    }),
  )
  const known = new Set(before.fulfilments.map((f) => f.id))
  const fulfilment = after.fulfilments.find((f) => !known.has(f.id)) ?? after.fulfilments[after.fulfilments.length - 1]
  await tradeCredit.updateShipmentInvoices({
    id: claim.guard_id,
    service_fulfilment_id: fulfilment.id,
    invoice_number: fulfilment.invoice_number,
    // Informational (the service's figure, two decimals). A bigNumber column takes the decimal string and keeps it
    // exactly (a float would not); the module's generated types call the column a number.
    amount: fulfilment.gross_amount as unknown as number,
  })
  return new StepResponse<FulfilledShipment>({
    fulfilled: true,
    fulfilment: summaryOf(fulfilment),
    order: after,
    whole_rest: plan.kind === "rest",
  })
})
