import { Router } from "express"
import {
  CreateOrderRequest,
  EditOrderRequest,
  FulfilRequest,
  FullRefundRequest,
  OrderIntentRequest,
  PartialRefundRequest,
} from "../contract/orders"
import type { SimulatorContext } from "../context"
import { merchantOf } from "../locals"
import { createOrder, decideIntent } from "../orders/create"
import { fulfilOrder } from "../orders/fulfilment"
import { cancelOrder, confirmOrder, editOrder, expireIfDue } from "../orders/lifecycle"
import { refundOrder } from "../orders/refunds"
import { parseWith } from "../validate"
import { hasBody, orderOf, route } from "./handler"

/** The order interface, version 1.0 (contract section 2). */
export function orderRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.post(
    "/v1/order_intent",
    route((req, res) => {
      const body = parseWith(OrderIntentRequest, req.body ?? {}, "body")
      const intent = decideIntent(ctx, body)
      merchantOf(res).orders.addIntent(intent.tracking_id)
      res.status(201).json(intent)
    }),
  )

  router.post(
    "/v1/order",
    route((req, res) => {
      const body = parseWith(CreateOrderRequest, req.body ?? {}, "body")
      res.status(201).json(createOrder(ctx, merchantOf(res), body).order)
    }),
  )

  router.get(
    "/v1/order/merchant-order-id/:merchantOrderId",
    route((req, res) => {
      const merchant = merchantOf(res)
      const records = merchant.orders.byMerchantOrder(req.params.merchantOrderId)
      for (const record of records) expireIfDue(ctx, merchant, record)
      res.json(records.map((r) => r.order))
    }),
  )

  router.get(
    "/v1/order/:orderId",
    route((req, res) => {
      res.json(orderOf(ctx, res, req.params.orderId).order)
    }),
  )

  router.put(
    "/v1/order/:orderId",
    route((req, res) => {
      const record = orderOf(ctx, res, req.params.orderId)
      const body = parseWith(EditOrderRequest, req.body ?? {}, "body")
      res.json(editOrder(ctx, merchantOf(res), record, body))
    }),
  )

  router.post(
    "/v1/order/:orderId/confirm",
    route((req, res) => {
      const record = orderOf(ctx, res, req.params.orderId)
      res.json(confirmOrder(ctx, merchantOf(res), record))
    }),
  )

  router.post(
    "/v1/order/:orderId/cancel",
    route((req, res) => {
      const record = orderOf(ctx, res, req.params.orderId)
      res.status(cancelOrder(ctx, merchantOf(res), record)).json(record.order)
    }),
  )

  router.post(
    "/v1/order/:orderId/fulfilled",
    route((req, res) => {
      const record = orderOf(ctx, res, req.params.orderId)
      const body = hasBody(req.body) ? parseWith(FulfilRequest, req.body, "body") : undefined
      res.json(fulfilOrder(ctx, merchantOf(res), record, body))
    }),
  )

  router.post(
    "/v1/order/:orderId/refund",
    route((req, res) => {
      const record = orderOf(ctx, res, req.params.orderId)
      // With `amount` a part; without, everything left (optionally with a reason and a reference).
      const partial = hasBody(req.body) && typeof req.body === "object" && "amount" in req.body
      const body = !hasBody(req.body)
        ? undefined
        : partial
          ? parseWith(PartialRefundRequest, req.body, "body")
          : parseWith(FullRefundRequest, req.body, "body")
      res.status(201).json(refundOrder(ctx, merchantOf(res), record, body))
    }),
  )

  return router
}
