import { z } from "@medusajs/framework/zod"
import { CountryCode, Currency, Email, Money, PhoneNumber, Quantity, TaxRate, UnitPrice } from "./common"

/** Order interface, version 1.0 (contract section 2). */

export const LINE_ITEM_TYPES = ["PHYSICAL", "DIGITAL", "SHIPPING_FEE", "SERVICE", "GIFTCARD", "OTHER"] as const
export const LineItemType = z.enum(LINE_ITEM_TYPES)

export const LineItem = z.object({
  name: z.string().min(1).max(255),
  description: z.string().max(1000).nullable().optional(),
  quantity: Quantity,
  quantity_unit: z.string().min(1).max(10),
  unit_price: UnitPrice,
  net_amount: Money,
  tax_amount: Money,
  gross_amount: Money,
  discount_amount: Money.default("0.00"),
  tax_rate: TaxRate,
  tax_class_name: z.string().min(1).max(100),
  type: LineItemType,
  line_item_reference: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
  image_url: z.string().url().optional(),
  product_page_url: z.string().url().optional(),
  details: z
    .object({
      brand: z.string().optional(),
      categories: z.array(z.string()).optional(),
      barcodes: z.array(z.object({ type: z.enum(["SKU", "GTIN"]), value: z.string() })).optional(),
      part_number: z.string().optional(),
    })
    .optional(),
})
export type LineItem = z.infer<typeof LineItem>

export const TaxSubtotal = z.object({
  tax_rate: TaxRate,
  taxable_amount: Money,
  tax_amount: Money,
})
export type TaxSubtotal = z.infer<typeof TaxSubtotal>

export const Address = z.object({
  organization_name: z.string().max(255).nullable().optional(),
  street_address: z.string().min(1).max(255),
  postal_code: z.string().min(1).max(20),
  city: z.string().min(1).max(100),
  region: z.string().max(100).nullable().optional(),
  country: CountryCode,
})
export type Address = z.infer<typeof Address>

export const CompanyByCanonicalId = z.object({ company_canonical_id: z.string().min(1).max(100) }).strict()
export const CompanyByNumber = z
  .object({
    company_name: z.string().min(1).max(255),
    country_prefix: CountryCode,
    organization_number: z.string().min(1).max(50),
  })
  .strict()
export const BuyerCompany = z.union([CompanyByCanonicalId, CompanyByNumber])
export type BuyerCompany = z.infer<typeof BuyerCompany>

export const Representative = z.object({
  email: Email,
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  phone_number: PhoneNumber,
})
export type Representative = z.infer<typeof Representative>

export const TradeAccountRef = z.object({ customer_id: z.string().min(1), user_id: z.string().min(1) })

/** The buyer on an order: all four representative fields are required. */
export const Buyer = z.object({
  company: BuyerCompany,
  representative: Representative,
  trade_account: TradeAccountRef.optional(),
})
export type Buyer = z.infer<typeof Buyer>

/** The buyer on an intent: the representative is optional, and may be partial. */
export const IntentBuyer = z.object({
  company: BuyerCompany,
  representative: Representative.partial().optional(),
  trade_account: TradeAccountRef.optional(),
})
export type IntentBuyer = z.infer<typeof IntentBuyer>

export const InvoiceType = z.literal("FUNDED_INVOICE")

export const OrderIntentRequest = z.object({
  gross_amount: Money,
  currency: Currency,
  line_items: z.array(LineItem).min(1),
  buyer: IntentBuyer,
  invoice_type: InvoiceType,
})
export type OrderIntentRequest = z.infer<typeof OrderIntentRequest>

export const OrderIntent = z.object({
  id: z.string(),
  approved: z.boolean(),
  decline_reason: z.string().nullable(),
  tracking_id: z.string(),
  gross_amount: Money,
  currency: Currency,
})
export type OrderIntent = z.infer<typeof OrderIntent>

export const MerchantUrls = z.object({
  merchant_confirmation_url: z.string().url(),
  merchant_cancel_order_url: z.string().url().optional(),
  merchant_order_verification_failed_url: z.string().url().optional(),
})
export type MerchantUrls = z.infer<typeof MerchantUrls>

/** The amounts, lines and addresses shared by create and edit. */
export const OrderContent = z.object({
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  discount_amount: Money,
  currency: Currency,
  invoice_type: InvoiceType,
  line_items: z.array(LineItem).min(1),
  tax_subtotals: z.array(TaxSubtotal),
  billing_address: Address,
  shipping_address: Address,
  merchant_reference: z.string().max(255).optional(),
  buyer_department: z.string().max(255).optional(),
  buyer_project: z.string().max(255).optional(),
  buyer_purchase_order_number: z.string().max(255).optional(),
  order_note: z.string().max(1000).optional(),
  invoice_details: z.object({ invoice_emails: z.array(Email).max(10) }).optional(),
  terms: z.object({ type: z.literal("NET_TERMS"), duration_days: z.number().int().min(1).max(180) }).optional(),
})
export type OrderContent = z.infer<typeof OrderContent>

export const CreateOrderRequest = OrderContent.extend({
  buyer: Buyer,
  merchant_order_id: z.string().min(1).max(100),
  merchant_urls: MerchantUrls,
  tracking_id: z.string().optional(),
})
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>

/** PUT /v1/order/{id}: the create body without buyer, merchant_urls, merchant_order_id and tracking_id. */
export const EditOrderRequest = OrderContent
export type EditOrderRequest = z.infer<typeof EditOrderRequest>

export const ORDER_STATES = [
  "UNVERIFIED",
  "VERIFIED",
  "CONFIRMED",
  "FULFILLING",
  "FULFILLED",
  "REFUNDED",
  "CANCELLED",
] as const
export const OrderState = z.enum(ORDER_STATES)
export type OrderState = z.infer<typeof OrderState>

export const ORDER_STATUSES = ["APPROVED", "REJECTED", "PARTIAL"] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

/** POST /v1/order/{id}/fulfilled with a body: a partial fulfilment. */
export const FulfilRequest = z.object({
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  tax_subtotals: z.array(TaxSubtotal),
  line_items: z.array(LineItem).min(1),
})
export type FulfilRequest = z.infer<typeof FulfilRequest>

export const Fulfilment = z.object({
  id: z.string(),
  gross_amount: Money,
  invoice_number: z.string(),
  invoice_url: z.string().url(),
  line_items: z.array(LineItem),
})
export type Fulfilment = z.infer<typeof Fulfilment>

/** POST /v1/order/{id}/refund with a body: a partial refund. */
export const RefundRequest = z.object({
  amount: Money,
  currency: Currency,
  tax_subtotals: z.array(TaxSubtotal),
  line_items: z.array(LineItem).optional(),
  reason: z.string().max(255).optional(),
  refund_reference: z.string().min(1).max(100).optional(),
})
export type RefundRequest = z.infer<typeof RefundRequest>

export const Refund = z.object({
  id: z.string(),
  amount: Money,
  currency: Currency,
  credit_note_number: z.string(),
  credit_note_url: z.string().url(),
  refund_date: z.string(),
  reason: z.string().nullable(),
  refund_reference: z.string().nullable(),
  line_items: z.array(LineItem).nullable(),
})
export type Refund = z.infer<typeof Refund>

export const Order = z.object({
  id: z.string(),
  merchant_order_id: z.string(),
  merchant_reference: z.string().nullable(),
  state: OrderState,
  status: OrderStatus,
  decline_reason: z.string().nullable(),
  payment_url: z.string().url().nullable(),
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  currency: Currency,
  buyer: Buyer,
  line_items: z.array(LineItem),
  tax_subtotals: z.array(TaxSubtotal),
  billing_address: Address,
  shipping_address: Address,
  merchant_urls: MerchantUrls,
  tracking_id: z.string().nullable(),
  fulfilments: z.array(Fulfilment),
  refunds: z.array(Refund),
  invoice_url: z.string().url().nullable(),
  credit_note_url: z.string().url().nullable(),
  date_created: z.string(),
  date_updated: z.string(),
})
export type Order = z.infer<typeof Order>

export const OrderList = z.array(Order)

export const DECLINE_REASONS = [
  "BUYER_LIMIT_EXCEEDED",
  "TOO_HIGH_RISK",
  "BUYER_NOT_FOUND",
  "ORDER_BELOW_MIN_INVOICE_AMOUNT",
  "ORDER_EXCEEDS_MAX_INVOICE_AMOUNT",
  "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
  "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
] as const
