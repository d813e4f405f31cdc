import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ENROLLMENT_FIELDS,
  type EnrollmentRow,
  type EnrollmentValues,
  enrollmentOfCustomer,
  tradeCreditOf,
} from "../enrollment-store"

export type SaveEnrollmentInput = { customer_id: string; values: EnrollmentValues }

/** What the compensation needs: the row's id and its values before (none: the row was created). */
type Undo = { id: string; before: EnrollmentValues | null }

const snapshot = (row: EnrollmentRow): EnrollmentValues =>
  Object.fromEntries(ENROLLMENT_FIELDS.map((field) => [field, row[field]])) as EnrollmentValues

/**
 * Creates or updates the customer's one live enrollment. Undone by restoring
 * the values it had (or deleting the row it created) when a later step fails.
 */
export const saveEnrollmentStep = createStep(
  "trade-credit-save-enrollment",
  async (input: SaveEnrollmentInput, { container }) => {
    const tradeCredit = tradeCreditOf(container)
    const existing = await enrollmentOfCustomer(tradeCredit, input.customer_id)
    if (existing) {
      const row = await tradeCredit.updateEnrollments({ id: existing.id, ...input.values })
      return new StepResponse(row, { id: existing.id, before: snapshot(existing) } as Undo)
    }
    const values = input.values
    if (!values.status || !values.source || !values.country_code) {
      throw new Error("an enrollment needs a status, a source and a country to be created")
    }
    const row = await tradeCredit.createEnrollments({ ...values, customer_id: input.customer_id })
    return new StepResponse(row, { id: row.id, before: null } as Undo)
  },
  async (undo: Undo | undefined, { container }) => {
    if (!undo) return
    const tradeCredit = tradeCreditOf(container)
    if (undo.before) await tradeCredit.updateEnrollments({ id: undo.id, ...undo.before })
    else await tradeCredit.deleteEnrollments(undo.id)
  },
)
