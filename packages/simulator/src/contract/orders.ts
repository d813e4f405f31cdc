import { z } from "zod"
import {
  CanonicalId,
  CountryCode,
  Currency,
  Email,
  IsoDate,
  Money,
  PhoneNumber,
  Quantity,
  TaxRate,
  Text,
  UnitPrice,
} from "./common"

/**
 * The order interface, version 1.0 (contract.md section 2 with its section 8 corrections), as the simulator reads
 * it. Written from the contract alone: where a field is required here, the service refuses a body without it.
 */

export const LINE_ITEM_TYPES = [
  "PHYSICAL",
  "DIGITAL",
  "SHIPPING_FEE",
  "SERVICE",
  "GIFTCARD",
  "BUYER_FEE",
  "OTHER",
] as const

const LineItemDetails = z.object({
  brand: z.string().optional(),
  // Required once `details` is sent (ProductDetailsSchema).
  categories: z.array(z.string()),
  barcodes: z.array(z.object({ type: z.string().min(1), value: z.string().min(1) })).optional(),
  part_number: z.string().optional(),
})

export const LineItem = z.object({
  name: Text(255),
  description: Text(1000),
  quantity: Quantity,
  quantity_unit: Text(10),
  unit_price: UnitPrice,
  net_amount: Money,
  tax_amount: Money,
  gross_amount: Money,
  discount_amount: Money.optional(),
  tax_rate: TaxRate,
  tax_class_name: Text(100),
  type: z.enum(LINE_ITEM_TYPES),
  line_item_reference: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 of [A-Za-z0-9_-]")
    .optional(),
  image_url: z.string().url().optional(),
  product_page_url: z.string().url().optional(),
  details: LineItemDetails.optional(),
})
export type LineItem = z.infer<typeof LineItem>

export const TaxSubtotal = z.object({ tax_rate: TaxRate, taxable_amount: Money, tax_amount: Money })
export type TaxSubtotal = z.infer<typeof TaxSubtotal>

/** An address of a create or edit body (CreateAddressRequestSchema). */
export const Address = z.object({
  organization_name: Text(255),
  street_address: Text(255),
  postal_code: Text(20),
  city: Text(100),
  region: z.string().max(100).nullable().optional(),
  country: CountryCode,
})
export type Address = z.infer<typeof Address>

/** `buyer.company`: the canonical id alone, or the country and number (name optional). Nothing else. */
export const BuyerCompany = z.union([
  z.object({ company_canonical_id: CanonicalId }).strict(),
  z.object({ country_prefix: CountryCode, organization_number: Text(50), company_name: Text(255).optional() }).strict(),
])
export type BuyerCompany = z.infer<typeof BuyerCompany>

/** The representative on an order: all four fields. */
export const Representative = z.object({
  email: Email,
  first_name: Text(100),
  last_name: Text(100),
  phone_number: PhoneNumber,
})

/** The representative on an intent, when sent (LaxRepresentativeSchema): email may be left out. */
export const LaxRepresentative = Representative.extend({ email: Email.optional() })

const TradeAccountRef = z.object({ customer_id: Text(100), user_id: Text(100) })

export const OrderIntentRequest = z.object({
  gross_amount: Money,
  currency: Currency,
  line_items: z.array(LineItem).min(1),
  buyer: z.object({
    company: BuyerCompany,
    representative: LaxRepresentative.optional(),
    trade_account: TradeAccountRef.optional(),
  }),
  invoice_type: z.literal("FUNDED_INVOICE").optional(),
})
export type OrderIntentRequest = z.infer<typeof OrderIntentRequest>

export const ORDER_CURRENCIES = [
  "CHF",
  "CZK",
  "DKK",
  "EUR",
  "GBP",
  "INR",
  "MXN",
  "NOK",
  "PLN",
  "RON",
  "SEK",
  "USD",
] as const

const MerchantUrls = z.object({
  merchant_confirmation_url: z.string().url(),
  merchant_cancel_order_url: z.string().url().optional(),
  merchant_order_verification_failed_url: z.string().url().optional(),
})

const MerchantOrderId = Text(100)

/**
 * What create and edit share. Strict: `invoice_type` (and anything else not listed) is not part of these bodies
 * (section 8), so a client still sending it is told so instead of passing here and failing at the service.
 */
const OrderContent = z.object({
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  discount_amount: Money,
  currency: z.enum(ORDER_CURRENCIES),
  line_items: z.array(LineItem).min(1),
  tax_subtotals: z.array(TaxSubtotal),
  billing_address: Address,
  merchant_reference: z.string().max(255).optional(),
  buyer_department: z.string().max(255).optional(),
  buyer_project: z.string().max(255).optional(),
  buyer_purchase_order_number: z.string().max(255).optional(),
  order_note: z.string().max(1000).optional(),
  invoice_details: z.object({ invoice_emails: z.array(Email).max(10) }).optional(),
  terms: z.object({ type: z.literal("NET_TERMS"), duration_days: z.number().int().min(1).max(180) }).optional(),
})

export const CreateOrderRequest = OrderContent.extend({
  shipping_address: Address.optional(),
  buyer: z.object({ company: BuyerCompany, representative: Representative, trade_account: TradeAccountRef.optional() }),
  merchant_order_id: MerchantOrderId,
  merchant_urls: MerchantUrls,
  tracking_id: z.string().min(1).optional(),
}).strict()
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>

/** PUT /v1/order/{id}: both addresses required; `merchant_order_id` may be sent and replaces the order's. */
export const EditOrderRequest = OrderContent.extend({
  shipping_address: Address,
  merchant_order_id: MerchantOrderId.optional(),
}).strict()
export type EditOrderRequest = z.infer<typeof EditOrderRequest>

/** The part of a partial fulfilment (under `partial`). */
export const FulfilmentPart = z.object({
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  discount_amount: Money.optional(),
  tax_subtotals: z.array(TaxSubtotal),
  line_items: z.array(LineItem).min(1),
})
export type FulfilmentPart = z.infer<typeof FulfilmentPart>

/** POST /v1/order/{id}/fulfilled with a body (FulfillOrderSchema). Top-level amounts are not read. */
export const FulfilRequest = z.object({
  partial: FulfilmentPart.optional(),
  invoice_number: Text(100).optional(),
  invoice_issue_date: IsoDate.optional(),
})
export type FulfilRequest = z.infer<typeof FulfilRequest>

/** POST /v1/order/{id}/refund: a part (with `amount`) or everything left (without). */
export const PartialRefundRequest = z.object({
  amount: Money,
  currency: Currency,
  tax_subtotals: z.array(TaxSubtotal),
  line_items: z.array(LineItem).optional(),
  reason: z.string().max(255).optional(),
  refund_reference: Text(100).optional(),
})
export type PartialRefundRequest = z.infer<typeof PartialRefundRequest>

export const FullRefundRequest = z.object({
  reason: z.string().max(255).optional(),
  refund_reference: Text(100).optional(),
})
export type FullRefundRequest = z.infer<typeof FullRefundRequest>

export const ORDER_STATES = [
  "UNVERIFIED",
  "VERIFIED",
  "CONFIRMED",
  "FULFILLING",
  "FULFILLED",
  "REFUNDED",
  "CANCELLED",
] as const
export type OrderState = (typeof ORDER_STATES)[number]
export type OrderStatus = "APPROVED" | "REJECTED" | "PARTIAL"

export const DECLINE_REASONS = [
  "BUYER_LIMIT_EXCEEDED",
  "TOO_HIGH_RISK",
  "BUYER_NOT_FOUND",
  "ORDER_BELOW_MIN_INVOICE_AMOUNT",
  "ORDER_EXCEEDS_MAX_INVOICE_AMOUNT",
  "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
  "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
] as const
export type DeclineReason = (typeof DECLINE_REASONS)[number]

/** An address as the order answer carries it (AddressResponseSchema): an id, and region "" when none was sent. */
export type AnswerAddress = Omit<Address, "region"> & { id: string; region: string }

/** `buyer.company` as the answers carry it: resolved to every field (LaxCompanySchema). */
export type ResolvedCompany = {
  country_prefix: string
  organization_number: string
  company_name: string | null
  company_canonical_id: string | null
}

export type OrderBuyer = {
  company: ResolvedCompany
  representative?: z.infer<typeof LaxRepresentative>
  trade_account?: z.infer<typeof TradeAccountRef>
}

export type Fulfilment = {
  id: string
  gross_amount: string
  invoice_number: string
  invoice_url: string
  line_items: LineItem[]
}

/** A refund as the order's `refunds[]` carries it (lines flat). */
export type Refund = {
  id: string
  amount: string
  total_amount: string
  payable_amount: string
  prepaid_amount: string
  currency: string
  refund_no: number
  credit_note_number: string
  credit_note_url: string
  refund_date: string
  reason: string | null
  refund_reference: string | null
  tax_subtotals: TaxSubtotal[]
  line_items: LineItem[]
}

/** The order answer (section 2 "The order"). */
export type Order = {
  id: string
  merchant_id: string
  merchant_order_id: string
  merchant_reference: string | null
  order_type: "BUYER_INITIATED"
  invoice_type: "FUNDED_INVOICE"
  state: OrderState
  status: OrderStatus
  decline_reason: DeclineReason | null
  payment_url: string | null
  gross_amount: string
  net_amount: string
  tax_amount: string
  discount_amount: string
  discount_rate: string
  payable_amount: string
  invoice_amount: string
  prepaid_amount: string
  currency: string
  buyer: OrderBuyer
  line_items: LineItem[]
  tax_subtotals: TaxSubtotal[]
  billing_address: AnswerAddress
  shipping_address: AnswerAddress
  merchant_urls: z.infer<typeof MerchantUrls>
  tracking_id: string | null
  fulfilments: Fulfilment[]
  refunds: Refund[]
  invoice_url: string | null
  credit_note_url: string | null
  order_placed_date: string
  date_created: string
  date_updated: string
}

/** The order answer of a fulfilment: the order, plus the chosen partial shape. */
export type FulfilAnswer = Order & { fulfilled_order: { id: string }; remained_order: { id: string } | null }

export type OrderIntent = {
  id: string
  approved: boolean
  decline_reason: DeclineReason | null
  tracking_id: string
  gross_amount: string
  currency: string
  line_items: LineItem[]
  buyer: OrderBuyer
  approved_on_recourse: false
  approved_with_conditions: unknown[]
}
