import { buyerText } from "../../utils/buyer-texts"
import { Money } from "../money/money"

/**
 * What the service last said of a buyer company's credit (its `customer.credit_limit.updated.v1` and arrears events,
 * kept by the plugin's module): the part the checkout's rule reads. Amounts are decimal strings in `currency_code`.
 */
export type CompanyCreditFacts = {
  /** In an arrears block (an invoice overdue): the service offers the company no trade credit until it leaves it. */
  in_arrears: boolean
  currency_code: string | null
  /** The credit the company has left. */
  credit_limit_balance: string | null
  /** The largest single order the company may pay on trade credit. */
  max_single_order_value: string | null
}

/** The codes of a company-credit refusal (src/api/errors/codes.ts). */
export const COMPANY_CREDIT_CODES = [
  "TRADE_CREDIT_ARREARS_BLOCK",
  "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
  "TRADE_CREDIT_ABOVE_CREDIT_BALANCE",
] as const
export type CompanyCreditCode = (typeof COMPANY_CREDIT_CODES)[number]

/** Why a cart is refused for its company's credit: the code, the buyer's words (English) and the merchant's reason. */
export type CompanyCreditRefusal = {
  code: CompanyCreditCode
  /** The buyer's words (utils/buyer-texts.ts: translated on the way out). */
  message: string
  /** Why, for the log. */
  reason: string
}

/** An amount as the module keeps it, or undefined when it is none (nothing is refused on an amount not understood). */
function amountOf(value: string | null): Money | undefined {
  if (value === null || !Money.isMedusaAmount(value)) return undefined
  try {
    return Money.fromMedusa(value)
  } catch {
    return undefined
  }
}

/**
 * Whether a cart of `grossAmount` in `currency` may be offered trade credit given what the service last said of the
 * buyer's company, before anything is asked of it: refused while the company is in an arrears block, or when the total
 * is above its maximum single order value or above the credit it has left (both only when they are in the cart's
 * currency: an amount in another currency says nothing of this cart). Undefined: allowed (nothing known, or nothing
 * against it): the service's own check decides.
 */
export function companyCreditRefusalOf(
  credit: CompanyCreditFacts | null | undefined,
  { grossAmount, currency }: { grossAmount: string; currency: string },
): CompanyCreditRefusal | undefined {
  if (!credit) return undefined
  if (credit.in_arrears) {
    return {
      code: "TRADE_CREDIT_ARREARS_BLOCK",
      message: buyerText("credit.arrears_block"),
      reason: "the buyer's company is in an arrears block at the service",
    }
  }
  if (!credit.currency_code || credit.currency_code.toUpperCase() !== currency.toUpperCase()) return undefined
  const total = amountOf(grossAmount)
  if (!total) return undefined
  const code = currency.toUpperCase()
  const max = amountOf(credit.max_single_order_value)
  if (max && total.gt(max)) {
    return {
      code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
      message: buyerText("credit.above_max_order_value"),
      reason: `the total ${grossAmount} ${code} is above the company's maximum single order value ${max.toDecimal()}`,
    }
  }
  const balance = amountOf(credit.credit_limit_balance)
  if (balance && total.gt(balance)) {
    return {
      code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE",
      message: buyerText("credit.above_credit_balance"),
      reason: `the total ${grossAmount} ${code} is above the company's remaining credit ${balance.toDecimal()}`,
    }
  }
  return undefined
}
