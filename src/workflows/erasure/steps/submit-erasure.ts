import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isTradeCreditError } from "../../../client/errors"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { toMedusaError } from "../../../use-cases/errors"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type SubmitErasureInput = { request_id: string; email: string; reference: string }

export const submitErasureStepId = "trade-credit-erasure-submit"

/** The Idempotency-Key of a request's submission: the same on every retry of one recorded request. */
export const erasureIdempotencyKey = (requestId: string) => `erasure-${requestId}`

/**
 * Submits the erasure (202 in every case). On success the row is `submitted`;
 * on failure it is `failed` with the service's code and message (never the
 * address) and the workflow stops: nothing of the plugin's own is anonymised.
 * No compensation: an erasure the service accepted cannot be taken back.
 */
export const submitErasureStep = createStep(submitErasureStepId, async (input: SubmitErasureInput, { container }) => {
  const service = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  try {
    await service
      .getClient()
      .erasure.submit(
        { email: input.email, reference: input.reference },
        { idempotencyKey: erasureIdempotencyKey(input.request_id) },
      )
  } catch (error) {
    const reason = isTradeCreditError(error)
      ? `${error.code}: ${error.message}${error.traceId ? ` (trace ${error.traceId})` : ""}`
      : error instanceof Error
        ? error.message
        : String(error)
    await service.updateErasureRequests({ id: input.request_id, status: "failed", error: reason.slice(0, 1000) })
    throw toMedusaError(error, "submit the erasure request", {
      audience: "admin",
      logger: pluginLoggerOf(container),
      ids: { erasure_request_id: input.request_id },
    })
  }
  await service.updateErasureRequests({
    id: input.request_id,
    status: "submitted",
    submitted_at: new Date(),
    error: null,
  })
  return new StepResponse({ submitted: true })
})
