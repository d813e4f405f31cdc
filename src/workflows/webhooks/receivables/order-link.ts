import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TradeCreditClient } from "../../../client/index"
import { companyKeyOf } from "../../../modules/trade-credit/receivables"
import type { OrderSummary } from "../../../service/schemas/order"
import { readMedusaPaymentState } from "../../reconciliation/read-medusa-state"
import { sessionOfOrder } from "../session-of-order"

/** Whose a document is in Medusa: the order, its customer and the buyer's company. */
export type OrderLink = {
  order_id: string | null
  customer_id: string | null
  company_key: string | null
  company_name: string | null
}

type CompanyFields = {
  country_prefix?: string | null
  organization_number?: string | null
  company_name?: string | null
}

/** The company's key when it has an organization number (a canonical id alone names no key). */
export function companyOf(company: CompanyFields | null | undefined): Pick<OrderLink, "company_key" | "company_name"> {
  const number = company?.organization_number?.trim()
  return {
    company_key: number ? companyKeyOf(company?.country_prefix ?? null, number) : null,
    company_name: company?.company_name ?? null,
  }
}

/** The Medusa customer who placed an order (null for a guest's). */
export async function customerOfOrder(container: MedusaContainer, orderId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "customer_id"], filters: { id: orderId } })
  return (data[0] as { customer_id?: string | null } | undefined)?.customer_id ?? null
}

/**
 * The Medusa order a service order was placed for, read from the service order (`merchant_order_id` names the payment
 * session: session-of-order.ts), its customer, and the buyer's company: as the service resolved it (the answer's
 * country and organization number), else as the session was credit-checked, else, for a company named by its
 * canonical id alone, as the service's registry has it (one read; a failed one leaves the company unknown). Null when
 * no payment session of this store made the order.
 */
export async function linkOfServiceOrder(
  container: MedusaContainer,
  client: TradeCreditClient,
  order: Pick<OrderSummary, "merchant_order_id" | "buyer">,
): Promise<OrderLink | null> {
  const sessionId = await sessionOfOrder(container, { merchant_order_id: order.merchant_order_id })
  if (!sessionId) return null
  const state = await readMedusaPaymentState(container, sessionId)
  if (!state) return null
  const orderId = state.order?.id ?? null
  const checked = state.session.data.buyer_company as (CompanyFields & { company_canonical_id?: string }) | undefined
  let company = [companyOf(order.buyer.company), companyOf(checked)].find((c) => c.company_key)
  const canonicalId = order.buyer.company.company_canonical_id ?? checked?.company_canonical_id
  if (!company && canonicalId) {
    try {
      const registered = await client.companies.get(canonicalId)
      company = companyOf({
        country_prefix: registered.country,
        organization_number: registered.organization_number,
        company_name: registered.name,
      })
    } catch {
      // The company stays unknown; the order and its customer still link the invoice.
    }
  }
  return {
    order_id: orderId,
    customer_id: orderId ? await customerOfOrder(container, orderId) : null,
    company_key: company?.company_key ?? null,
    company_name: company?.company_name ?? order.buyer.company.company_name ?? checked?.company_name ?? null,
  }
}

/**
 * The key of a repayment account's company (`BuyerRepaymentAccount.company_key`, "GB-08123456": its country, a dash
 * and the organization number as the repayment interface compares it) as the module keys companies ("GB:08123456").
 */
export function companyKeyOfAccount(accountCompanyKey: string): string | null {
  const dash = accountCompanyKey.indexOf("-")
  if (dash < 1 || dash === accountCompanyKey.length - 1) return null
  return companyKeyOf(accountCompanyKey.slice(0, dash), accountCompanyKey.slice(dash + 1))
}

/** The Medusa customer a repayment account is filed under (null for a guest's: `guest-` and a digest of the email). */
export const customerOfAccount = (buyerKey: string): string | null => (buyerKey.startsWith("guest-") ? null : buyerKey)
