import { ORDER_CURRENCIES } from "../../service/schemas/order"
import { REPAYMENT_CURRENCIES } from "../../service/schemas/common"
import { buyerText } from "../../utils/buyer-texts"
import { parseUnits } from "../money/units"
import type { CaptureOn } from "../order/capture-on"
import { INVOICE_LANGUAGES, type InvoiceLanguage } from "../order/invoice-language"

/** A region's trade credit settings as they apply: its row, else the defaults. */
export type EffectiveRegionSettings = {
  region_id: string | null
  /** Pay by invoice offered. */
  offered: boolean
  instalments_offered: boolean
  /** Order totals trade credit is offered for (major units, decimal strings); null: no limit. */
  min_order_amount: string | null
  max_order_amount: string | null
  /** Invoice terms in days; null: the service's default. */
  invoice_terms_days: number | null
  /** The numbers of monthly instalments offered, ascending; null: all the buyer's credit check allows. */
  instalment_periods: number[] | null
  /** Invoice terms for some customer groups and customers (termsForBuyer). */
  invoice_terms_overrides: TermsOverride[]
  /** When the region's orders are invoiced (the row's, else the options' `captureOn`). */
  capture_on: CaptureOn
  /** The language of the region's invoices; null: each order's locale (invoiceLanguageOf). */
  invoice_language: InvoiceLanguage | null
  /** A buyer the service declined does not see the method (true), or sees it unavailable with the reason (false). */
  hide_when_declined: boolean
  /** A buyer whose company is in an arrears block does not see the method ("hide"), or sees it unavailable with the
   * reason ("grey"), at the pre-check. */
  arrears_block_display: ArrearsBlockDisplay
  /** True when the region has a row (the merchant changed something). */
  customised: boolean
}

/** How the pre-check shows trade credit to a buyer whose company is in an arrears block. */
export const ARREARS_BLOCK_DISPLAYS = ["hide", "grey"] as const
export type ArrearsBlockDisplay = (typeof ARREARS_BLOCK_DISPLAYS)[number]

/** Invoice terms for the customers of a group, or for one customer. */
export type TermsOverride =
  { customer_group_id: string; invoice_terms_days: number } | { customer_id: string; invoice_terms_days: number }

/** The settings an admin edits, as the route takes them (`capture_on: null`: back to the options' `captureOn`). */
export type RegionSettingFields = { capture_on: CaptureOn | null } & Pick<
  EffectiveRegionSettings,
  | "offered"
  | "instalments_offered"
  | "min_order_amount"
  | "max_order_amount"
  | "invoice_terms_days"
  | "instalment_periods"
  | "invoice_terms_overrides"
  | "invoice_language"
  | "hide_when_declined"
  | "arrears_block_display"
>

export const EDITABLE_REGION_SETTINGS = [
  "offered",
  "instalments_offered",
  "min_order_amount",
  "max_order_amount",
  "invoice_terms_days",
  "instalment_periods",
  "invoice_terms_overrides",
  "capture_on",
  "invoice_language",
  "hide_when_declined",
  "arrears_block_display",
] as const

/** What applies where a region's row sets nothing: the provider options. */
export type RegionDefaults = { invoiceTermsDays?: number; captureOn: CaptureOn }

/** A row's columns as stored (the json columns are read as unknown and checked here). */
type StoredRow = Partial<
  Omit<RegionSettingFields, "instalment_periods" | "invoice_terms_overrides" | "capture_on" | "invoice_language">
> & {
  instalment_periods?: unknown
  invoice_terms_overrides?: unknown
  capture_on?: CaptureOn | null
  invoice_language?: string | null
}

/** A json column's list, stored under `key` (`{periods: [...]}`, `{entries: [...]}`: the module's json columns are
 * objects). */
const listIn = (value: unknown, key: string): unknown[] | undefined => {
  const list = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined
  return Array.isArray(list) ? list : undefined
}

const periodsOf = (value: unknown): number[] | null => {
  const list = listIn(value, "periods")
  return list?.length && list.every((n): n is number => Number.isInteger(n)) ? [...list].sort((a, b) => a - b) : null
}

const overridesOf = (value: unknown): TermsOverride[] =>
  (listIn(value, "entries") ?? []).filter(
    (o): o is TermsOverride =>
      !!o &&
      typeof o === "object" &&
      Number.isInteger((o as TermsOverride).invoice_terms_days) &&
      (typeof (o as { customer_group_id?: unknown }).customer_group_id === "string" ||
        typeof (o as { customer_id?: unknown }).customer_id === "string"),
  )

/** The settings to change as the row stores them (the json columns as objects). */
export function storedRegionSettings(changes: Partial<RegionSettingFields>) {
  const { instalment_periods, invoice_terms_overrides, ...plain } = changes
  return {
    ...plain,
    ...(instalment_periods !== undefined && {
      instalment_periods: instalment_periods === null ? null : { periods: instalment_periods },
    }),
    ...(invoice_terms_overrides !== undefined && {
      invoice_terms_overrides: invoice_terms_overrides.length ? { entries: invoice_terms_overrides } : null,
    }),
  }
}

/** The settings of a region from its row (or none), the provider options' terms and capture where the row sets none. */
export function effectiveRegionSettings(
  regionId: string | null | undefined,
  row: StoredRow | undefined,
  defaults: RegionDefaults,
): EffectiveRegionSettings {
  return {
    region_id: regionId ?? null,
    offered: row?.offered ?? true,
    instalments_offered: row?.instalments_offered ?? true,
    min_order_amount: row?.min_order_amount ?? null,
    max_order_amount: row?.max_order_amount ?? null,
    invoice_terms_days: row?.invoice_terms_days ?? defaults.invoiceTermsDays ?? null,
    instalment_periods: periodsOf(row?.instalment_periods),
    invoice_terms_overrides: overridesOf(row?.invoice_terms_overrides),
    capture_on: row?.capture_on ?? defaults.captureOn,
    invoice_language: INVOICE_LANGUAGES.find((l) => l === row?.invoice_language) ?? null,
    hide_when_declined: row?.hide_when_declined ?? true,
    arrears_block_display: ARREARS_BLOCK_DISPLAYS.find((d) => d === row?.arrears_block_display) ?? "hide",
    customised: !!row,
  }
}

export type Ineligibility = {
  code: "TRADE_CREDIT_NOT_OFFERED" | "TRADE_CREDIT_NOT_ELIGIBLE"
  message: string
  reason: string
}

const cents = (amount: string) => parseUnits(amount, 2)

/** The currencies the service takes for each method (the published CurrencyEnum of each interface). */
export const SERVED_CURRENCIES: Readonly<Record<"invoice" | "instalments", readonly string[]>> = {
  invoice: ORDER_CURRENCIES,
  instalments: REPAYMENT_CURRENCIES,
}

/**
 * Why a cart of `grossAmount` in `currency` may not be paid with `method` in a region, or undefined when it may: the
 * method is switched off there, the service does not take the currency, or the total is below the minimum or above
 * the maximum. `message` is the buyer's (translated on the way out), `reason` the merchant's.
 */
export function ineligibilityOf(
  settings: EffectiveRegionSettings,
  method: "invoice" | "instalments",
  { grossAmount, currency }: { grossAmount: string; currency: string },
): Ineligibility | undefined {
  if (method === "invoice" && !settings.offered) {
    return {
      code: "TRADE_CREDIT_NOT_OFFERED",
      message: buyerText("region.not_offered"),
      reason: "pay by invoice is off in the region",
    }
  }
  if (method === "instalments" && !settings.instalments_offered) {
    return {
      code: "TRADE_CREDIT_NOT_OFFERED",
      message: buyerText("region.instalments_not_offered"),
      reason: "instalments are off in the region",
    }
  }
  const code = currency.toUpperCase()
  if (!SERVED_CURRENCIES[method].includes(code)) {
    return {
      code: "TRADE_CREDIT_NOT_ELIGIBLE",
      message: buyerText("region.currency_not_served"),
      reason:
        `the service takes ${method === "invoice" ? "orders" : "instalment plans"} ` +
        `in ${SERVED_CURRENCIES[method].join(", ")}, not ${code}`,
    }
  }
  const total = cents(grossAmount)
  const min = settings.min_order_amount === null ? undefined : cents(settings.min_order_amount)
  const max = settings.max_order_amount === null ? undefined : cents(settings.max_order_amount)
  if (total !== undefined && min !== undefined && total < min) {
    return {
      code: "TRADE_CREDIT_NOT_ELIGIBLE",
      message: buyerText("region.amount_outside"),
      reason: `the total ${grossAmount} is below the region's minimum ${settings.min_order_amount}`,
    }
  }
  if (total !== undefined && max !== undefined && total > max) {
    return {
      code: "TRADE_CREDIT_NOT_ELIGIBLE",
      message: buyerText("region.amount_outside"),
      reason: `the total ${grossAmount} is above the region's maximum ${settings.max_order_amount}`,
    }
  }
  return undefined
}

/**
 * The invoice terms of a buyer in the region: the customer's own override, else the longest of their groups'
 * overrides, else the region's terms (null: the service's default). Overrides apply to customers with an account only:
 * a guest cart's customer is whoever typed the email.
 */
export function termsForBuyer(
  settings: Pick<EffectiveRegionSettings, "invoice_terms_days" | "invoice_terms_overrides">,
  buyer: { customerId?: string | null; hasAccount?: boolean | null; groupIds?: readonly string[] },
): number | null {
  if (buyer.hasAccount !== true || !buyer.customerId) return settings.invoice_terms_days
  const own = settings.invoice_terms_overrides.find((o) => "customer_id" in o && o.customer_id === buyer.customerId)
  if (own) return own.invoice_terms_days
  const groups = new Set(buyer.groupIds ?? [])
  const byGroup = settings.invoice_terms_overrides
    .filter((o) => "customer_group_id" in o && groups.has(o.customer_group_id))
    .map((o) => o.invoice_terms_days)
  return byGroup.length ? Math.max(...byGroup) : settings.invoice_terms_days
}

/** Why `numberOfPeriods` monthly instalments may not be chosen in the region, or undefined when they may. */
export function periodsRefusalOf(
  settings: Pick<EffectiveRegionSettings, "instalment_periods">,
  numberOfPeriods: number,
): string | undefined {
  const offered = settings.instalment_periods
  if (!offered || offered.includes(numberOfPeriods)) return undefined
  return `${numberOfPeriods} monthly instalments are not offered here: choose ${offered.join(", ")}`
}
