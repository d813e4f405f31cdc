import type { IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { type TradeCreditPaymentData, withOrder } from "../../../core/order/payment-data"
import type { FulfilledShipment } from "./fulfil-shipment"
import type { ShipmentClaim } from "./claim-shipment"
import type { LoadedShipment } from "./load-shipment"
import { logLine } from "../../../utils/log-line"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type RecordedCapture = {
  capture_id: string
  amount: string
  payment_id: string
  order_id: string
  currency_code: string
} | null

export const recordShipmentCaptureStepId = "trade-credit-record-shipment-capture"

/**
 * Records in Medusa the capture of exactly what the service invoiced for the
 * shipment, without calling the provider again (`is_captured`: the money was
 * "captured" by the fulfilment itself), and keeps the new invoice on the
 * payment's data. The guard row is marked invoiced first and put back if the
 * capture cannot be recorded, so a later delivery of the event records it
 * (and never records it twice).
 */
type RecordInput = { shipment: LoadedShipment; claim: ShipmentClaim; fulfilled: FulfilledShipment }

export const recordShipmentCaptureStep = createStep<RecordInput, RecordedCapture, undefined>(
  recordShipmentCaptureStepId,
  async ({ shipment, claim, fulfilled }, { container }) => {
    if (!shipment.applies || claim.mode === "skip" || !fulfilled.fulfilled)
      return new StepResponse<RecordedCapture>(null)
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const logger = pluginLoggerOf(container)
    const amount = fulfilled.fulfilment.gross_amount

    // A bigNumber column takes the decimal string and keeps it exactly (a float would not); the module's generated
    // types call the column a number.
    const invoiced = { id: claim.guard_id, status: "invoiced" as const, amount: amount as unknown as number }
    await tradeCredit.updateShipmentInvoices(invoiced)
    const before = await payments.retrievePayment(shipment.payment_id, {
      select: ["id", "data"],
      relations: ["captures"],
    })
    const known = new Set((before.captures ?? []).map((c) => c.id))
    let captured
    try {
      captured = await payments.capturePayment({ payment_id: shipment.payment_id, amount, is_captured: true })
    } catch (error) {
      await tradeCredit.updateShipmentInvoices({ id: claim.guard_id, status: "pending" })
      throw error
    }
    const capture = (captured.captures ?? []).find((c) => !known.has(c.id))
    const ids = {
      order_id: shipment.order_id,
      payment_id: shipment.payment_id,
      fulfillment_id: shipment.fulfillment_id,
      service_order_id: shipment.service_order_id,
      fulfilment_id: fulfilled.fulfilment.id,
      invoice_number: fulfilled.fulfilment.invoice_number,
      capture_id: capture?.id,
    }
    try {
      // The payment module's update writes `data` too (its DTO type does not list it).
      await payments.updatePayment({
        id: shipment.payment_id,
        data: withOrder((before.data ?? {}) as TradeCreditPaymentData, fulfilled.order),
      } as UpdatePaymentDTO)
    } catch (error) {
      logLine(
        logger,
        "warn",
        `trade-credit: invoice ${fulfilled.fulfilment.invoice_number} was captured ` +
          `but not noted on payment ${shipment.payment_id}: ${(error as Error).message}`,
        ids,
      )
    }
    if (!capture) {
      logLine(
        logger,
        "warn",
        `trade-credit: payment ${shipment.payment_id} was captured in full already; ` +
          `invoice ${fulfilled.fulfilment.invoice_number} made no capture`,
        ids,
      )
      return new StepResponse<RecordedCapture>(null)
    }
    return new StepResponse<RecordedCapture>({
      capture_id: capture.id,
      amount,
      payment_id: shipment.payment_id,
      order_id: shipment.order_id,
      currency_code: shipment.currency_code,
    })
  },
)
