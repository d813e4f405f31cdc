/**
 * The data the conformance run sends: a UK buyer paying in GBP at VAT 20%, written from the contract
 * (../shared/service/contract.md, as corrected in its section 8), never from the client's or the simulator's schemas.
 * Amounts are exact decimal strings that pass the service's arithmetic.
 */

export const REPRESENTATIVE = {
  email: "olivia.bennett@acme-industrial.example",
  first_name: "Olivia",
  last_name: "Bennett",
  phone_number: "+447700900123",
}

export const ORDER_ADDRESS = {
  organization_name: "Acme Industrial Supplies Ltd",
  street_address: "14 Canal Wharf",
  postal_code: "LS11 5PS",
  city: "Leeds",
  region: "West Yorkshire",
  country: "GB",
}

/** Repayment (section 3) and its published `Address` / `ShippingAddress`. */
export const REPAY_ADDRESS = {
  address_line_1: "14 Canal Wharf",
  address_line_2: "Holbeck",
  city: "Leeds",
  region: "West Yorkshire",
  postal_code: "LS11 5PS",
  country_code: "GB",
}

const VAT = { tax_rate: "0.200000", tax_class_name: "VAT 20%" }

/** A section 2 line item: net = quantity x unit price, tax = net x 20%, gross = net + tax. */
function line({ name, description, quantity, unitPrice, net, tax, gross, type = "PHYSICAL", unit = "pcs", reference, details }) {
  return {
    name,
    description,
    quantity,
    quantity_unit: unit,
    unit_price: unitPrice,
    net_amount: net,
    tax_amount: tax,
    gross_amount: gross,
    discount_amount: "0.00",
    ...VAT,
    type,
    line_item_reference: reference,
    ...(details ? { details } : {}),
  }
}

export const CHAIRS = line({
  name: "Ergonomic office chair",
  description: "Mesh back, adjustable lumbar support, black",
  quantity: "2",
  unitPrice: "150.000000",
  net: "300.00",
  tax: "60.00",
  gross: "360.00",
  reference: "item_chair_01",
  details: {
    brand: "Northdesk",
    categories: ["Office furniture", "Seating"],
    barcodes: [{ type: "SKU", value: "ND-CHAIR-MESH-BLK" }],
    part_number: "NDC-220",
  },
})

export const ONE_CHAIR = { ...CHAIRS, quantity: "1", net_amount: "150.00", tax_amount: "30.00", gross_amount: "180.00" }

export const DESK = line({
  name: "Standing desk",
  description: "Electric sit-stand desk, 160 x 80 cm, oak top",
  quantity: "1",
  unitPrice: "400.000000",
  net: "400.00",
  tax: "80.00",
  gross: "480.00",
  reference: "item_desk_01",
})

export const TRAY = line({
  name: "Cable management tray",
  description: "Under-desk steel tray, white",
  quantity: "1",
  unitPrice: "25.000000",
  net: "25.00",
  tax: "5.00",
  gross: "30.00",
  reference: "item_tray_01",
})

export const SHIPPING = line({
  name: "Standard delivery",
  description: "Next working day delivery, UK mainland",
  quantity: "1",
  unitPrice: "12.500000",
  net: "12.50",
  tax: "2.50",
  gross: "15.00",
  type: "SHIPPING_FEE",
  unit: "sc",
  reference: "ship_01",
})

function totals(lines) {
  const cents = (field) => lines.reduce((sum, l) => sum + Math.round(Number(l[field]) * 100), 0)
  const money = (c) => (c / 100).toFixed(2)
  const net = cents("net_amount")
  const tax = cents("tax_amount")
  return {
    gross_amount: money(cents("gross_amount")),
    net_amount: money(net),
    tax_amount: money(tax),
    discount_amount: "0.00",
    tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: money(net), tax_amount: money(tax) }],
  }
}

export const ORDER_LINES = [CHAIRS, DESK, SHIPPING]
export const EDITED_LINES = [CHAIRS, DESK, TRAY, SHIPPING]

export function intentBody(companyCanonicalId) {
  return structuredClone({
    gross_amount: totals(ORDER_LINES).gross_amount,
    currency: "GBP",
    line_items: ORDER_LINES,
    buyer: { company: { company_canonical_id: companyCanonicalId }, representative: REPRESENTATIVE },
    invoice_type: "FUNDED_INVOICE",
  })
}

/** The intent with the company's long form and no representative (both allowed on the intent). */
export function intentBodyLongForm() {
  return structuredClone({
    gross_amount: totals(ORDER_LINES).gross_amount,
    currency: "GBP",
    line_items: ORDER_LINES,
    buyer: { company: { country_prefix: "GB", organization_number: "08123456", company_name: "ACME INDUSTRIAL SUPPLIES LTD" } },
  })
}

export function createOrderBody(companyCanonicalId, merchantOrderId, trackingId) {
  return structuredClone({
    ...totals(ORDER_LINES),
    currency: "GBP",
    buyer: { company: { company_canonical_id: companyCanonicalId }, representative: REPRESENTATIVE },
    line_items: ORDER_LINES,
    billing_address: ORDER_ADDRESS,
    shipping_address: ORDER_ADDRESS,
    merchant_order_id: merchantOrderId,
    merchant_reference: `Cart ${merchantOrderId}`,
    merchant_urls: {
      merchant_confirmation_url: `https://shop.example.co.uk/trade-credit/return?cart_id=${merchantOrderId}`,
      merchant_cancel_order_url: `https://shop.example.co.uk/checkout?cart_id=${merchantOrderId}`,
      merchant_order_verification_failed_url: `https://shop.example.co.uk/checkout?cart_id=${merchantOrderId}&failed=1`,
    },
    ...(trackingId ? { tracking_id: trackingId } : {}),
    buyer_purchase_order_number: "PO-44721",
    order_note: "Deliver to goods-in, rear entrance",
    invoice_details: { invoice_emails: ["accounts@acme-industrial.example"] },
    terms: { type: "NET_TERMS", duration_days: 30 },
  })
}

export function editOrderBody(merchantOrderId) {
  return structuredClone({
    ...totals(EDITED_LINES),
    currency: "GBP",
    line_items: EDITED_LINES,
    billing_address: ORDER_ADDRESS,
    shipping_address: ORDER_ADDRESS,
    merchant_order_id: merchantOrderId,
    merchant_reference: `Cart ${merchantOrderId} (edited)`,
  })
}

/** Fulfils the chairs only (the contract's partial body, nested under `partial`). */
export function partialFulfilBody() {
  const t = totals([CHAIRS])
  return {
    partial: { ...t, line_items: [structuredClone(CHAIRS)] },
    invoice_number: "ACME-INV-1001",
    invoice_issue_date: new Date().toISOString().slice(0, 10),
  }
}

export function partialRefundBody() {
  const t = totals([ONE_CHAIR])
  return {
    amount: t.gross_amount,
    currency: "GBP",
    tax_subtotals: t.tax_subtotals,
    line_items: [ONE_CHAIR],
    reason: "One chair arrived damaged",
    refund_reference: "RMA-1001",
  }
}

export const FULL_REFUND_BODY = { reason: "Goods returned", refund_reference: "RMA-1002" }

// Repayment (section 3).

export function accountBody(suffix) {
  return structuredClone({
    buyer_company: {
      trade_name: "Acme-Industrial",
      official_address: REPAY_ADDRESS,
      country_code: "GB",
      national_identifier: "08123456",
    },
    billing_address: REPAY_ADDRESS,
    invoice_email: "accounts@acme-industrial.example",
    invoice_cc_emails: ["finance@acme-industrial.example"],
    account_representative: REPRESENTATIVE,
    due_in_days: 14,
    merchant_account_reference: `acct-${suffix}`,
  })
}

export function accountUpdateBody() {
  return structuredClone({
    buyer_company: { trade_name: "Acme-Industrial-Supplies", official_address: REPAY_ADDRESS },
    billing_address: REPAY_ADDRESS,
    invoice_email: "ap@acme-industrial.example",
    account_representative: REPRESENTATIVE,
  })
}

export const CREDIT_CHECK_BODY = {
  country_code: "GB",
  national_identifier: "08123456",
  company_name: "ACME INDUSTRIAL SUPPLIES LTD",
  amount: "3600.00",
  currency: "GBP",
  instalment_period: "MONTHLY",
}

const PLAN_TAX = [{ tax_rate: "0.200000", taxable_amount: "3000.00", tax_amount: "600.00" }]

export const PREVIEW_BODY = {
  total_repayment_amount: "3600.00",
  tax_subtotals: PLAN_TAX,
  terms: { period: "MONTHLY", number_of_periods: 6 },
}

export function planBody(accountId, reference) {
  return structuredClone({
    reference,
    description: "Office fit-out in 6 monthly instalments",
    account_id: accountId,
    total_repayment_amount: "3600.00",
    currency: "GBP",
    tax_subtotals: PLAN_TAX,
    consent_date: new Date().toISOString().slice(0, 10),
    line_items: [
      {
        name: "Standing desk",
        description: "Electric sit-stand desk, 160 x 80 cm, oak top",
        product_identifiers: [{ value: "ND-DESK-OAK-160", identifier_type: "SKU" }],
        unit_price_amount: "500.00",
        unit_discount_amount: "0.00",
        ...VAT,
        quantity: "6",
        quantity_unit_name: "pcs",
        line_item_type: "PHYSICAL",
      },
    ],
    buyer_representative: REPRESENTATIVE,
    shipping_address: REPAY_ADDRESS,
    terms: { period: "MONTHLY", number_of_periods: 6 },
  })
}

// Trade accounts (section 4).

export function customerBody(suffix) {
  return structuredClone({
    merchant_customer_id: `cus_${suffix}`,
    country_code: "GB",
    organization_number: "08123456",
    trade_name: "Acme Industrial",
    contact_persons: [REPRESENTATIVE],
    invoice_email_addresses: ["accounts@acme-industrial.example"],
    invoice_billing_address: { street_address: "14 Canal Wharf", city: "Leeds", postal_code: "LS11 5PS", country: "GB" },
    use_billing_address_for_shipping: true,
  })
}

export function userBody(suffix) {
  return structuredClone({
    merchant_user_id: `usr_${suffix}`,
    email: "olivia.bennett@acme-industrial.example",
    first_name: "Olivia",
    last_name: "Bennett",
    phone_number: "+447700900123",
  })
}

// Registration and autofill (section 5).

export function proposalBody(tradingName, email) {
  return structuredClone({
    proposed_business: {
      business_type: "SOLE_TRADER",
      country_code: "GB",
      trading_name: tradingName,
      email,
      phone: "+447700900456",
      website: "https://hollowayjoinery.example.co.uk",
      business_address: {
        building: "Unit 3",
        street: "Mill Lane",
        postal_code: "YO1 7HH",
        city: "York",
        country_code: "GB",
      },
      proprietor_details: {
        first_name: "Samuel",
        last_name: "Holloway",
        date_of_birth: "1984-03-17",
        email,
        phone: "+447700900456",
        address_history: [
          { building: "22", street: "Bootham", postal_code: "YO30 7BW", city: "York", country_code: "GB", date_from: "2015-06-01" },
        ],
      },
    },
  })
}

export const AUTOFILL_BUYER = {
  persistent: true,
  company_name: "ACME INDUSTRIAL SUPPLIES LTD",
  country_code: "GB",
  organization_number: "08123456",
  first_name: "Olivia",
  last_name: "Bennett",
  email: "olivia.bennett@acme-industrial.example",
  phone_number: "+447700900123",
  billing_address: {
    organization_name: "Acme Industrial Supplies Ltd",
    building: "14",
    street: "Canal Wharf",
    postal_code: "LS11 5PS",
    city: "Leeds",
    region: "West Yorkshire",
    country: "GB",
  },
}

/** The smallest well-formed PDF, as evidence. */
export const EVIDENCE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
)
