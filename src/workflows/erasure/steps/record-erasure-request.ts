import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { ErasureRequestSource } from "../../../modules/trade-credit/models/erasure-request"
import type { ErasureCase } from "../../../service/schemas/erasure"
import { quote } from "../../../utils/quote"

export type RecordErasureInput = {
  reference: string
  email_hash: string
  customer_id: string | null
  case: ErasureCase
  requested_by: string | null
  source: ErasureRequestSource
  /** A request recorded before whose submission failed: it is tried again under the same row. */
  existing_id?: string | null
}

type Undo = { id: string; created: boolean; previous?: { case: ErasureCase; status: string; error: string | null } }

export const recordErasureRequestStepId = "trade-credit-erasure-record"

/**
 * Records the request before anything is sent: the reference, the case the
 * lookup found, when, and who asked (the audit trail the service does not
 * give). Compensation: a row that never reached `submitted` is marked
 * `failed` (the submission step writes the service's error there first), so
 * the audit trail keeps every attempt.
 */
export const recordErasureRequestStep = createStep(
  recordErasureRequestStepId,
  async (input: RecordErasureInput, { container }) => {
    const service = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const values = {
      email_hash: input.email_hash,
      customer_id: input.customer_id,
      case: input.case,
      requested_by: input.requested_by,
      source: input.source,
      status: "recorded" as const,
      error: null,
    }
    if (input.existing_id) {
      const previous = await service.retrieveErasureRequest(input.existing_id)
      await service.updateErasureRequests({ id: input.existing_id, ...values })
      return new StepResponse<string, Undo>(input.existing_id, {
        id: input.existing_id,
        created: false,
        previous: { case: previous.case as ErasureCase, status: previous.status, error: previous.error ?? null },
      })
    }
    try {
      const row = await service.createErasureRequests({ reference: input.reference, ...values })
      return new StepResponse<string, Undo>(row.id, { id: row.id, created: true })
    } catch (error) {
      const [raced] = await service.listErasureRequests({ reference: input.reference }, { take: 1 })
      if (!raced) throw error
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `An erasure request with reference ${quote(input.reference)} is being recorded ` +
          `already; list the requests to see it.`,
        "TRADE_CREDIT_ERASURE_IN_PROGRESS",
      )
    }
  },
  async (undo, { container }) => {
    if (!undo) return
    const service = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const [row] = await service.listErasureRequests({ id: undo.id }, { take: 1 })
    if (!row || row.status !== "recorded") return
    await service.updateErasureRequests({
      id: undo.id,
      status: "failed",
      error: row.error ?? "Stopped before the request was submitted",
    })
  },
)
