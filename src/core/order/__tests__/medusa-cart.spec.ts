import BigNumber from "bignumber.js"
import { MedusaCart, parseMedusaCart } from "../medusa-cart"
import { GB_ADDRESS, medusaCart, medusaCartJson, type CartSpec } from "./fixtures/medusa-cart"

const SPEC: CartSpec = {
  id: "cart_1",
  currency_code: "gbp",
  email: "ada@acme.example",
  items: [
    {
      id: "item_1",
      title: "Copier paper",
      variant_title: "A4",
      quantity: 3,
      unit_price: "19.9999",
      tax_lines: [{ rate: 20, description: "VAT" }],
    },
    {
      id: "item_2",
      title: "Toner",
      quantity: 1,
      unit_price: "12.3456789",
      is_tax_inclusive: true,
      tax_lines: [{ rate: 20 }],
    },
  ],
  shipping_methods: [{ id: "sm_1", name: "Pallet", amount: "12.50", tax_lines: [{ rate: 20 }] }],
  promotions: [{ code: "TEN", type: "percentage", value: 10, target: "items" }],
  billing_address: GB_ADDRESS,
  shipping_address: GB_ADDRESS,
  customer: {
    id: "cus_1",
    email: "ada@acme.example",
    first_name: "Ada",
    last_name: "Lovelace",
    phone: null,
    company_name: "Acme",
  },
}

/** Every bignumber.js value as its exact decimal text, so two parses compare by value. */
const plain = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, v) => (v instanceof BigNumber ? `#${v.toFixed()}` : v)))

describe("parseMedusaCart", () => {
  it.each([
    ["as Query returns it (Medusa's BigNumber with raw_* siblings)", () => medusaCart(SPEC)],
    ["as JSON (numbers and raw_* objects)", () => medusaCartJson(SPEC)],
  ])("reads a cart %s as the zod schema reads it", (_name, make) => {
    const parsed = parseMedusaCart(make())
    // The schema accepts what the guard gives, and gives it back unchanged: the guard is the schema, inline.
    expect(plain(MedusaCart.parse(parsed))).toEqual(plain(parsed))
    // Only the fields the schema lists are kept; amounts prefer their raw_* value (full precision).
    expect(Object.keys(parsed.items![0])).not.toContain("raw_unit_price")
    expect(parsed.items![1].unit_price.toFixed()).toBe("12.3456789")
    expect(parsed.items![0].tax_lines![0].rate.toFixed()).toBe("20")
    expect(parsed.billing_address).toEqual(
      expect.objectContaining({ company: "Acme Ltd", country_code: GB_ADDRESS.country_code }),
    )
    expect(parsed.customer).toEqual(SPEC.customer)
  })

  it("keeps null and leaves absent fields out, as zod does", () => {
    const cart = medusaCartJson({ ...SPEC, email: null, shipping_address: null })
    delete cart.customer
    const parsed = parseMedusaCart(cart)
    expect(parsed.email).toBeNull()
    expect(parsed.shipping_address).toBeNull()
    expect("customer" in parsed).toBe(false)
  })

  it.each([
    ["items[0].quantity", (cart: any) => (cart.items[0].quantity = "three"), "expected a number"],
    [
      "items[0].unit_price",
      (cart: any) => (delete cart.items[0].unit_price, delete cart.items[0].raw_unit_price),
      "expected a number",
    ],
    ["items[1].id", (cart: any) => (cart.items[1].id = ""), "expected an id"],
    ["items[0].title", (cart: any) => (cart.items[0].title = 42), "expected text"],
    ["items[0].requires_shipping", (cart: any) => (cart.items[0].requires_shipping = "yes"), "expected true or false"],
    ["items[0].tax_lines[0].rate", (cart: any) => (cart.items[0].tax_lines[0].rate = {}), "expected a number"],
    ["shipping_methods[0]", (cart: any) => (cart.shipping_methods[0] = "pallet"), "expected an object"],
    ["items", (cart: any) => (cart.items = { 0: cart.items[0] }), "expected a list"],
    ["currency_code", (cart: any) => (cart.currency_code = "pounds"), "expected an ISO 4217"],
    ["billing_address.city", (cart: any) => (cart.billing_address.city = 7), "expected text"],
    ["customer.email", (cart: any) => (cart.customer.email = 7), ""],
  ])("refuses a cart whose %s is wrong, naming the field", (path, spoil, message) => {
    const cart = medusaCartJson(SPEC)
    spoil(cart)
    let error: any
    try {
      parseMedusaCart(cart)
    } catch (e) {
      error = e
    }
    expect(error).toEqual(expect.objectContaining({ code: "INVALID_CART", path }))
    expect(error.message).toContain(`${path}: ${message}`)
  })

  it("refuses what is no object at all", () => {
    expect(() => parseMedusaCart(null as any)).toThrow(expect.objectContaining({ code: "INVALID_CART", path: "" }))
  })
})
