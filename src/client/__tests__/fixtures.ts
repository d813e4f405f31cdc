import type { CreateOrderInput, OrderIntentInput } from "../orders"
import type { LineItem, Order } from "../../service/schemas/order"

/** A well-formed sandbox key (never a real one). */
export const TEST_KEY = "secret_test_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde"
export const PROD_KEY = "secret_prod_" + "ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-edcba"

/** Two lines at two tax rates that pass the service's arithmetic (contract section 2). */
export function twoLines(): LineItem[] {
  return [
    {
      name: "Steel bracket",
      description: "Galvanised, 40 mm",
      quantity: "2",
      quantity_unit: "pcs",
      unit_price: "100.000000",
      net_amount: "200.00",
      tax_amount: "40.00",
      gross_amount: "240.00",
      discount_amount: "0.00",
      tax_rate: "0.200000",
      tax_class_name: "VAT 20%",
      type: "PHYSICAL",
      line_item_reference: "item_01",
    },
    {
      name: "Shipping",
      description: "Next-day courier",
      quantity: "1",
      quantity_unit: "sc",
      unit_price: "10.000000",
      net_amount: "10.00",
      tax_amount: "0.50",
      gross_amount: "10.50",
      discount_amount: "0.00",
      tax_rate: "0.050000",
      tax_class_name: "VAT 5%",
      type: "SHIPPING_FEE",
      line_item_reference: "ship_01",
    },
  ]
}

export const TOTALS = {
  gross_amount: "250.50",
  net_amount: "210.00",
  tax_amount: "40.50",
  discount_amount: "0.00",
  tax_subtotals: [
    { tax_rate: "0.050000", taxable_amount: "10.00", tax_amount: "0.50" },
    { tax_rate: "0.200000", taxable_amount: "200.00", tax_amount: "40.00" },
  ],
}

export const ADDRESS = {
  organization_name: "Acme Ltd",
  street_address: "1 High Street",
  postal_code: "EC1A 1BB",
  city: "London",
  region: null,
  country: "GB",
}

export const REPRESENTATIVE = {
  email: "jane.buyer@example.com",
  first_name: "Jane",
  last_name: "Buyer",
  phone_number: "+447700900123",
}

export function intentBody(company: OrderIntentInput["buyer"]["company"]): OrderIntentInput {
  return {
    gross_amount: TOTALS.gross_amount,
    currency: "GBP",
    line_items: twoLines(),
    buyer: { company },
  }
}

export function createOrderBody(
  company: CreateOrderInput["buyer"]["company"],
  merchantOrderId: string,
  extra: Partial<CreateOrderInput> = {},
): CreateOrderInput {
  return {
    ...TOTALS,
    currency: "GBP",
    buyer: { company, representative: REPRESENTATIVE },
    line_items: twoLines(),
    billing_address: ADDRESS,
    shipping_address: ADDRESS,
    merchant_order_id: merchantOrderId,
    merchant_reference: `ref-${merchantOrderId}`,
    merchant_urls: { merchant_confirmation_url: "https://shop.example.com/trade-credit/return?cart_id=cart_1" },
    ...extra,
  }
}

/** An order as the service answers it, for the scripted server. */
export function orderAnswer(overrides: Partial<Order> = {}): Order {
  return {
    id: "ord_123",
    merchant_order_id: "cart_1",
    merchant_reference: null,
    state: "UNVERIFIED",
    status: "APPROVED",
    decline_reason: null,
    payment_url: "https://checkout.example.com/verify/ord_123",
    ...TOTALS,
    // Read as the gross and 0.00 when the service leaves them null (issue 36).
    payable_amount: TOTALS.gross_amount,
    invoice_amount: TOTALS.gross_amount,
    prepaid_amount: "0.00",
    currency: "GBP",
    buyer: { company: { company_canonical_id: "GB01234567" }, representative: REPRESENTATIVE },
    line_items: twoLines(),
    billing_address: ADDRESS,
    shipping_address: ADDRESS,
    merchant_urls: { merchant_confirmation_url: "https://shop.example.com/return" },
    tracking_id: null,
    fulfilments: [],
    refunds: [],
    invoice_url: null,
    credit_note_url: null,
    date_created: "2026-11-21T10:00:00Z",
    date_updated: "2026-11-21T10:00:00Z",
    ...overrides,
  }
}
