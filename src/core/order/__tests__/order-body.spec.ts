import { checkOrderAmounts } from "../../../service/order-arithmetic"
import { CreateOrderRequest, EditOrderRequest, OrderIntentRequest } from "../../../service/schemas"
import { orderAddressesOf, toServiceAddress } from "../addresses"
import { buildBuyer } from "../buyer"
import { buildCreateOrderBody, buildEditBody, buildIntentBody, orderExtrasOf } from "../order-body"
import { parseSessionInput } from "../session-input"
import { GB_ADDRESS, medusaCart, type CartSpec } from "./fixtures/medusa-cart"

const spec: CartSpec = {
  id: "cart_01ABC",
  currency_code: "gbp",
  items: [
    {
      id: "cali_01",
      title: "Paper A4",
      variant_title: "500 sheets",
      quantity: 4,
      unit_price: "4.99",
      tax_lines: [{ rate: 20, description: "VAT" }],
      variant_sku: "PAP-A4",
    },
  ],
  shipping_methods: [
    { id: "casm_01", name: "Next day", amount: "6.50", tax_lines: [{ rate: 20, description: "VAT" }] },
  ],
}

const session = parseSessionInput({
  company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
  representative: { phone_number: "07911 123456" },
  purchase_order_number: "PO-7",
  invoice_emails: ["ap@acme.example"],
})

describe("order bodies", () => {
  it("POST /v1/order: the whole body", () => {
    const cart = medusaCart(spec)
    const body = buildCreateOrderBody({
      cart,
      buyer: buildBuyer(session, cart),
      merchantOrderId: "payses_01",
      merchantReference: cart.id,
      trackingId: "trk_1",
      urls: { merchant_confirmation_url: "https://shop.example/checkout/return?cart_id=cart_01ABC" },
      extras: orderExtrasOf(session, 30),
    })
    expect(body).toEqual({
      gross_amount: "31.75",
      net_amount: "26.46",
      tax_amount: "5.29",
      discount_amount: "0.00",
      currency: "GBP",
      line_items: [
        {
          name: "Paper A4 (500 sheets)",
          description: "Paper A4 — 500 sheets",
          quantity: "4",
          quantity_unit: "pcs",
          unit_price: "4.990000",
          net_amount: "19.96",
          tax_amount: "3.99",
          gross_amount: "23.95",
          discount_amount: "0.00",
          tax_rate: "0.200000",
          tax_class_name: "VAT 20%",
          type: "PHYSICAL",
          line_item_reference: "cali_01",
          details: { categories: [], barcodes: [{ type: "SKU", value: "PAP-A4" }], part_number: "PAP-A4" },
        },
        {
          name: "Next day",
          description: "Shipping: Next day",
          quantity: "1",
          quantity_unit: "sc",
          unit_price: "6.500000",
          net_amount: "6.50",
          tax_amount: "1.30",
          gross_amount: "7.80",
          discount_amount: "0.00",
          tax_rate: "0.200000",
          tax_class_name: "VAT 20%",
          type: "SHIPPING_FEE",
          line_item_reference: "casm_01",
        },
      ],
      tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "26.46", tax_amount: "5.29" }],
      billing_address: {
        organization_name: "Acme Ltd",
        street_address: "1 King Street, Floor 2",
        postal_code: "EC2V 8AU",
        city: "London",
        region: "Greater London",
        country: "GB",
      },
      shipping_address: {
        organization_name: "Acme Ltd",
        street_address: "1 King Street, Floor 2",
        postal_code: "EC2V 8AU",
        city: "London",
        region: "Greater London",
        country: "GB",
      },
      merchant_reference: "cart_01ABC",
      buyer_purchase_order_number: "PO-7",
      invoice_details: { invoice_emails: ["ap@acme.example"] },
      terms: { type: "NET_TERMS", duration_days: 30 },
      buyer: {
        company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
        representative: {
          email: "ada@acme.example",
          first_name: "Ada",
          last_name: "Lovelace",
          phone_number: "+447911123456",
        },
      },
      merchant_order_id: "payses_01",
      merchant_urls: { merchant_confirmation_url: "https://shop.example/checkout/return?cart_id=cart_01ABC" },
      tracking_id: "trk_1",
    })
    expect(CreateOrderRequest.strict().parse(body)).toEqual(body)
    expect(checkOrderAmounts(body)).toEqual({ ok: true })
    // no undefined fields: the body's digest (idempotency key) is stable
    expect(JSON.parse(JSON.stringify(body))).toEqual(body)
  })

  it("POST /v1/order_intent: amount, lines and the buyer known so far", () => {
    const cart = medusaCart(spec)
    const buyer = buildBuyer({ company: { company_canonical_id: "cmp1" } }, cart, { representativeRequired: false })
    const body = buildIntentBody(cart, buyer)
    expect(body).toEqual({
      gross_amount: "31.75",
      currency: "GBP",
      line_items: buildCreateOrderBody({
        cart,
        buyer: buildBuyer(session, cart),
        merchantOrderId: "x",
        urls: { merchant_confirmation_url: "https://shop.example/" },
      }).line_items,
      buyer: {
        company: { company_canonical_id: "cmp1" },
        representative: {
          email: "ada@acme.example",
          first_name: "Ada",
          last_name: "Lovelace",
          phone_number: "+442079460958",
        },
      },
      invoice_type: "FUNDED_INVOICE",
    })
    OrderIntentRequest.strict().parse(body)
  })

  it(
    "PUT /v1/order/{id}: the create body without buyer, urls, merchant order " + "id and tracking id, from an order",
    () => {
      // An order as the order module returns it: its items carry `detail` (OrderItem) and returned quantities.
      const order = medusaCart({ ...spec, id: "order_01" })
      order.display_id = 1042
      for (const item of order.items)
        item.detail = { quantity: item.quantity, return_received_quantity: 0, return_dismissed_quantity: 0 }
      const body = buildEditBody(order, {
        merchantReference: "#1042",
        extras: { order_note: "Edited", buyer_project: undefined },
      })
      expect(Object.keys(body).sort()).toEqual(
        [
          "gross_amount",
          "net_amount",
          "tax_amount",
          "discount_amount",
          "currency",
          "line_items",
          "tax_subtotals",
          "billing_address",
          "shipping_address",
          "merchant_reference",
          "order_note",
        ].sort(),
      )
      expect(body).toMatchObject({ gross_amount: "31.75", merchant_reference: "#1042", order_note: "Edited" })
      EditOrderRequest.strict().parse(body)
    },
  )

  it("a cart without shipping uses the billing address for both", () => {
    const cart = medusaCart({ ...spec, shipping_methods: [], shipping_address: null })
    const body = buildCreateOrderBody({
      cart,
      buyer: buildBuyer(session, cart),
      merchantOrderId: "payses_02",
      urls: { merchant_confirmation_url: "https://shop.example/" },
    })
    expect(body.shipping_address).toEqual(body.billing_address)
    expect(body).not.toHaveProperty("tracking_id")
    expect(body).not.toHaveProperty("merchant_reference")
  })
})

describe("addresses", () => {
  it("maps Medusa's address to the service's", () => {
    expect(
      toServiceAddress(
        {
          ...GB_ADDRESS,
          company: "  ",
          address_2: null,
          province: null,
          country_code: "de",
          city: " Berlin ",
          postal_code: "10115",
        },
        "billing_address",
      ),
    ).toEqual({
      street_address: "1 King Street",
      postal_code: "10115",
      city: "Berlin",
      country: "DE",
      organization_name: "Ada Lovelace",
    })
  })

  it(
    "always names the organisation (required): the address's company, else " + "the other address's or the customer's",
    () => {
      const noCompany = { ...GB_ADDRESS, company: null }
      const both = orderAddressesOf({ billing_address: noCompany, shipping_address: GB_ADDRESS })
      expect([both.billing_address.organization_name, both.shipping_address.organization_name]).toEqual([
        "Acme Ltd",
        "Acme Ltd",
      ])
      const byCustomer = orderAddressesOf({
        billing_address: noCompany,
        shipping_address: null,
        customer: { company_name: "Acme Holdings" } as never,
      })
      expect(byCustomer.billing_address.organization_name).toBe("Acme Holdings")
      expect(() => toServiceAddress({ ...noCompany, first_name: null, last_name: null }, "billing_address")).toThrow(
        expect.objectContaining({ code: "ADDRESS_INCOMPLETE", path: "billing_address.company" }),
      )
    },
  )

  it("names what is missing", () => {
    expect(() => toServiceAddress({ ...GB_ADDRESS, postal_code: "", city: null }, "shipping_address")).toThrow(
      expect.objectContaining({
        code: "ADDRESS_INCOMPLETE",
        path: "shipping_address.postal_code",
        message: "The shipping address lacks postal_code, city, which trade credit needs",
      }),
    )
    expect(() => toServiceAddress({ ...GB_ADDRESS, country_code: "Great Britain" }, "billing_address")).toThrow(
      expect.objectContaining({ code: "ADDRESS_INCOMPLETE", path: "billing_address.country_code" }),
    )
    expect(() => orderAddressesOf({ billing_address: null, shipping_address: { first_name: "A" } })).toThrow(
      expect.objectContaining({ code: "ADDRESS_INCOMPLETE", path: "billing_address" }),
    )
  })

  it(
    "takes the lines it built as they are, and they pass the full wire schema " + "whatever the items' texts and links",
    () => {
      const long = "Very long product title ".repeat(60)
      const cart = medusaCart({
        ...spec,
        items: [
          {
            ...spec.items[0],
            id: "cali_long",
            title: `  ${long}\n\t`,
            variant_title: "x".repeat(400),
            thumbnail: "https://cdn.example/é ü.png?x=1#y",
          },
          {
            ...spec.items[0],
            id: "cali js",
            title: "\u00a0Toner\u2028",
            thumbnail: "javascript:alert(1)",
            product_handle: "toner / black",
            variant_sku: "SKU ".repeat(80),
          },
          {
            ...spec.items[0],
            id: "cali_rel",
            title: "",
            variant_title: "Default Variant",
            thumbnail: "/relative.png",
            variant_barcode: "4006381333931",
          },
        ],
      })
      const body = buildCreateOrderBody({
        cart,
        buyer: buildBuyer(session, cart),
        merchantOrderId: "payses_01",
        merchantReference: cart.id,
        urls: { merchant_confirmation_url: "https://shop.example/return" },
        options: { productUrlTemplate: "https://shop.example/products/{handle}" },
      })
      // What the body's validation took as built, the full schema accepts unchanged.
      expect(CreateOrderRequest.parse(JSON.parse(JSON.stringify(body))).line_items).toEqual(
        JSON.parse(JSON.stringify(body.line_items)),
      )
      expect(Object.isFrozen(body.line_items[0])).toBe(true)
      expect(body.line_items[0].name.length).toBeLessThanOrEqual(255)
      expect(body.line_items[1].image_url).toBeUndefined()
      expect(body.line_items[1]).not.toHaveProperty("line_item_reference")
      expect(body.line_items[2].name.length).toBeGreaterThan(0)
    },
  )
})
