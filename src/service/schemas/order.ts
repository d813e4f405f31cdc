import { z } from "@medusajs/framework/zod"
import { CountryCode, Currency, Email, Money, PhoneNumber, Quantity, TaxRate, UnitPrice } from "./common"

/** Order interface, version 1.0 (contract section 2). */

export const LINE_ITEM_TYPES = ["PHYSICAL", "DIGITAL", "SHIPPING_FEE", "SERVICE", "GIFTCARD", "BUYER_FEE", "OTHER"] as const
export const LineItemType = z.enum(LINE_ITEM_TYPES)

export const LineItem = z.object({
  name: z.string().min(1).max(255),
  /** Required on every line (section 2): the service refuses a line without it. */
  description: z.string().min(1).max(1000),
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
      categories: z.array(z.string()),
      /** `type` is any string ("SKU", "GTIN", ...) (BarCodeSchema). */
      barcodes: z.array(z.object({ type: z.string().min(1), value: z.string() })).optional(),
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

/** An address of a create or edit body (CreateAddressRequestSchema). */
export const Address = z.object({
  organization_name: z.string().min(1).max(255),
  street_address: z.string().min(1).max(255),
  postal_code: z.string().min(1).max(20),
  city: z.string().min(1).max(100),
  region: z.string().max(100).nullable().optional(),
  country: CountryCode,
})
export type Address = z.infer<typeof Address>

/** An address of an order answer (AddressResponseSchema): an id, and region "" when none was sent. */
export const AnswerAddress = Address.extend({
  id: z.string().optional(),
  region: z.string().nullable().optional(),
})

/** A canonical id: letters and digits (CompanyCanonicalIdSchema). */
export const CanonicalId = z.string().regex(/^[A-Za-z0-9]+$/, "company_canonical_id must be letters and digits only").max(100)

export const CompanyByCanonicalId = z.object({ company_canonical_id: CanonicalId }).strict()
export const CompanyByNumber = z
  .object({
    company_name: z.string().min(1).max(255).optional(),
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

/** The representative on an intent, when sent (LaxRepresentativeSchema): whole but for the email. */
export const IntentRepresentative = Representative.extend({ email: Email.optional() })
export type IntentRepresentative = z.infer<typeof IntentRepresentative>

/** The buyer on an intent: the representative is sent whole (email optional) or not at all. */
export const IntentBuyer = z.object({
  company: BuyerCompany,
  representative: IntentRepresentative.optional(),
  trade_account: TradeAccountRef.optional(),
})
export type IntentBuyer = z.infer<typeof IntentBuyer>

export const InvoiceType = z.literal("FUNDED_INVOICE")

export const OrderIntentRequest = z.object({
  gross_amount: Money,
  currency: Currency,
  line_items: z.array(LineItem).min(1),
  buyer: IntentBuyer,
  invoice_type: InvoiceType.optional(),
})
export type OrderIntentRequest = z.infer<typeof OrderIntentRequest>

/**
 * `buyer.company` as answers carry it (LaxCompanySchema): resolved to every field the service knows. Read into the
 * request's shape (the canonical id alone when there is one), which is what the plugin uses.
 */
export const AnswerCompany = z
  .object({
    company_canonical_id: z.string().nullable().optional(),
    country_prefix: z.string().nullable().optional(),
    organization_number: z.string().nullable().optional(),
    company_name: z.string().nullable().optional(),
  })
  .transform((company): BuyerCompany =>
    company.company_canonical_id
      ? { company_canonical_id: company.company_canonical_id }
      : {
          country_prefix: company.country_prefix ?? "",
          organization_number: company.organization_number ?? "",
          ...(company.company_name ? { company_name: company.company_name } : {}),
        }
  )

/** The buyer as answers carry it: liberal in what it reads. */
export const AnswerBuyer = z.object({
  company: AnswerCompany,
  representative: Representative.partial().optional(),
  trade_account: TradeAccountRef.optional(),
})

export const OrderIntent = z.object({
  id: z.string(),
  approved: z.boolean(),
  decline_reason: z.string().nullable(),
  tracking_id: z.string(),
  gross_amount: Money,
  currency: Currency,
  // Published as required (OrderIntentResponseSchema); the plugin does not read them.
  line_items: z.array(z.unknown()).optional(),
  buyer: z.unknown().optional(),
  approved_on_recourse: z.boolean().optional(),
  approved_with_conditions: z.array(z.unknown()).optional(),
})
export type OrderIntent = z.infer<typeof OrderIntent>

export const MerchantUrls = z.object({
  merchant_confirmation_url: z.string().url(),
  merchant_cancel_order_url: z.string().url().optional(),
  merchant_order_verification_failed_url: z.string().url().optional(),
})
export type MerchantUrls = z.infer<typeof MerchantUrls>

/** The currencies an order may be in (CurrencyEnum). */
export const ORDER_CURRENCIES = ["CHF", "CZK", "DKK", "EUR", "GBP", "INR", "MXN", "NOK", "PLN", "RON", "SEK", "USD"] as const
/** An order's currency: one of CurrencyEnum (read as a plain string, so a body built from a cart types as one). */
export const OrderCurrency = Currency.refine((code) => (ORDER_CURRENCIES as readonly string[]).includes(code), {
  message: `currency must be one of ${ORDER_CURRENCIES.join(" ")}`,
})

/**
 * The amounts, lines and addresses shared by create and edit. `invoice_type` is not part of either body (section
 * 8): parsing drops it. Both addresses are required on edit; on create the shipping address is optional (the
 * service then uses the billing address).
 */
export const OrderContent = z.object({
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  discount_amount: Money,
  currency: OrderCurrency,
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
  shipping_address: Address.optional(),
  buyer: Buyer,
  merchant_order_id: z.string().min(1).max(100),
  merchant_urls: MerchantUrls,
  tracking_id: z.string().optional(),
})
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>

/**
 * PUT /v1/order/{id}: the create body without buyer, merchant_urls and tracking_id; both addresses required;
 * `merchant_order_id` may be sent (it replaces the order's).
 */
export const EditOrderRequest = OrderContent.extend({
  merchant_order_id: z.string().min(1).max(100).optional(),
})
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

/** The part a partial fulfilment invoices: sent nested under `partial` (FulfilOrderRequest). */
export const FulfilRequest = z.object({
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  discount_amount: Money.optional(),
  tax_subtotals: z.array(TaxSubtotal),
  line_items: z.array(LineItem).min(1),
})
export type FulfilRequest = z.infer<typeof FulfilRequest>

/** POST /v1/order/{id}/fulfilled: the body on the wire (FulfillOrderSchema); amounts at the top level are not read. */
export const FulfilOrderRequest = z.object({
  partial: FulfilRequest.optional(),
  invoice_number: z.string().min(1).max(100).optional(),
  invoice_issue_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "invoice_issue_date must be a date (YYYY-MM-DD)").optional(),
})
export type FulfilOrderRequest = z.infer<typeof FulfilOrderRequest>

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

/** POST /v1/order/{id}/refund of all that is left: no body, or one without `amount` (FullRefundRequestSchema). */
export const FullRefundRequest = z.object({
  reason: z.string().max(255).optional(),
  refund_reference: z.string().min(1).max(100).optional(),
})
export type FullRefundRequest = z.infer<typeof FullRefundRequest>

/** Refund lines: a list of lists in the refund answer, flat in the order's refunds[]; read flat either way. */
const RefundLines = z
  .union([z.array(LineItem), z.array(z.array(LineItem))])
  .nullable()
  .optional()
  .transform((lines): LineItem[] | null => (lines ? (lines as (LineItem | LineItem[])[]).flat() : null))

export const Refund = z.object({
  id: z.string(),
  amount: Money,
  total_amount: Money.optional(),
  payable_amount: Money.optional(),
  prepaid_amount: Money.optional(),
  currency: Currency,
  refund_no: z.number().int().optional(),
  credit_note_number: z.string(),
  credit_note_url: z.string().url(),
  refund_date: z.string(),
  reason: z.string().nullable(),
  refund_reference: z.string().nullable(),
  tax_subtotals: z.array(TaxSubtotal).optional(),
  line_items: RefundLines,
})
export type Refund = z.infer<typeof Refund>

/** The order answer. Fields the plugin does not read are optional here: liberal in what it accepts. */
export const Order = z.object({
  id: z.string(),
  merchant_id: z.string().optional(),
  merchant_order_id: z.string(),
  order_type: z.string().optional(),
  invoice_type: z.string().optional(),
  merchant_reference: z.string().nullable(),
  state: OrderState,
  status: OrderStatus,
  decline_reason: z.string().nullable(),
  payment_url: z.string().url().nullable(),
  gross_amount: Money,
  net_amount: Money,
  tax_amount: Money,
  discount_amount: Money.optional(),
  discount_rate: z.string().optional(),
  payable_amount: Money.optional(),
  invoice_amount: Money.optional(),
  prepaid_amount: Money.optional(),
  currency: Currency,
  buyer: AnswerBuyer,
  line_items: z.array(LineItem),
  tax_subtotals: z.array(TaxSubtotal),
  billing_address: AnswerAddress,
  shipping_address: AnswerAddress,
  merchant_urls: MerchantUrls,
  tracking_id: z.string().nullable(),
  fulfilments: z.array(Fulfilment),
  refunds: z.array(Refund),
  invoice_url: z.string().url().nullable(),
  credit_note_url: z.string().url().nullable(),
  order_placed_date: z.string().nullable().optional(),
  date_created: z.string(),
  date_updated: z.string(),
})
export type Order = z.infer<typeof Order>

/**
 * An order answer read for its state alone (creation, the read on the buyer's return, the confirm): everything but
 * the lines is checked, the lines are passed over (the caller never reads them, and checking them again costs
 * microseconds per line on every call). `Order` is assignable to it.
 */
export const OrderSummary = Order.extend({
  line_items: z.array(z.unknown()),
  fulfilments: z.array(Fulfilment.extend({ line_items: z.array(z.unknown()) })),
})
export type OrderSummary = z.infer<typeof OrderSummary>

/** The answer of a fulfilment: the order, and which fulfilment it made / what remains (null once all is fulfilled). */
export const FulfilAnswer = Order.extend({
  fulfilled_order: z.object({ id: z.string() }).nullable().optional(),
  remained_order: z.object({ id: z.string() }).nullable().optional(),
})
export type FulfilAnswer = z.infer<typeof FulfilAnswer>

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
