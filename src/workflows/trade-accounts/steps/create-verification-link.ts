import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { toMedusaError } from "../../../use-cases/errors"
import { tradeAccountKeys } from "../lib/keys"
import { tradeCreditModuleOf } from "../lib/records"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type CreateVerificationLinkInput = { user_row_id: string; service_user_id: string; return_url: string }

export const createVerificationLinkStepId = "trade-credit-create-verification-link"

/** A verification link of the user at the service (nothing to compensate: an unused link does nothing). */
export const createVerificationLinkStep = createStep(
  createVerificationLinkStepId,
  async (input: CreateVerificationLinkInput, { container }) => {
    const client = tradeCreditModuleOf(container).getClient()
    try {
      const { redirect_url } = await client.tradeAccount.createVerificationUrl(
        input.service_user_id,
        { return_url: input.return_url },
        { idempotencyKey: tradeAccountKeys.link(input.user_row_id, input.return_url) },
      )
      return new StepResponse({ redirect_url })
    } catch (error) {
      throw toMedusaError(error, "create the verification link", {
        audience: "admin",
        logger: pluginLoggerOf(container),
        ids: { trade_account_user_id: input.user_row_id },
      })
    }
  },
)
