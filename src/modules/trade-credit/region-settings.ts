import { ORDER_CURRENCIES, REPAYMENT_CURRENCIES } from "../../service/schemas"
import { buyerText } from "../../utils/buyer-texts"
import { parseUnits } from "../../core/money/units"

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
  /** True when the region has a row (the merchant changed something). */
  customised: boolean
}

export type RegionSettingFields = Pick<
  EffectiveRegionSettings,
  "offered" | "instalments_offered" | "min_order_amount" | "max_order_amount" | "invoice_terms_days"
>

export const EDITABLE_REGION_SETTINGS = ["offered", "instalments_offered", "min_order_amount", "max_order_amount", "invoice_terms_days"] as const

/** The settings of a region from its row (or none), the provider options' terms where the row sets none. */
export function effectiveRegionSettings(
  regionId: string | null | undefined,
  row: Partial<RegionSettingFields> | undefined,
  defaultTermsDays: number | undefined
): EffectiveRegionSettings {
  return {
    region_id: regionId ?? null,
    offered: row?.offered ?? true,
    instalments_offered: row?.instalments_offered ?? true,
    min_order_amount: row?.min_order_amount ?? null,
    max_order_amount: row?.max_order_amount ?? null,
    invoice_terms_days: row?.invoice_terms_days ?? defaultTermsDays ?? null,
    customised: !!row,
  }
}

export type Ineligibility = { code: "TRADE_CREDIT_NOT_OFFERED" | "TRADE_CREDIT_NOT_ELIGIBLE"; message: string; reason: string }

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
  { grossAmount, currency }: { grossAmount: string; currency: string }
): Ineligibility | undefined {
  if (method === "invoice" && !settings.offered) {
    return { code: "TRADE_CREDIT_NOT_OFFERED", message: buyerText("region.not_offered"), reason: "pay by invoice is off in the region" }
  }
  if (method === "instalments" && !settings.instalments_offered) {
    return { code: "TRADE_CREDIT_NOT_OFFERED", message: buyerText("region.instalments_not_offered"), reason: "instalments are off in the region" }
  }
  const code = currency.toUpperCase()
  if (!SERVED_CURRENCIES[method].includes(code)) {
    return {
      code: "TRADE_CREDIT_NOT_ELIGIBLE",
      message: buyerText("region.currency_not_served"),
      reason: `the service takes ${method === "invoice" ? "orders" : "instalment plans"} in ${SERVED_CURRENCIES[method].join(", ")}, not ${code}`,
    }
  }
  const total = cents(grossAmount)
  const min = settings.min_order_amount === null ? undefined : cents(settings.min_order_amount)
  const max = settings.max_order_amount === null ? undefined : cents(settings.max_order_amount)
  if (total !== undefined && min !== undefined && total < min) {
    return { code: "TRADE_CREDIT_NOT_ELIGIBLE", message: buyerText("region.amount_outside"), reason: `the total ${grossAmount} is below the region's minimum ${settings.min_order_amount}` }
  }
  if (total !== undefined && max !== undefined && total > max) {
    return { code: "TRADE_CREDIT_NOT_ELIGIBLE", message: buyerText("region.amount_outside"), reason: `the total ${grossAmount} is above the region's maximum ${settings.max_order_amount}` }
  }
  return undefined
}
