import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TradeAccountCustomer, TradeAccountCustomerRequest } from "../../../service/schemas"
import { type TradeAccountRow, tradeCreditModuleOf } from "../lib/records"

export type SaveTradeAccountInput = {
  existing: TradeAccountRow | null
  body: TradeAccountCustomerRequest
  /** The service's answer (null when the account existed already). */
  customer: TradeAccountCustomer | null
  service_customer_id: string
  country_code: string
}

export const saveTradeAccountStepId = "trade-credit-save-trade-account"

/**
 * The plugin's row of the business, with the service's id. The business's
 * name and company are the service's (an adopted record keeps what the
 * service has). Compensation deletes a row this run created.
 */
export const saveTradeAccountStep = createStep(
  saveTradeAccountStepId,
  async (input: SaveTradeAccountInput, { container }) => {
    if (input.existing) return new StepResponse<TradeAccountRow, string | null>(input.existing, null)
    const source = input.customer ?? { ...input.body, id: input.service_customer_id }
    const company = source.company
    const row = (await tradeCreditModuleOf(container).createTradeAccounts({
      service_customer_id: input.service_customer_id,
      merchant_customer_id: input.body.merchant_customer_id,
      trade_name: source.trade_name,
      company: company as unknown as Record<string, unknown>,
      canonical_id: "canonical_id" in company ? company.canonical_id : null,
      country_code: "country_code" in company ? company.country_code : input.country_code,
      organization_number: "organization_number" in company ? company.organization_number : null,
    })) as unknown as TradeAccountRow
    return new StepResponse<TradeAccountRow, string | null>(row, row.id)
  },
  async (createdId, { container }) => {
    if (createdId) await tradeCreditModuleOf(container).deleteTradeAccounts([createdId])
  }
)
