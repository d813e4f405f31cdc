import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { refundLinesForReturns } from "../returned-lines"
import { buildBuyer } from "../buyer"
import { buildCreateOrderBody, buildEditBody, buildIntentBody, orderExtrasOf } from "../order-body"
import { parseSessionInput } from "../session-input"
import { splitAmountByTaxRates } from "../split-amount"
import { GB_ADDRESS, medusaCart, type CartSpec } from "./fixtures/medusa-cart"

/**
 * Each body builder's output against the service's own published OpenAPI
 * documents (conformance/published.ts), not against our reading of them
 * (src/service/schemas): zero violations.
 */

const spec: CartSpec = {
  id: "cart_01PUBLISHED",
  currency_code: "gbp",
  items: [
    // No product descriptions: the lines still carry one (issue 18).
    {
      id: "cali_01",
      title: "Oak desk",
      variant_title: "Large / Natural",
      quantity: 2,
      unit_price: "450.00",
      tax_lines: [{ rate: 20 }],
      variant_sku: "DESK-L",
    },
    {
      id: "cali_02",
      title: "Paper A4",
      quantity: 5,
      unit_price: "4.99",
      tax_lines: [{ rate: 0, description: "Zero rated" }],
      variant_barcode: "5012345678900",
    },
  ],
  shipping_methods: [{ id: "casm_01", name: "Standard", amount: "9.90", tax_lines: [{ rate: 20 }] }],
  promotions: [{ code: "TRADE10", type: "percentage", value: 10, target: "items" }],
  billing_address: { ...GB_ADDRESS, phone: "07700 900123" },
}

const session = parseSessionInput({
  company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
  purchase_order_number: "PO-7",
  invoice_emails: ["ap@acme.example"],
})

let published: PublishedDocuments
beforeAll(async () => {
  published = await loadPublished()
})

const createBody = () => {
  const cart = medusaCart(spec)
  return buildCreateOrderBody({
    cart,
    buyer: buildBuyer(session, cart),
    merchantOrderId: "payses_01",
    merchantReference: cart.id,
    trackingId: "trk_1",
    urls: { merchant_confirmation_url: "https://shop.example/checkout/return?cart_id=cart_01PUBLISHED" },
    extras: orderExtrasOf(session, 30),
  })
}

describe("bodies the plugin sends, against the published documents", () => {
  it("POST /v1/order_intent", () => {
    const cart = medusaCart(spec)
    const body = buildIntentBody(cart, buildBuyer(session, cart, { representativeRequired: false }))
    expect(body.buyer.representative?.phone_number).toBe("+447700900123")
    expect(published.request("POST", "/v1/order_intent", body)).toEqual([])
  })

  it("POST /v1/order", () => {
    const body = createBody()
    expect(body.line_items.every((line) => line.description)).toBe(true)
    expect(published.request("POST", "/v1/order", body)).toEqual([])
    // The check has teeth: the body issue 18 found (a line without description) is refused.
    const { description: _dropped, ...bare } = body.line_items[0]
    expect(
      published.request("POST", "/v1/order", { ...body, line_items: [bare, ...body.line_items.slice(1)] }),
    ).not.toEqual([])
  })

  it("PUT /v1/order/{id}", () => {
    const order = medusaCart({ ...spec, id: "order_01" })
    for (const item of order.items)
      item.detail = { quantity: item.quantity, return_received_quantity: 0, return_dismissed_quantity: 0 }
    const body = buildEditBody(order, { merchantReference: "#1042" })
    expect(published.request("PUT", "/v1/order/ord_1", body)).toEqual([])
  })

  it("POST /v1/order/{id}/fulfilled with a part", () => {
    const { tax_subtotals } = createBody()
    const part = splitAmountByTaxRates("300.00", tax_subtotals, {
      description: "Part of the order fulfilled and invoiced now",
    })
    const body = { partial: part }
    expect(published.request("POST", "/v1/order/ord_1/fulfilled", body)).toEqual([])
  })

  it("POST /v1/order/{id}/refund with a part: returned lines, and an amount split by tax rate", () => {
    const order = createBody()
    const returned = refundLinesForReturns("486.00", { line_items: order.line_items, refunds: [] }, [
      { id: "ret_1", items: [{ item_id: "cali_01", quantity: 1 }] },
    ])
    expect(returned).toBeDefined()
    const withLines = {
      amount: "486.00",
      currency: order.currency,
      tax_subtotals: returned!.tax_subtotals,
      line_items: returned!.line_items,
      reason: returned!.reason,
      refund_reference: "ref_1",
    }
    expect(published.request("POST", "/v1/order/ord_1/refund", withLines)).toEqual([])
    const split = splitAmountByTaxRates("25.00", order.tax_subtotals)
    const byRate = {
      amount: "25.00",
      currency: order.currency,
      tax_subtotals: split.tax_subtotals,
      refund_reference: "ref_2",
    }
    expect(published.request("POST", "/v1/order/ord_1/refund", byRate)).toEqual([])
  })
})
