import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { ErasureCase } from "../../../service/schemas/erasure"
import { placeholdersFor } from "../placeholders"
import { collectPluginRecords, type ErasureSubject, type RecordChange, writeRecord } from "../plugin-records"

export type AnonymiseInput = { request_id: string; case: ErasureCase; reference: string; subject: ErasureSubject }
export type AnonymiseResult = { anonymised: boolean; counts: Record<string, number> }

export const anonymisePluginDataStepId = "trade-credit-erasure-anonymise"

const countsOf = (changes: RecordChange[]) =>
  changes.reduce<Record<string, number>>((acc, change) => ({ ...acc, [change.kind]: (acc[change.kind] ?? 0) + 1 }), {})

/** Puts records back as they were, newest change first; best effort (each record on its own). */
async function restore(container: Parameters<typeof writeRecord>[0], changes: RecordChange[]): Promise<void> {
  for (const change of [...changes].reverse()) {
    await writeRecord(container, change.kind, change.id, change.before).catch(() => undefined)
  }
}

/**
 * For an ERASABLE case only, after the service accepted the erasure: the
 * plugin's own copies of the person's data get the same kind of placeholders
 * (payment data: representative names, emails, phones, invoice emails; a sole
 * trader's enrollment name; repayment account bodies). Amounts, currencies,
 * states and every id stay: the financial records remain whole. Running it
 * again changes nothing (what is anonymised holds nothing personal).
 *
 * A failure midway puts back what this step changed and records the error on
 * the request (it stays `submitted`: asking again with the same reference
 * finishes the plugin's part without a second submission). When a later step
 * fails, the compensation puts the records back the same way.
 */
export const anonymisePluginDataStep = createStep(
  anonymisePluginDataStepId,
  async (input: AnonymiseInput, { container }) => {
    if (input.case !== "ERASABLE")
      return new StepResponse<AnonymiseResult, RecordChange[]>({ anonymised: false, counts: {} }, [])
    const changes = await collectPluginRecords(container, input.subject, placeholdersFor(input.reference))
    const done: RecordChange[] = []
    try {
      for (const change of changes) {
        await writeRecord(container, change.kind, change.id, change.after)
        done.push(change)
      }
    } catch (error) {
      await restore(container, done)
      const message = error instanceof Error ? error.message : String(error)
      await container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).updateErasureRequests({
        id: input.request_id,
        error: `Submitted; anonymising the plugin's own records failed: ${message}`.slice(0, 1000),
      })
      throw error
    }
    return new StepResponse<AnonymiseResult, RecordChange[]>({ anonymised: true, counts: countsOf(changes) }, done)
  },
  async (done, { container }) => {
    if (done?.length) await restore(container, done)
  },
)
