import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TradeAccountCustomer, TradeAccountCustomerRequest } from "../../../service/schemas/trade-account"
import { type TradeAccountRow, tradeCreditModuleOf } from "../lib/records"
import { companyOfBody } from "../lib/service-bodies"

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
 * The plugin's row of the business, with the service's id. The identifiers
 * are those sent (kept as `{canonical_id}` or `{country_code,
 * organization_number}`); the trade name is the service's when it has one (an
 * adopted record keeps what the service has), and the service's record of the
 * business fills in its country and organization number. Compensation
 * deletes a row this run created.
 */
export const saveTradeAccountStep = createStep(
  saveTradeAccountStepId,
  async (input: SaveTradeAccountInput, { container }) => {
    if (input.existing) return new StepResponse<TradeAccountRow, string | null>(input.existing, null)
    const company = companyOfBody(input.body)
    const known = input.customer?.company ?? null
    const row = await tradeCreditModuleOf(container).createTradeAccounts({
      service_customer_id: input.service_customer_id,
      merchant_customer_id: input.body.merchant_customer_id,
      trade_name:
        input.customer?.trade_name ?? input.body.trade_name ?? known?.company_name ?? input.body.merchant_customer_id,
      company,
      canonical_id: "canonical_id" in company ? company.canonical_id : null,
      country_code: "country_code" in company ? company.country_code : (known?.country_prefix ?? input.country_code),
      organization_number:
        "organization_number" in company ? company.organization_number : (known?.organization_number ?? null),
    })
    return new StepResponse<TradeAccountRow, string | null>({ ...row, company }, row.id)
  },
  async (createdId, { container }) => {
    if (createdId) await tradeCreditModuleOf(container).deleteTradeAccounts([createdId])
  },
)
