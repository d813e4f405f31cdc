import { z } from "@medusajs/framework/zod"
import { checkOrderAmounts, parseCents } from "../../service/order-arithmetic"
import {
  CreateOrderRequest,
  EditOrderRequest,
  OrderIntentRequest,
  type Buyer,
  type IntentBuyer,
  type LineItem,
  type MerchantUrls,
  type OrderContent,
} from "../../service/schemas/order"
import { markValidated } from "../../service/validated-bodies"
import { formatCents } from "../money/units"
import { formatPath, PayloadError } from "./errors"
import { orderAddressesOf } from "./addresses"
import { buildLines, isBuiltLine, type LineOptions } from "./lines"
import { parseMedusaCart, type MedusaCartData, type MedusaCartInput } from "./medusa-cart"
import type { SessionInput } from "./session-input"

/**
 * The optional fields of an order body: the buyer's own references and invoice
 * wishes (from the session input, see orderExtrasOf) and the merchant's terms.
 * Fields left undefined are not sent.
 */
export type OrderExtras = {
  [
    K in
      "buyer_department" | "buyer_project" | "buyer_purchase_order_number" | "order_note" | "invoice_details" | "terms"
  ]?: OrderContent[K] | undefined
}

/** The extras of an order from the storefront's session input, plus the merchant's invoice terms in days. */
export function orderExtrasOf(input: SessionInput, invoiceTermsDays?: number): OrderExtras {
  return {
    buyer_department: input.department,
    buyer_project: input.project,
    buyer_purchase_order_number: input.purchase_order_number,
    order_note: input.order_note,
    invoice_details: input.invoice_emails?.length ? { invoice_emails: input.invoice_emails } : undefined,
    terms: invoiceTermsDays ? { type: "NET_TERMS", duration_days: invoiceTermsDays } : undefined,
  }
}

/**
 * The invoice terms an order is made with, from its session data: the region's as credit-checked (null: none), else,
 * for a session from before region settings, the options' (`optionsTerms`).
 */
export function invoiceTermsOf(
  data: { invoice_terms_days?: number | null },
  optionsTerms: number | undefined,
): number | undefined {
  return data.invoice_terms_days === undefined ? optionsTerms : (data.invoice_terms_days ?? undefined)
}

type Cart = MedusaCartInput | MedusaCartData

/** A request schema whose lines are taken as built (see `isBuiltLine`); the rest of the body is parsed as usual. */
const withBuiltLines = new WeakMap<z.ZodObject, z.ZodObject>()
function builtLinesSchemaOf(schema: z.ZodObject): z.ZodObject {
  let derived = withBuiltLines.get(schema)
  if (!derived) {
    const BuiltLine = z.custom<LineItem>(isBuiltLine, { message: "expected a line made by buildLines" })
    derived = schema.extend({ line_items: z.array(BuiltLine).min(1) })
    withBuiltLines.set(schema, derived)
  }
  return derived
}

/**
 * Throws INVALID_ORDER_BODY unless `body` passes the wire schema and the service's arithmetic.
 * The body it returns is frozen and marked as checked (service/validated-bodies.ts `markValidated`).
 *
 * Lines made by buildLines are wire lines by construction and passed the service's line check as they were made:
 * they are neither parsed again nor checked line by line again; the totals are still checked against them.
 */
function verified<S extends z.ZodObject>(schema: S, body: z.input<S>, what: string): z.output<S> {
  const given = (body as { line_items?: unknown[] }).line_items ?? []
  const built = given.length > 0 && given.every(isBuiltLine)
  const parsed = (built ? builtLinesSchemaOf(schema) : schema).safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new PayloadError(
      "INVALID_ORDER_BODY",
      `The ${what} built from the cart breaks the service's schema: ${formatPath(issue.path)}: ${issue.message}`,
      issue.path as (string | number)[],
    )
  }
  const data = parsed.data as Partial<Parameters<typeof checkOrderAmounts>[0]> & {
    gross_amount: string
    line_items: LineItem[]
  }
  // An intent carries only the gross: its lines must still add up to it.
  // (The schema, or buildLines, has made sure every line's amounts are money: each has its cents.)
  const linesTotal = (field: "net_amount" | "tax_amount") =>
    formatCents(data.line_items.reduce((cents, line) => cents + (parseCents(line[field]) as bigint), 0n))
  const amounts = checkOrderAmounts(
    Object.assign({}, data, {
      net_amount: data.net_amount ?? linesTotal("net_amount"),
      tax_amount: data.tax_amount ?? linesTotal("tax_amount"),
    }),
    (i) => built && isBuiltLine(data.line_items[i]),
  )
  if (!amounts.ok) {
    throw new PayloadError(
      "AMOUNT_NOT_REPRESENTABLE",
      `The ${what} built from the cart: ${amounts.message}`,
      amounts.loc,
    )
  }
  // Checked here, where the body is built from the cart: the client does not validate it again.
  return markValidated(schema, parsed.data as object) as z.output<S>
}

/** The extras that are set (a body carries no undefined fields, so its idempotency digest is stable). */
function extrasOf(extras: OrderExtras | undefined): Partial<OrderContent> {
  return Object.fromEntries(Object.entries(extras ?? {}).filter(([, value]) => value !== undefined && value !== null))
}

/** The amounts, lines, addresses and extras shared by create and edit. */
function orderContentOf(
  cart: MedusaCartData,
  merchantReference: string | null | undefined,
  extras: OrderExtras | undefined,
  options: LineOptions | undefined,
): OrderContent {
  const lines = buildLines(cart, options)
  return {
    gross_amount: lines.gross_amount,
    net_amount: lines.net_amount,
    tax_amount: lines.tax_amount,
    discount_amount: lines.discount_amount,
    currency: cart.currency_code.toUpperCase(),
    // No invoice_type: it is not part of the create or edit body (contract section 2, corrected in section 8).
    line_items: lines.line_items,
    tax_subtotals: lines.tax_subtotals,
    ...orderAddressesOf(cart),
    ...(merchantReference && { merchant_reference: merchantReference }),
    ...extrasOf(extras),
  }
}

/** POST /v1/order_intent: the credit check during checkout. */
export function buildIntentBody(cart: Cart, buyer: IntentBuyer | Buyer, options?: LineOptions): OrderIntentRequest {
  const data = parseMedusaCart(cart)
  const lines = buildLines(data, options)
  return verified(
    OrderIntentRequest,
    {
      gross_amount: lines.gross_amount,
      currency: data.currency_code.toUpperCase(),
      line_items: lines.line_items,
      buyer,
      invoice_type: "FUNDED_INVOICE",
    },
    "order intent",
  )
}

export type CreateOrderInput = {
  cart: Cart
  buyer: Buyer
  /**
   * Unique per live order of the merchant and the same for retries of one session (a retried create finds the first
   * order by it); the service shows it to the buyer: merchantOrderIdOf (merchant-reference.ts).
   */
  merchantOrderId: string
  /** May be shown to the buyer and on the invoice: the cart's reference (merchant-reference.ts). */
  merchantReference?: string | null
  /** From the approved order intent. */
  trackingId?: string | null
  urls: MerchantUrls
  extras?: OrderExtras
  options?: LineOptions
}

/** POST /v1/order. */
export function buildCreateOrderBody(input: CreateOrderInput): CreateOrderRequest {
  const cart = parseMedusaCart(input.cart)
  const content = orderContentOf(cart, input.merchantReference, input.extras, input.options)
  return verified(
    CreateOrderRequest,
    {
      // The body's own fields first, the content spread after them (V8 makes a literal that starts with a
      // spread a slow object); the schema's output has the wire's field order either way.
      buyer: input.buyer,
      merchant_order_id: input.merchantOrderId,
      merchant_urls: input.urls,
      ...content,
      ...(input.trackingId && { tracking_id: input.trackingId }),
    },
    "order",
  )
}

export type EditOrderOptions = {
  merchantReference?: string | null
  extras?: OrderExtras
  options?: LineOptions
}

/**
 * PUT /v1/order/{id}: the whole order again, from the Medusa order (read with
 * ORDER_FIELDS) or cart as it is now. Amounts are checked again by the service.
 */
export function buildEditBody(cartOrOrder: Cart, edit: EditOrderOptions = {}): EditOrderRequest {
  const cart = parseMedusaCart(cartOrOrder)
  const content = orderContentOf(cart, edit.merchantReference, edit.extras, edit.options)
  return verified(EditOrderRequest, content, "order edit")
}
