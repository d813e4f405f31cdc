import { CART_FIELDS } from "../core/order/cart-fields"
import type { RegionSettingRow, TradeAccountUserRow, TradeCreditModuleService } from "../modules/trade-credit"
import { ENROLLED_STATUSES } from "../modules/trade-credit/models/enrollment"
import {
  type EffectiveRegionSettings,
  effectiveRegionSettings,
  type RegionDefaults,
  termsForBuyer,
} from "../core/region/region-settings"
import type { BuyerCompany } from "../service/schemas/order"
import type { MedusaCartInput } from "../core/order/medusa-cart"

/**
 * What the providers need of the plugin's own tables, read with the cart in its one Query through read-only links
 * (src/links), so a payment session and a cart completion read the database once before calling the service
 * (docs/architecture.md, "The checkout-to-HTTP path"):
 * - the payment session's credit check reads the region's trade credit settings (SESSION_CART_FIELDS);
 * - the order's creation reads the customer's trade account user (ORDER_CART_FIELDS).
 * One link each: Medusa 2.21's Query drops the rows of one of two read-only links into the plugin's module when both
 * are in one query (measured: `region.trade_credit_region_setting` came back empty next to
 * `customer.trade_credit_trade_account_user`). Only a logged-in customer who names no company costs one more read at
 * the session: their trade account's business, or their sole-trader enrollment's company.
 */

/** The region's trade credit settings, read with a cart (also by the pre-check route). */
export const REGION_SETTING_FIELDS = ["region.trade_credit_region_setting.*"]

/**
 * The cart of a payment session's credit check: what the payload builders read, the region's settings, and the
 * customer's groups (for the region's invoice terms per group).
 */
export const SESSION_CART_FIELDS = [
  ...CART_FIELDS,
  ...REGION_SETTING_FIELDS,
  "customer.has_account",
  "customer.groups.id",
]

/** The cart of an order's creation: what the payload builders read, and the customer's trade account user. */
export const ORDER_CART_FIELDS = [...CART_FIELDS, "customer.has_account", "customer.trade_credit_trade_account_user.*"]

type Linked<T> = T | null | undefined

/** A cart read with SESSION_CART_FIELDS or ORDER_CART_FIELDS (only what is read of it here). */
export type LinkedCart = {
  region_id?: string | null
  region?: Linked<{ trade_credit_region_setting?: Linked<Partial<RegionSettingRow>> }>
  customer?: Linked<{
    id?: string | null
    has_account?: boolean | null
    groups?: Linked<Linked<{ id: string }>[]>
    trade_credit_trade_account_user?: Linked<
      Pick<TradeAccountUserRow, "trade_account_id" | "service_customer_id" | "service_user_id">
    >
  }>
}

/** A payment session's cart: what the payload builders read, and the linked rows of the plugin. */
export type CheckoutCart = MedusaCartInput & LinkedCart

/** The settings of the cart's region as they apply (its row, else the defaults: the options' terms and capture). */
export function regionSettingsOfCart(cart: LinkedCart, defaults: RegionDefaults): EffectiveRegionSettings {
  return effectiveRegionSettings(cart.region_id, cart.region?.trade_credit_region_setting ?? undefined, defaults)
}

/** The invoice terms of the cart's buyer in its region (the customer's or their groups' override, else the region's).
 * */
export function invoiceTermsOfCart(cart: LinkedCart, settings: EffectiveRegionSettings): number | null {
  return termsForBuyer(settings, {
    customerId: cart.customer?.id,
    hasAccount: cart.customer?.has_account,
    groupIds: (cart.customer?.groups ?? []).flatMap((g) => (g?.id ? [g.id] : [])),
  })
}

/**
 * The order's `buyer.trade_account` (the service's ids) when the cart's customer is a user of a trade account: the
 * service then creates the order VERIFIED for a verified user (one-click checkout, no redirect) and asks an
 * unverified one to verify as usual. Undefined for other customers, and for a guest customer (no account: anyone who
 * types the email at a guest checkout is that customer, so a guest never orders in a trade account's name).
 */
export function tradeAccountBuyerOfCart(cart: LinkedCart): { customer_id: string; user_id: string } | undefined {
  if (cart.customer?.has_account !== true) return undefined
  const user = cart.customer.trade_credit_trade_account_user
  return user ? { customer_id: user.service_customer_id, user_id: user.service_user_id } : undefined
}

/** The business of the trade account the customer orders for, as the order's `buyer.company` (one read). */
async function tradeAccountCompanyOf(
  module: TradeCreditModuleService,
  customerId: string,
): Promise<BuyerCompany | undefined> {
  const [user] = await module.listTradeAccountUsers({ customer_id: customerId }, { take: 1 })
  if (!user) return undefined
  const [account] = await module.listTradeAccounts({ id: user.trade_account_id }, { take: 1 })
  if (!account) return undefined
  if (account.canonical_id) return { company_canonical_id: account.canonical_id }
  if (account.country_code && account.organization_number) {
    return {
      company_name: account.trade_name,
      country_prefix: account.country_code,
      organization_number: account.organization_number,
    }
  }
  return undefined
}

/**
 * The company of a customer enrolled as a sole trader (their proposal was accepted, or the service confirmed them as a
 * returning buyer): the synthetic organization number is used like any registered business's number (one read).
 */
async function enrollmentCompanyOf(
  module: TradeCreditModuleService,
  customerId: string,
): Promise<BuyerCompany | undefined> {
  const [row] = await module.listEnrollments({ customer_id: customerId }, { take: 1 })
  if (!row || !ENROLLED_STATUSES.includes(row.status) || !row.organization_number || !row.company_name) return undefined
  return {
    company_name: row.company_name,
    country_prefix: row.country_code.toUpperCase(),
    organization_number: row.organization_number,
  }
}

/**
 * The storefront's session input, with the company of the logged-in customer when the input names none: the business
 * of the trade account they order for (`tradeAccounts`), else their sole-trader enrollment's. Only when the cart's
 * customer is the logged-in customer (`customerId`, the session context's): a guest cart's customer is never taken
 * for a buyer.
 */
export async function withCustomerCompany<T extends Record<string, unknown>>(
  input: T,
  cart: LinkedCart,
  options: {
    customerId: string | null | undefined
    tradeAccounts: boolean
    /** The plugin's module (read only when a logged-in customer names no company); undefined when it is not loaded. */
    tradeCredit: () => TradeCreditModuleService | undefined
  },
): Promise<T> {
  if (input.company !== undefined && input.company !== null) return input
  const customerId = options.customerId
  if (!customerId || cart.customer?.id !== customerId) return input
  const module = options.tradeCredit()
  if (!module) return input
  const company =
    (options.tradeAccounts ? await tradeAccountCompanyOf(module, customerId) : undefined) ??
    (await enrollmentCompanyOf(module, customerId))
  return company ? { ...input, company } : input
}
