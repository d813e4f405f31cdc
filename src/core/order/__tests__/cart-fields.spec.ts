import { CART_FIELDS, ORDER_FIELDS } from "../cart-fields"
import { medusaCart } from "./fixtures/medusa-cart"

/**
 * Every field the builder asks Query for exists in Medusa 2.21.2: as a
 * property of the module's data model (or of the linked module's), or as a
 * total that Medusa's own decorateCartTotals sets on the cart, its items or
 * its shipping methods.
 */

/* eslint-disable @typescript-eslint/no-require-imports -- Medusa's models by their dist paths (not exported) */
const cartModels = require("@medusajs/cart/dist/models")
const orderModels = require("@medusajs/order/dist/models")
const { Region } = require("@medusajs/region/dist/models")
const { Customer } = require("@medusajs/customer/dist/models")
/* eslint-enable @typescript-eslint/no-require-imports */

const keys = (model: { schema: Record<string, unknown> }) => Object.keys(model.schema)

// What decorateCartTotals sets, read from a cart it decorated (items, shipping methods, promotions, credit).
const decorated = medusaCart({
  items: [{ id: "cali_1", quantity: 1, unit_price: "10", tax_lines: [{ rate: 20 }] }],
  shipping_methods: [{ id: "casm_1", amount: "5", tax_lines: [{ rate: 20 }] }],
  promotions: [{ code: "P", type: "percentage", value: 10, target: "items" }],
})
const computed = {
  cart: Object.keys(decorated),
  item: Object.keys(decorated.items[0]),
  shipping: Object.keys(decorated.shipping_methods[0]),
}

function expectKnown(fields: string[], known: Record<string, string[]>) {
  const unknown = fields.filter((field) => {
    const parts = field.split(".")
    const name = parts.pop()!
    const owner = parts.join(".") || "."
    return !known[owner] || !known[owner].includes(name)
  })
  expect(unknown).toEqual([])
}

describe("the Query fields exist in Medusa 2.21.2", () => {
  it("CART_FIELDS", () => {
    expectKnown(CART_FIELDS, {
      ".": [...keys(cartModels.Cart), ...computed.cart],
      items: [...keys(cartModels.LineItem), ...computed.item],
      "items.tax_lines": keys(cartModels.LineItemTaxLine),
      "items.adjustments": keys(cartModels.LineItemAdjustment),
      shipping_methods: [...keys(cartModels.ShippingMethod), ...computed.shipping],
      "shipping_methods.tax_lines": keys(cartModels.ShippingMethodTaxLine),
      "shipping_methods.adjustments": keys(cartModels.ShippingMethodAdjustment),
      credit_lines: keys(cartModels.CreditLine),
      shipping_address: keys(cartModels.Address),
      billing_address: keys(cartModels.Address),
      region: keys(Region),
      customer: keys(Customer),
    })
    // the top-level total makes the cart module decorate the cart with its totals
    expect(CART_FIELDS).toContain("total")
  })

  it("ORDER_FIELDS", () => {
    expectKnown(ORDER_FIELDS, {
      ".": [...keys(orderModels.Order), ...computed.cart],
      // an order's item is its line item merged with its OrderItem (quantity; detail)
      items: [...keys(orderModels.OrderLineItem), "quantity", "detail", ...computed.item],
      "items.detail": keys(orderModels.OrderItem),
      "items.tax_lines": keys(orderModels.OrderLineItemTaxLine),
      "items.adjustments": keys(orderModels.OrderLineItemAdjustment),
      shipping_methods: [...keys(orderModels.OrderShippingMethod), ...computed.shipping],
      "shipping_methods.tax_lines": keys(orderModels.OrderShippingMethodTaxLine),
      "shipping_methods.adjustments": keys(orderModels.OrderShippingMethodAdjustment),
      credit_lines: keys(orderModels.OrderCreditLine),
      shipping_address: keys(orderModels.OrderAddress),
      billing_address: keys(orderModels.OrderAddress),
      customer: keys(Customer),
    })
  })

  it("asks for each line's discount excluding tax, which Medusa computes but does not declare", () => {
    expect(CART_FIELDS).toEqual(
      expect.arrayContaining(["items.discount_subtotal", "shipping_methods.discount_subtotal"]),
    )
    expect(computed.item).toContain("discount_subtotal")
  })
})
