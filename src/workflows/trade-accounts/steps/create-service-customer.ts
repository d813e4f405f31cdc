import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isTradeCreditError } from "../../../client/errors"
import { toMedusaError } from "../../../use-cases/errors"
import type { TradeAccountCustomer, TradeAccountCustomerRequest } from "../../../service/schemas/trade-account"
import { tradeAccountKeys } from "../lib/keys"
import { type TradeAccountRow, tradeCreditModuleOf } from "../lib/records"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type CreateServiceCustomerInput = { existing: TradeAccountRow | null; body: TradeAccountCustomerRequest }
export type ServiceCustomerResult = {
  customer: TradeAccountCustomer | null
  service_customer_id: string
  adopted: boolean
}

export const createServiceCustomerStepId = "trade-credit-create-trade-account-customer"

/**
 * The business at the service. Already onboarded (a plugin row exists):
 * nothing is sent. Otherwise it is created with a key derived from the Medusa
 * customer's id; a `merchant_customer_id` the service already has (409
 * INVALID_STATE, e.g. an onboarding whose answer was lost) or a retry with a
 * changed body (IDEMPOTENCY_CONFLICT) adopts the service's record, read back
 * by the merchant's id. The service offers no delete: there is nothing to
 * compensate (a later onboarding adopts the record).
 */
export const createServiceCustomerStep = createStep(
  createServiceCustomerStepId,
  async (input: CreateServiceCustomerInput, { container }) => {
    if (input.existing) {
      return new StepResponse<ServiceCustomerResult>({
        customer: null,
        service_customer_id: input.existing.service_customer_id,
        adopted: true,
      })
    }
    const client = tradeCreditModuleOf(container).getClient()
    const merchantId = input.body.merchant_customer_id
    const logger = pluginLoggerOf(container)
    try {
      const customer = await client.tradeAccount.createCustomer(input.body, {
        idempotencyKey: tradeAccountKeys.customer(merchantId, input.body),
      })
      return new StepResponse<ServiceCustomerResult>({ customer, service_customer_id: customer.id, adopted: false })
    } catch (error) {
      if (isTradeCreditError(error) && (error.code === "INVALID_STATE" || error.code === "IDEMPOTENCY_CONFLICT")) {
        try {
          const customer = await client.tradeAccount.getCustomer(merchantId)
          return new StepResponse<ServiceCustomerResult>({ customer, service_customer_id: customer.id, adopted: true })
        } catch (readError) {
          throw toMedusaError(readError, "read the trade account customer", {
            audience: "admin",
            logger,
            ids: { customer_id: merchantId },
          })
        }
      }
      throw toMedusaError(error, "create the trade account customer", {
        audience: "admin",
        logger,
        ids: { customer_id: merchantId },
      })
    }
  },
)
