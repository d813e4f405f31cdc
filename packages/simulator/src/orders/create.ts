import { randomUUID } from "node:crypto"
import type {
  Address,
  AnswerAddress,
  BuyerCompany,
  CreateOrderRequest,
  EditOrderRequest,
  Order,
  OrderBuyer,
  OrderIntent,
  OrderIntentRequest,
  ResolvedCompany,
} from "../contract/orders"
import type { SimulatorContext } from "../context"
import { type Decision, decide } from "../decisions"
import { invalidState, schemaError } from "../errors"
import { steppedUp } from "../profile"
import type { CompanyRecord } from "../state/companies"
import type { MerchantState } from "../state/merchants"
import type { OrderExtras, OrderRecord } from "../state/orders"
import { isVerifiedTradeAccountUser } from "../trade-account/order-ref"
import { checkIntentAmounts } from "./amounts"
import { checkTotals } from "./arithmetic"
import { verificationUrl } from "./documents"

/** `buyer.company` resolved to every field (section 2), from the registry when the service knows the company. */
export function resolvedCompany(sent: BuyerCompany, company: CompanyRecord | undefined): ResolvedCompany {
  if (company) {
    return {
      country_prefix: company.country,
      organization_number: company.organization_number,
      company_name: company.name,
      company_canonical_id: company.canonical_id,
    }
  }
  if ("company_canonical_id" in sent) {
    // Unknown to the service (declined BUYER_NOT_FOUND): only the id is known.
    return {
      country_prefix: "",
      organization_number: "",
      company_name: null,
      company_canonical_id: sent.company_canonical_id,
    }
  }
  return {
    country_prefix: sent.country_prefix,
    organization_number: sent.organization_number,
    company_name: sent.company_name ?? null,
    company_canonical_id: null,
  }
}

function buyerOf(
  buyer: CreateOrderRequest["buyer"] | OrderIntentRequest["buyer"],
  company: CompanyRecord | undefined,
): OrderBuyer {
  return {
    company: resolvedCompany(buyer.company, company),
    ...(buyer.representative && { representative: buyer.representative }),
    ...(buyer.trade_account && { trade_account: buyer.trade_account }),
  }
}

/** An address as the answer carries it: an id, and region "" when none was sent. */
export const answerAddress = (address: Address): AnswerAddress => ({
  ...address,
  id: randomUUID(),
  region: address.region ?? "",
})

/** An intent is a check, not a reservation: it decides exactly as a create would, and keeps nothing. */
export function decideIntent(ctx: SimulatorContext, body: OrderIntentRequest): OrderIntent {
  const company = ctx.companies.resolve(body.buyer.company)
  const amounts = checkIntentAmounts(body)
  const decision: Decision = amounts.ok
    ? decide(company, body.gross_amount)
    : { approved: false, decline_reason: amounts.code }
  return {
    id: randomUUID(),
    approved: decision.approved,
    decline_reason: decision.decline_reason,
    tracking_id: randomUUID(),
    gross_amount: body.gross_amount,
    currency: body.currency,
    line_items: body.line_items,
    buyer: buyerOf(body.buyer, company),
    approved_on_recourse: false,
    approved_with_conditions: [],
  }
}

export function extrasOf(body: EditOrderRequest | CreateOrderRequest, previous?: OrderExtras): OrderExtras {
  return {
    buyer_department: body.buyer_department ?? previous?.buyer_department,
    buyer_project: body.buyer_project ?? previous?.buyer_project,
    buyer_purchase_order_number: body.buyer_purchase_order_number ?? previous?.buyer_purchase_order_number,
    order_note: body.order_note ?? previous?.order_note,
    invoice_details: body.invoice_details ?? previous?.invoice_details,
    terms: body.terms ?? previous?.terms,
  }
}

/**
 * Creates an order. Bad arithmetic or a declining credit decision gives a
 * REJECTED order (201, state stays UNVERIFIED, no payment_url). An approved
 * order waits for the buyer at payment_url, unless `buyer.trade_account`
 * names a verified user: then it is VERIFIED at once. A trade account that
 * does not resolve (unknown customer or user, a user of another customer) is
 * 400 SCHEMA_ERROR and nothing is kept. Without a shipping address the
 * answer's is the billing address (chosen).
 */
export function createOrder(ctx: SimulatorContext, merchant: MerchantState, body: CreateOrderRequest): OrderRecord {
  const holder = merchant.orders.holderOf(body.merchant_order_id)
  if (holder) {
    throw invalidState(
      `merchant_order_id ${body.merchant_order_id} is already used by order ${holder.order.id}`,
      holder.order.id,
    )
  }
  // Minimal profile: a tracking_id links an intent of this merchant, or the create is refused (400, nothing kept).
  if (ctx.profile.name === "minimal" && body.tracking_id != null && !merchant.orders.hasIntent(body.tracking_id)) {
    throw schemaError(`tracking_id ${body.tracking_id} is not the tracking_id of an order intent of this merchant`, [
      {
        loc: ["body", "tracking_id"],
        msg: "no order intent of this merchant has this tracking_id",
        type: "value_error",
      },
    ])
  }
  const tradeAccount = body.buyer.trade_account
  const verifiedUser = !!tradeAccount && isVerifiedTradeAccountUser(ctx, merchant, tradeAccount)
  const company = ctx.companies.resolve(body.buyer.company)
  const amounts = checkTotals(body)
  const decision: Decision = amounts.ok
    ? decide(company, body.gross_amount)
    : { approved: false, decline_reason: amounts.code }
  // The service may add verification steps for certain orders (profile.ts StepUpRule; the full profile has none
  // unless set).
  const oneClick = decision.approved && verifiedUser && !steppedUp(ctx.profile, merchant.id, body)
  const id = randomUUID()
  const now = ctx.clock.iso()
  const billing = answerAddress(body.billing_address)
  const order: Order = {
    id,
    merchant_id: merchant.merchantId,
    merchant_order_id: body.merchant_order_id,
    merchant_reference: body.merchant_reference ?? null,
    order_type: "BUYER_INITIATED",
    invoice_type: "FUNDED_INVOICE",
    state: oneClick ? "VERIFIED" : "UNVERIFIED",
    status: decision.approved ? "APPROVED" : "REJECTED",
    decline_reason: decision.decline_reason,
    payment_url: decision.approved && !oneClick ? verificationUrl(ctx, id) : null,
    gross_amount: body.gross_amount,
    net_amount: body.net_amount,
    tax_amount: body.tax_amount,
    discount_amount: body.discount_amount,
    discount_rate: "0.000000",
    payable_amount: body.gross_amount,
    invoice_amount: body.gross_amount,
    prepaid_amount: "0.00",
    currency: body.currency,
    buyer: buyerOf(body.buyer, company),
    line_items: body.line_items,
    tax_subtotals: body.tax_subtotals,
    billing_address: billing,
    shipping_address: body.shipping_address ? answerAddress(body.shipping_address) : { ...billing, id: randomUUID() },
    merchant_urls: body.merchant_urls,
    tracking_id: body.tracking_id ?? null,
    fulfilments: [],
    refunds: [],
    invoice_url: null,
    credit_note_url: null,
    order_placed_date: now,
    date_created: now,
    date_updated: now,
  }
  const record: OrderRecord = {
    order,
    extras: extrasOf(body),
    company,
    createdAtMs: ctx.clock.nowMs(),
    verification: oneClick ? "approved" : null,
    invoices: [],
    creditNotes: [],
    refundsByReference: new Map(),
  }
  merchant.orders.add(record)
  return record
}
