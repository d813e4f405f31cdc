import { z } from "@medusajs/framework/zod"
import { Money } from "../core/money/money"
import { checkLineItem, checkOrderAmounts } from "../service/order-arithmetic"
import {
  CancelReply,
  CreateOrderRequest,
  EditOrderRequest,
  FulfilAnswer,
  FulfilOrderRequest,
  FulfilRequest,
  FulfilReply,
  FullRefundRequest,
  InvoiceDetails,
  Order,
  OrderIntent,
  OrderIntentRequest,
  OrderList,
  OrderSummary,
  Refund,
  RefundRequest,
} from "../service/schemas/order"
import { CLIENT_ERROR_CODES, invalidRequest, TradeCreditError } from "./errors"
import { urlPath } from "./http-utils"
import type { Transport } from "./transport"
import { assertAmounts, type Idempotent, validateBody, validateRequest } from "./validate"

export type OrderIntentInput = z.input<typeof OrderIntentRequest>
export type CreateOrderInput = z.input<typeof CreateOrderRequest>
export type EditOrderInput = z.input<typeof EditOrderRequest>
/** The part a partial fulfilment invoices (the client nests it under `partial`). */
export type FulfilInput = z.input<typeof FulfilRequest>
/** What a fulfilment may say besides the part: the merchant's own invoice number and date. */
export type FulfilOptions = Omit<z.input<typeof FulfilOrderRequest>, "partial">
/** A part (with `amount`), or everything left with an optional reason and reference (without). */
export type RefundInput = z.input<typeof RefundRequest> | z.input<typeof FullRefundRequest>

export type CancelResult = {
  order: Order
  /** True when the service answered 202: the order was cancelled before this call. */
  alreadyCancelled: boolean
}

export type InvoicePdfOptions = {
  /** Language of the document, e.g. "en_US". */
  lang?: string
  /** true: the original invoice (`v=original`); otherwise the latest credit note when there is one, else the invoice.
   * */
  original?: boolean
}

export type PdfDocument = { contentType: string; body: Buffer }

const LANG = /^[a-z]{2}(_[A-Z]{2})?$/

/** Intent lines pass the line arithmetic and gross_amount is their exact sum. */
function checkIntentAmounts(body: OrderIntentRequest) {
  for (let i = 0; i < body.line_items.length; i++) {
    const line = checkLineItem(body.line_items[i], i)
    if (!line.ok) return line
  }
  const gross = Money.sum(body.line_items.map((line) => line.gross_amount))
  if (!gross.eq(body.gross_amount)) {
    return {
      ok: false as const,
      code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH" as const,
      message: `gross_amount ${body.gross_amount} is not the sum of the lines (${gross.toDecimal()})`,
      loc: ["gross_amount"],
    }
  }
  return { ok: true as const }
}

/**
 * The order interface, version 1.0 (contract section 2). Outgoing bodies are
 * validated against the contract's request schemas and the service's
 * arithmetic before they are sent; answers against its response schemas.
 */
export class OrdersClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /** POST /v1/order_intent: a credit check during checkout (not a reservation). */
  async createIntent(body: OrderIntentInput, { idempotencyKey }: Idempotent): Promise<OrderIntent> {
    const valid = validateBody(OrderIntentRequest, body, "order intent", checkIntentAmounts)
    const { data } = await this.#transport.request(
      { method: "POST", path: "/v1/order_intent", body: valid, idempotencyKey },
      OrderIntent,
    )
    return data
  }

  /**
   * POST /v1/order. A merchant_order_id already used answers 409 INVALID_STATE
   * with the existing order's id in the error's `details`.
   */
  async create(body: CreateOrderInput, { idempotencyKey }: Idempotent): Promise<OrderSummary> {
    const valid = validateBody(CreateOrderRequest, body, "order", checkOrderAmounts)
    // The lines just sent come back as they went: the answer is read for the order's id, state and links.
    const { data } = await this.#transport.request(
      { method: "POST", path: "/v1/order", body: valid, idempotencyKey },
      OrderSummary,
    )
    return data
  }

  /** GET /v1/order/{order_id} */
  async get(orderId: string): Promise<Order> {
    const { data } = await this.#transport.request({ method: "GET", path: urlPath`/v1/order/${orderId}` }, Order)
    return data
  }

  /** GET /v1/order/{order_id}, read for its state, amounts and documents: the lines are not checked (OrderSummary). */
  async getSummary(orderId: string): Promise<OrderSummary> {
    const { data } = await this.#transport.request({ method: "GET", path: urlPath`/v1/order/${orderId}` }, OrderSummary)
    return data
  }

  /** GET /v1/order/merchant-order-id/{merchant_order_id}: every order with that id, [] when none. */
  async getByMerchantOrderId(merchantOrderId: string): Promise<Order[]> {
    const { data } = await this.#transport.request(
      { method: "GET", path: urlPath`/v1/order/merchant-order-id/${merchantOrderId}` },
      OrderList,
    )
    return data
  }

  /**
   * GET /v1/order/{order_id}/invoice_details: the order's invoice as the service has it now (totals, payment status,
   * due date, number, link). Null when the order is not invoiced yet (409); an unknown order is NOT_FOUND (404).
   */
  async invoiceDetails(orderId: string): Promise<InvoiceDetails | null> {
    try {
      const { data } = await this.#transport.request(
        { method: "GET", path: urlPath`/v1/order/${orderId}/invoice_details` },
        InvoiceDetails,
      )
      return data
    } catch (error) {
      if (error instanceof TradeCreditError && error.status === 409) return null
      throw error
    }
  }

  /** POST /v1/order/{order_id}/confirm (no body): needs state VERIFIED. */
  async confirm(orderId: string, { idempotencyKey }: Idempotent): Promise<OrderSummary> {
    const { data } = await this.#transport.request(
      { method: "POST", path: urlPath`/v1/order/${orderId}/confirm`, idempotencyKey },
      OrderSummary,
    )
    return data
  }

  /** PUT /v1/order/{order_id}: new amounts, lines and addresses, until fulfilment starts. */
  async edit(orderId: string, body: EditOrderInput, { idempotencyKey }: Idempotent): Promise<Order> {
    const valid = validateBody(EditOrderRequest, body, "order edit", checkOrderAmounts)
    const { data } = await this.#transport.request(
      { method: "PUT", path: urlPath`/v1/order/${orderId}`, body: valid, idempotencyKey },
      Order,
    )
    return data
  }

  /** POST /v1/order/{order_id}/cancel: 200 cancelled now, 202 cancelled before; 409 once fulfilled. */
  async cancel(orderId: string, { idempotencyKey }: Idempotent): Promise<CancelResult> {
    const { status, data } = await this.#transport.request(
      { method: "POST", path: urlPath`/v1/order/${orderId}/cancel`, idempotencyKey },
      CancelReply,
    )
    // The published 200 and 202 carry no schema: an answer that is not the order is followed by a read of it.
    return { order: data ?? (await this.get(orderId)), alreadyCancelled: status === 202 }
  }

  /**
   * POST /v1/order/{order_id}/fulfilled. Without a part: all that remains is
   * fulfilled and invoiced. With one: that part (sent as `{"partial": ...}`;
   * amounts at the top level are not read by the service), appended to
   * `fulfilments`. The answer says which fulfilment was made
   * (`fulfilled_order`) while something remains (`remained_order`).
   */
  async fulfil(
    orderId: string,
    part: FulfilInput | undefined,
    { idempotencyKey, ...options }: Idempotent & FulfilOptions,
  ): Promise<FulfilAnswer> {
    let partial: FulfilRequest | undefined
    if (part !== undefined) {
      partial = validateRequest(FulfilRequest, part, "fulfilment")
      assertAmounts(checkOrderAmounts(partial), "fulfilment")
    }
    const wire = { ...(partial && { partial }), ...options }
    // No part and no options: no body at all, as the contract's plain "fulfil all".
    const body = Object.keys(wire).length ? validateRequest(FulfilOrderRequest, wire, "fulfilment") : undefined
    const { data } = await this.#transport.request(
      { method: "POST", path: urlPath`/v1/order/${orderId}/fulfilled`, body, idempotencyKey },
      FulfilReply,
    )
    if ("state" in data) return data
    // The published answer names the fulfilment and what remains, not the order: the order is read back.
    const order = await this.get(orderId)
    return { ...order, fulfilled_order: data.fulfilled_order, remained_order: data.remained_order ?? null }
  }

  /**
   * POST /v1/order/{order_id}/refund. Without a body, or one without `amount`
   * (`{reason?, refund_reference?}`): all that was fulfilled and not yet
   * refunded. With `amount`: that part. The same refund_reference twice gives
   * the first refund again; more than what remains refundable is 409. The
   * answer's lines (a list of lists on the wire) are read flat.
   */
  async refund(orderId: string, body: RefundInput | undefined, { idempotencyKey }: Idempotent): Promise<Refund> {
    let valid: RefundRequest | FullRefundRequest | undefined
    if (body !== undefined && "amount" in body) {
      const part = validateRequest(RefundRequest, body, "refund")
      if (!Money.fromDecimal(part.amount).isPositive()) {
        throw invalidRequest("Trade credit refund: amount must be positive")
      }
      part.line_items?.forEach((line, index) => assertAmounts(checkLineItem(line, index), "refund"))
      valid = part
    } else if (body !== undefined) {
      valid = validateRequest(FullRefundRequest, body, "refund")
    }
    const { data } = await this.#transport.request(
      { method: "POST", path: urlPath`/v1/order/${orderId}/refund`, body: valid, idempotencyKey },
      Refund,
    )
    return data
  }

  /**
   * GET /v1/invoice/{order_id}/pdf?lang=&v=original: the invoice (original) or
   * the latest credit note. 409 INVALID_STATE before any fulfilment.
   */
  async invoicePdf(orderId: string, options: InvoicePdfOptions = {}): Promise<PdfDocument> {
    if (options.lang !== undefined && !LANG.test(options.lang)) {
      throw invalidRequest(`Trade credit invoice: lang must look like "en_US"`)
    }
    const { contentType, body } = await this.#transport.requestBinary(
      {
        method: "GET",
        path: urlPath`/v1/invoice/${orderId}/pdf`,
        query: { lang: options.lang, v: options.original ? "original" : undefined },
      },
      ["application/pdf"],
    )
    if (body.subarray(0, 5).toString("latin1") !== "%PDF-") {
      throw new TradeCreditError({
        code: CLIENT_ERROR_CODES.CONTRACT_VIOLATION,
        message:
          `Trade credit service: GET /v1/invoice/${encodeURIComponent(orderId)}/pdf ` +
          `answered application/pdf that is not a PDF`,
        status: 200,
        method: "GET",
      })
    }
    return { contentType, body }
  }

  /**
   * One document by the URL the service gave for it: a fulfilment's
   * `invoice_url` or a refund's `credit_note_url`. Only a URL under the
   * client's base URL is fetched (with the API key); any other is refused
   * before a call is made.
   */
  async documentPdf(url: string): Promise<PdfDocument> {
    const target = this.#transport.targetOf(url)
    if (!target) throw invalidRequest("Trade credit document: the URL is not on the service's base URL")
    const { contentType, body } = await this.#transport.requestBinary({ method: "GET", ...target }, ["application/pdf"])
    if (body.subarray(0, 5).toString("latin1") !== "%PDF-") {
      throw new TradeCreditError({
        code: CLIENT_ERROR_CODES.CONTRACT_VIOLATION,
        message: `Trade credit service: GET ${target.path} answered application/pdf that is not a PDF`,
        status: 200,
        method: "GET",
      })
    }
    return { contentType, body }
  }
}
