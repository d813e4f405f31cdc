import { MedusaError } from "@medusajs/framework/utils"
import { isTradeCreditError } from "../client/errors"
import type { PlanStatus } from "../service/schemas/repayment"
import { Money } from "../core/money/money"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import { readCaptureAmount } from "../medusa/medusa-reader"
import type { ProviderDeps } from "./deps"

export type PlanCapture = { planId: string; captureId: string | undefined; grossAmount: string | undefined }

/**
 * A capture of a repayment plan: the whole plan is fulfilled (the service pays out and starts invoicing the
 * instalments). A capture of less than the plan's total (Medusa's capture row, read by `captureId`) is refused.
 */
export async function fulfilPlan(
  deps: Pick<ProviderDeps, "client" | "call" | "fail" | "medusa">,
  { planId, captureId, grossAmount }: PlanCapture,
): Promise<PlanStatus> {
  const captureAmount = captureId ? await readCaptureAmount(deps.medusa.payments(), captureId) : undefined
  if (captureAmount !== undefined && grossAmount) {
    const captured = Money.fromMedusa(captureAmount).roundToCents()
    if (captured.lt(grossAmount)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `A repayment plan is fulfilled whole: capture the full ${grossAmount}, not ${captured.toDecimal()}`,
        "TRADE_CREDIT_PLAN_CAPTURE_WHOLE",
      )
    }
  }
  const ids = { capture_id: captureId, plan_id: planId }
  try {
    return await deps.client.repayment.fulfil(planId, { idempotencyKey: planKeys.fulfil(captureId ?? planId) })
  } catch (error) {
    // A plan fulfilled already (a capture whose answers were lost, retried under a new capture id; the
    // reconciliation recording a fulfilment made in the service's portal): a service that refuses a second
    // fulfilment is read back, and the fulfilment it made is adopted. Nothing is paid out twice either way.
    if (isTradeCreditError(error) && error.status === 409) {
      const status = await deps.call("read the plan", () => deps.client.repayment.getStatus(planId), ids)
      if (status.fulfilment_status === "PENDING" || status.fulfilment_status === "SUCCEEDED") return status
    }
    return deps.fail("fulfil the repayment plan", error, ids)
  }
}
