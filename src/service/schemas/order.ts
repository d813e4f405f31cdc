import { z } from "@medusajs/framework/zod"
import { CountryCode, Currency, Email, Money, PhoneNumber, Quantity, TaxRate, UnitPrice } from "./common"

/** Order interface, version 1.0 (contract section 2). */

export const LINE_ITEM_TYPES = [
  "PHYSICAL",
  "DIGITAL",
  "SHIPPING_FEE",
  "SERVICE",
  "GIFTCARD",
  "BUYER_FEE",
  "OTHER",
] as const
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
export const CanonicalId = z
  .string()
  .regex(/^[A-Za-z0-9]+$/, "company_canonical_id must be letters and digits only")
  .max(100)

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

/** A field the published documents let be null where the plugin reads null as absent: an optional key of the type. */
const absentWhenNull = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional())

/**
 * `buyer.company` as answers carry it (LaxCompanySchema): resolved to every field the service knows, even for a buyer
 * given by `company_canonical_id` alone (contract section 2). Every field is kept (defect 5 of issue 36); nulls read
 * as absent. The canonical id comes first when there is one, so the value still reads as the request's shape.
 */
export const AnswerCompany = z
  .object({
    company_canonical_id: z.string().nullish(),
    country_prefix: z.string().nullish(),
    organization_number: z.string().nullish(),
    company_name: z.string().nullish(),
  })
  .transform((company): ResolvedCompany => {
    const known = {
      ...(company.country_prefix ? { country_prefix: company.country_prefix } : {}),
      ...(company.organization_number ? { organization_number: company.organization_number } : {}),
      ...(company.company_name ? { company_name: company.company_name } : {}),
    }
    return company.company_canonical_id
      ? { company_canonical_id: company.company_canonical_id, ...known }
      : {
          country_prefix: company.country_prefix ?? "",
          organization_number: company.organization_number ?? "",
          ...known,
        }
  })
/** The company an answer resolved: by canonical id (with what the service resolved), or by number. */
export type ResolvedCompany =
  | { company_canonical_id: string; country_prefix?: string; organization_number?: string; company_name?: string }
  | { company_canonical_id?: undefined; country_prefix: string; organization_number: string; company_name?: string }

/** The representative as answers carry it (LaxRepresentativeSchema): the phone as stored, nulls read as absent. */
export const AnswerRepresentative = z
  .object({
    email: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    phone_number: z.string().nullish(),
  })
  .transform((r): Partial<Representative> => {
    const out: Partial<Representative> = {}
    if (r.email != null) out.email = r.email
    if (r.first_name != null) out.first_name = r.first_name
    if (r.last_name != null) out.last_name = r.last_name
    if (r.phone_number != null) out.phone_number = r.phone_number
    return out
  })

/** The buyer as answers carry it (LaxBuyerSchema): liberal in what it reads. */
export const AnswerBuyer = z.object({
  company: AnswerCompany,
  representative: absentWhenNull(AnswerRepresentative),
  trade_account: absentWhenNull(TradeAccountRef),
})

/**
 * A decimal as answers carry it (published `format: decimal`): any number of decimals, a sign allowed. Two decimals
 * or fewer read as money with exactly two ("12.5" → "12.50"); more are kept as sent (exact, never rounded).
 */
export const AnswerDecimal = z
  .string()
  .regex(/^-?\d+(\.\d*)?$/, "must be a decimal string")
  // The published pattern allows a dot without decimals ("12."): the same number.
  .transform((value) => (value.endsWith(".") ? value.slice(0, -1) : value))
export const AnswerMoney = AnswerDecimal.transform((value) => {
  const [whole, fraction = ""] = value.split(".")
  return fraction.length <= 2 ? `${whole}.${fraction.padEnd(2, "0")}` : value
})

/** The intent's answer (OrderIntentResponseSchema), with what the seed promises: the decision and `tracking_id`. */
export const OrderIntent = z.object({
  id: absentWhenNull(z.string()),
  approved: z.boolean(),
  decline_reason: z
    .string()
    .nullish()
    .transform((reason) => reason ?? null),
  tracking_id: z.string(),
  gross_amount: AnswerMoney,
  /** Any string (published); the plugin keeps the cart's currency, not this one. */
  currency: z.string(),
  // Published as required (OrderIntentResponseSchema); the plugin does not read them.
  line_items: z.array(z.unknown()).optional(),
  buyer: z.unknown().optional(),
  approved_on_recourse: z.boolean().nullish(),
  approved_with_conditions: z.array(z.unknown()).nullish(),
})
export type OrderIntent = z.infer<typeof OrderIntent>

export const MerchantUrls = z.object({
  merchant_confirmation_url: z.string().url(),
  merchant_cancel_order_url: z.string().url().optional(),
  merchant_order_verification_failed_url: z.string().url().optional(),
})
export type MerchantUrls = z.infer<typeof MerchantUrls>

/** The currencies an order may be in (CurrencyEnum). */
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

export const ORDER_STATUSES = ["APPROVED", "REJECTED", "PARTIAL", "UNINITIATED"] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

/**
 * Every state the published `OrderStateEnum` lists, and the plugin's reading of the two the contract does not use:
 * goods DELIVERED are FULFILLED for Medusa; a fulfilment the service must resolve by hand is still FULFILLING.
 */
export const PUBLISHED_ORDER_STATES = [...ORDER_STATES, "DELIVERED", "FULFILMENT_NEEDS_MANUAL_RESOLUTION"] as const
const STATE_READING: Partial<Record<(typeof PUBLISHED_ORDER_STATES)[number], OrderState>> = {
  DELIVERED: "FULFILLED",
  FULFILMENT_NEEDS_MANUAL_RESOLUTION: "FULFILLING",
}
/**
 * A value outside a published enum is refused (CONTRACT_VIOLATION) with a message naming it and what the documents
 * list: the plugin cannot tell what an order in an unknown state or status may do (docs/service-contract-notes.md).
 */
const unknownValue = (what: string, values: readonly string[]) => (issue: { input?: unknown }) =>
  `${what} ${JSON.stringify(issue.input) ?? "undefined"} is not one the published documents list (${values.join(", ")})`
export const AnswerOrderState = z
  .enum(PUBLISHED_ORDER_STATES, { error: unknownValue("order state", PUBLISHED_ORDER_STATES) })
  .transform((state): OrderState => STATE_READING[state] ?? (state as OrderState))

/** Every status of the published `OrderStatusEnum`: DECLINED reads as REJECTED (the service declined the buyer). */
export const PUBLISHED_ORDER_STATUSES = [...ORDER_STATUSES, "DECLINED"] as const
export const AnswerOrderStatus = z
  .enum(PUBLISHED_ORDER_STATUSES, { error: unknownValue("order status", PUBLISHED_ORDER_STATUSES) })
  .transform((status): OrderStatus => (status === "DECLINED" ? "REJECTED" : status))

/** A line as answers carry it (LineItemResponseSchema), read into the request's line: nulls as absent. */
export const AnswerLineItem = z
  .object({
    name: z.string(),
    description: z.unknown(),
    quantity: AnswerDecimal,
    quantity_unit: z.string(),
    unit_price: AnswerDecimal,
    net_amount: AnswerMoney,
    tax_amount: AnswerMoney,
    gross_amount: AnswerMoney,
    discount_amount: AnswerMoney.nullish(),
    tax_rate: AnswerDecimal,
    tax_class_name: z.string(),
    type: LineItemType,
    line_item_reference: z.string().nullish(),
    image_url: z.string().nullish(),
    product_page_url: z.string().nullish(),
    details: z
      .object({
        brand: z.string().nullish(),
        categories: z.array(z.string()),
        barcodes: z.array(z.object({ type: z.string(), value: z.string() })).nullish(),
        part_number: z.string().nullish(),
      })
      .nullish(),
  })
  .transform((line): LineItem => {
    const { description, discount_amount, line_item_reference, image_url, product_page_url, details, ...rest } = line
    return {
      ...rest,
      description: typeof description === "string" ? description : "",
      discount_amount: discount_amount ?? "0.00",
      ...(line_item_reference != null && { line_item_reference }),
      ...(image_url != null && { image_url }),
      ...(product_page_url != null && { product_page_url }),
      ...(details != null && {
        details: {
          categories: details.categories,
          ...(details.brand != null && { brand: details.brand }),
          ...(details.barcodes != null && { barcodes: details.barcodes }),
          ...(details.part_number != null && { part_number: details.part_number }),
        },
      }),
    }
  })

/** A tax subtotal as answers carry it (TaxSubtotalSchema). */
export const AnswerTaxSubtotal = z.object({
  tax_rate: AnswerDecimal,
  taxable_amount: AnswerMoney,
  tax_amount: AnswerMoney,
})

/** A list the published documents let be null or absent, where null means none (their default). */
const noneWhenNull = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((items): z.output<T>[] => items ?? [])

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
  invoice_issue_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "invoice_issue_date must be a date (YYYY-MM-DD)")
    .optional(),
})
export type FulfilOrderRequest = z.infer<typeof FulfilOrderRequest>

export const Fulfilment = z.object({
  id: z.string(),
  gross_amount: AnswerMoney,
  invoice_number: z.string(),
  invoice_url: z.string(),
  line_items: z.array(AnswerLineItem),
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

/** Refund lines: a list of lists in the refund answer, flat in the order's refunds[]; read flat either way, null as
 * none. */
const RefundLines = z
  .union([z.array(AnswerLineItem), z.array(z.array(AnswerLineItem))])
  .nullable()
  .optional()
  .transform((lines): LineItem[] | null => (lines ? (lines as (LineItem | LineItem[])[]).flat() : null))

/**
 * A refund (RefundSummaryResponseSchema, and CreateRefundResponseSchema in an order's `refunds[]`): `tax_subtotals`
 * and `line_items` may be null (defect 1 of issue 36: a full refund answered so was refused, although the service
 * made it), `credit_note_url`, `reason`, `refund_reference` and `refund_date` null or absent.
 */
export const Refund = z.object({
  id: z.string(),
  amount: AnswerMoney,
  total_amount: AnswerMoney.nullish(),
  payable_amount: AnswerMoney.nullish(),
  prepaid_amount: AnswerMoney.nullish(),
  currency: Currency,
  refund_no: z.number().int().nullish(),
  credit_note_number: z.string(),
  /** null when the answer has none (yet): that credit note is then fetched as the order's latest document, if it is. */
  credit_note_url: z
    .string()
    .nullish()
    .transform((url) => url ?? null),
  refund_date: z
    .string()
    .nullish()
    .transform((date) => date ?? null),
  reason: z
    .string()
    .nullish()
    .transform((reason) => reason ?? null),
  refund_reference: z
    .string()
    .nullish()
    .transform((reference) => reference ?? null),
  /** Null (defect 1) reads as absent: the refund says nothing of its tax split. */
  tax_subtotals: absentWhenNull(z.array(AnswerTaxSubtotal)),
  line_items: RefundLines,
})
export type Refund = z.infer<typeof Refund>

/** An address of an order answer (AddressResponseSchema): an id, and region "" when none was sent. */
export const OrderAnswerAddress = z.object({
  id: absentWhenNull(z.string()),
  organization_name: z.string(),
  street_address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  region: z.string().nullish(),
  country: z.string(),
})

/** A state where no fulfilment can exist yet: an answer without `fulfilments` then has none. */
const BEFORE_FULFILMENT: readonly OrderState[] = ["UNVERIFIED", "VERIFIED", "CONFIRMED"]
/**
 * A state where all of the order was fulfilled and invoiced (FULFILLED, and DELIVERED read as it; REFUNDED comes only
 * after FULFILLED): an answer without `fulfilments` then reads as one fulfilment of the whole order.
 */
const WHOLLY_FULFILLED: readonly OrderState[] = ["FULFILLED", "REFUNDED"]

/** The invoice an order answer may name (InvoiceDetailsSchema): what a fulfilment derived from the order reads. */
const AnswerInvoiceDetails = z
  .object({
    id: z.string().nullish(),
    invoice_number: z.string().nullish(),
    invoice_url: z.string().nullish(),
  })
  .nullish()

/**
 * The order answer (OrderResponseSchema) with what the seed promises (`id`, the seed's order_id; `state`; `status`;
 * `payment_url` read as null when absent). Everything else is read as the published documents allow it: nulls,
 * absent optional fields, unknown fields, every enum value. `fulfilments` is the contract's (section 2; the
 * published schema has none): absent, it is derived (none before fulfilment, one of the whole order once all is
 * fulfilled) and refused only while part of the order may be invoiced (FULFILLING, CANCELLED)
 * (docs/service-contract-notes.md, "What the client reads").
 */
const orderFields = {
  id: z.string(),
  merchant_id: z.string().nullish(),
  merchant_order_id: z.string(),
  order_type: z.string().nullish(),
  invoice_type: z.string().nullish(),
  merchant_reference: z
    .string()
    .nullish()
    .transform((reference) => reference ?? null),
  state: AnswerOrderState,
  status: AnswerOrderStatus,
  decline_reason: z
    .string()
    .nullish()
    .transform((reason) => reason ?? null),
  payment_url: z
    .string()
    .nullish()
    .transform((url) => url ?? null),
  gross_amount: AnswerMoney,
  net_amount: AnswerMoney,
  tax_amount: AnswerMoney,
  discount_amount: AnswerMoney.nullish(),
  discount_rate: z.string().nullish(),
  /** Null (published) reads as the order's gross (contract section 2: both the gross). */
  payable_amount: AnswerMoney.nullish(),
  invoice_amount: AnswerMoney.nullish(),
  /** Null (published) reads as "0.00" (contract section 2). */
  prepaid_amount: AnswerMoney.nullish(),
  currency: Currency,
  buyer: AnswerBuyer,
  line_items: z.array(AnswerLineItem),
  tax_subtotals: noneWhenNull(AnswerTaxSubtotal),
  billing_address: OrderAnswerAddress,
  shipping_address: OrderAnswerAddress,
  merchant_urls: z
    .object({
      merchant_confirmation_url: z.string(),
      merchant_cancel_order_url: z.string().nullish(),
      merchant_order_verification_failed_url: z.string().nullish(),
    })
    .nullish()
    .transform((urls) => urls ?? null),
  tracking_id: z
    .string()
    .nullish()
    .transform((id) => id ?? null),
  fulfilments: z.array(Fulfilment).optional(),
  refunds: noneWhenNull(Refund),
  invoice_url: z
    .string()
    .nullish()
    .transform((url) => url ?? null),
  invoice_details: AnswerInvoiceDetails,
  credit_note_url: z
    .string()
    .nullish()
    .transform((url) => url ?? null),
  order_placed_date: z.string().nullish(),
  date_created: z.string().nullish(),
  date_updated: z.string().nullish(),
}

type OrderFieldsOut = {
  id: string
  state: OrderState
  gross_amount: string
  payable_amount?: string | null
  invoice_amount?: string | null
  prepaid_amount?: string | null
  line_items: unknown[]
  invoice_url: string | null
  invoice_details?: z.output<typeof AnswerInvoiceDetails>
  fulfilments?: unknown[]
  order_placed_date?: string | null
  date_created?: string | null
  date_updated?: string | null
}

/**
 * The one fulfilment of an order the service fulfilled whole but did not list: the whole gross, the order's lines,
 * its invoice (number and link from `invoice_details` / `invoice_url`, "" when the answer names none: the invoice is
 * then fetched as the order's, GET /v1/invoice/{id}/pdf). Its id is the order's id, the same on every read (a
 * fulfilment's id is only ever compared with ids read from the same order).
 */
function wholeOrderFulfilment(order: OrderFieldsOut) {
  return {
    id: order.id,
    gross_amount: order.gross_amount,
    invoice_number: order.invoice_details?.invoice_number ?? "",
    invoice_url: order.invoice_url ?? order.invoice_details?.invoice_url ?? "",
    line_items: order.line_items,
  }
}

/** The derivations every reading of an order shares (see `orderFields`). */
function finishOrder<T extends OrderFieldsOut>(order: T, ctx: z.RefinementCtx) {
  const created = order.date_created ?? order.order_placed_date
  if (!created) {
    ctx.addIssue({
      code: "custom",
      path: ["order_placed_date"],
      message: "the order answer carries neither date_created nor order_placed_date",
    })
  }
  let fulfilments = order.fulfilments
  if (fulfilments === undefined) {
    if (BEFORE_FULFILMENT.includes(order.state)) fulfilments = []
    else if (WHOLLY_FULFILLED.includes(order.state)) fulfilments = [wholeOrderFulfilment(order)]
    else {
      ctx.addIssue({
        code: "custom",
        path: ["fulfilments"],
        message:
          `an order in state ${order.state} must list its fulfilments (part of it ` +
          `may be invoiced: the plugin cannot tell what was without them)`,
      })
    }
  }
  return {
    ...order,
    payable_amount: order.payable_amount ?? order.gross_amount,
    invoice_amount: order.invoice_amount ?? order.gross_amount,
    prepaid_amount: order.prepaid_amount ?? "0.00",
    fulfilments: (fulfilments ?? []) as NonNullable<T["fulfilments"]>,
    date_created: created ?? "",
    date_updated: order.date_updated ?? created ?? "",
  }
}

export const OrderFields = z.object(orderFields)
export const Order = OrderFields.transform(finishOrder)
export type Order = z.infer<typeof Order>

/**
 * An order answer read for its state alone (creation, the read on the buyer's return, the confirm): everything but
 * the lines is checked, the lines are passed over (the caller never reads them, and checking them again costs
 * microseconds per line on every call). `Order` is assignable to it.
 */
export const OrderSummary = OrderFields.extend({
  line_items: z.array(z.unknown()),
  fulfilments: z.array(Fulfilment.extend({ line_items: z.array(z.unknown()) })).optional(),
}).transform(finishOrder)
export type OrderSummary = z.infer<typeof OrderSummary>

/** `{id}` of the fulfilment made / the order that remains (SimpleSchema). */
const SimpleId = z.object({ id: z.string() })

/** The answer of a fulfilment when it is the order: which fulfilment it made / what remains (null once all is
 * fulfilled). */
export const FulfilAnswer = OrderFields.extend({
  fulfilled_order: SimpleId.nullish(),
  remained_order: SimpleId.nullish(),
}).transform(finishOrder)
export type FulfilAnswer = z.infer<typeof FulfilAnswer>

/**
 * The published answer of a fulfilment (FulfillOrderResponseSchema): the ids alone, no order. The client then reads
 * the order back (`OrdersClient.fulfil`).
 */
export const FulfilIds = z.object({ fulfilled_order: SimpleId, remained_order: SimpleId.nullish() })
export type FulfilIds = z.infer<typeof FulfilIds>

/** What POST /v1/order/{id}/fulfilled answers: the order (contract section 2), or the ids alone (published). */
export const FulfilReply = z.union([FulfilAnswer, FulfilIds])

/**
 * What POST /v1/order/{id}/cancel answers: the order (contract), or anything (the published 200 and 202 carry no
 * schema); the client reads the order back when it is not one.
 */
export const CancelReply = z.union([Order, z.unknown().transform(() => null)])

/** GET /v1/order/merchant-order-id/{id} (OrderResponseList): orders, and latent orders (quotes) the plugin never makes.
 * */
export const OrderList = z.array(z.unknown()).transform((items, ctx): Order[] => {
  const orders: Order[] = []
  items.forEach((item, index) => {
    const latent =
      typeof item === "object" &&
      item !== null &&
      ["QUOTED", "EXPIRED", "CANCELLED"].includes(String((item as { status?: unknown }).status))
    if (latent) return
    const parsed = Order.safeParse(item)
    if (parsed.success) orders.push(parsed.data)
    else
      for (const issue of parsed.error.issues)
        ctx.addIssue({ ...issue, path: [index, ...issue.path] } as z.core.$ZodRawIssue)
  })
  return orders
})

export const DECLINE_REASONS = [
  "BUYER_LIMIT_EXCEEDED",
  "TOO_HIGH_RISK",
  "BUYER_NOT_FOUND",
  "ORDER_BELOW_MIN_INVOICE_AMOUNT",
  "ORDER_EXCEEDS_MAX_INVOICE_AMOUNT",
  "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
  "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
] as const

/**
 * `GET /v1/order/{order_id}/invoice_details` (published InvoiceDetailsWithStatusSchema): where the order's invoice
 * stands at the service (issue #38). Read: the invoice's id and its totals (required); when sent, its payment status
 * (any string: a status the plugin does not know reads as open), number, dates, link and payment reference (nulls
 * read as null). Everything else is dropped.
 */
export const InvoiceDetails = z.object({
  id: z.string(),
  gross_amount: AnswerMoney,
  net_amount: AnswerMoney,
  tax_amount: AnswerMoney,
  total_paid_amount: AnswerMoney,
  total_credited_amount: AnswerMoney,
  total_collected_amount: AnswerMoney,
  total_recoursed_amount: AnswerMoney,
  unpaid_amount: AnswerMoney,
  last_updated: z.string(),
  payment_status: z
    .string()
    .nullish()
    .transform((status) => status ?? null),
  invoice_number: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  invoice_issue_date: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  due_date: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  invoice_url: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  payment_reference: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
})
export type InvoiceDetails = z.infer<typeof InvoiceDetails>
