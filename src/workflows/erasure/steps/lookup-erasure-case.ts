import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { toMedusaError } from "../../../use-cases/errors"
import type { ErasureCase } from "../../../service/schemas/erasure"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export const lookupErasureCaseStepId = "trade-credit-erasure-lookup"

/**
 * Which case applies to the address at the service (interfaces.md rule 7: the
 * lookup comes first, because the erasure's answer never says). Reads only.
 */
export const lookupErasureCaseStep = createStep(
  lookupErasureCaseStepId,
  async (input: { email: string }, { container }) => {
    const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
    try {
      const found = await client.erasure.lookup(input.email)
      return new StepResponse<ErasureCase>(found.case)
    } catch (error) {
      // Admin-facing: the message keeps the service's code and trace id for the merchant's support request.
      throw toMedusaError(error, "look the address up for erasure", {
        audience: "admin",
        logger: pluginLoggerOf(container),
      })
    }
  },
)
