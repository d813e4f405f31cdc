import { container } from "@medusajs/framework"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { ENROLLED_STATUSES } from "../../../modules/trade-credit/models/enrollment"
import type { BuyerCompany } from "../../../service/schemas"

/**
 * The company of a customer enrolled as a sole trader (their proposal was
 * accepted, or the service confirmed them as a returning buyer): the synthetic
 * organization number is used like any registered business's number.
 * Undefined for guests, customers without an enrollment, or when the plugin's
 * module is not there.
 */
export async function enrollmentCompanyOf(customerId: string | null | undefined): Promise<BuyerCompany | undefined> {
  if (!customerId) return undefined
  let tradeCredit: TradeCreditModuleService
  try {
    tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  } catch {
    return undefined
  }
  const [row] = await tradeCredit.listEnrollments({ customer_id: customerId }, { take: 1 })
  if (!row || !ENROLLED_STATUSES.includes(row.status) || !row.organization_number || !row.company_name) return undefined
  return { company_name: row.company_name, country_prefix: row.country_code.toUpperCase(), organization_number: row.organization_number }
}

/**
 * The storefront's session input, with the customer's enrolled company when the
 * input names no company (an input that names one is left as it is).
 */
export async function withEnrollmentCompany<T extends Record<string, unknown>>(input: T, customerId: string | null | undefined): Promise<T> {
  if (input.company !== undefined && input.company !== null) return input
  const company = await enrollmentCompanyOf(customerId)
  return company ? { ...input, company } : input
}
