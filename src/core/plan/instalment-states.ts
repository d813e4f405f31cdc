import { Money } from "../money/money"

/** Where an instalment of a plan stands (the order widget's timeline). */
export type InstalmentState = "PLANNED" | "INVOICED" | "CANCELLED"

type StoredInstalment = { id: string; invoice_issue_date: string; repayment_amount: string; status: string }

/**
 * The state of each instalment of a plan, oldest first. The service answers a
 * plan's live status as amounts only (invoiced, cancelled), and issues
 * instalments in order while a cancellation takes the ones not yet issued, so:
 * an instalment recorded as CANCELLED stays so; the oldest ones whose amounts
 * add up to at most the invoiced amount are INVOICED; the newest ones whose
 * amounts add up to at most the cancelled amount are CANCELLED; the rest are
 * PLANNED. Without amounts the recorded states stand.
 */
export function instalmentStates(
  instalments: readonly StoredInstalment[],
  amounts: { invoiced: string | null; cancelled: string | null },
): { id: string; invoice_issue_date: string; repayment_amount: string; state: InstalmentState }[] {
  const ordered = [...instalments].sort((a, b) => a.invoice_issue_date.localeCompare(b.invoice_issue_date))
  const states = ordered.map((i) => normalise(i.status))

  // An amount that is no decimal (never, from the service's answers) leaves the recorded states as they are.
  if (amounts.invoiced !== null && Money.isDecimal(amounts.invoiced)) {
    let left = Money.fromDecimal(amounts.invoiced)
    for (let n = 0; n < ordered.length; n++) {
      if (states[n] === "CANCELLED") continue
      const amount = Money.fromDecimal(ordered[n].repayment_amount)
      if (amount.gt(left)) break
      states[n] = "INVOICED"
      left = left.minus(amount)
    }
  }
  if (amounts.cancelled !== null && Money.isDecimal(amounts.cancelled)) {
    // Instalments recorded as cancelled are part of the cancelled amount already.
    const recorded = Money.sum(
      ordered.filter((i) => normalise(i.status) === "CANCELLED").map((i) => i.repayment_amount),
    )
    let left = Money.fromDecimal(amounts.cancelled).minus(recorded)
    for (let n = ordered.length - 1; n >= 0; n--) {
      if (states[n] !== "PLANNED") continue
      const amount = Money.fromDecimal(ordered[n].repayment_amount)
      if (amount.gt(left)) break
      states[n] = "CANCELLED"
      left = left.minus(amount)
    }
  }
  return ordered.map((i, n) => ({
    id: i.id,
    invoice_issue_date: i.invoice_issue_date,
    repayment_amount: i.repayment_amount,
    state: states[n],
  }))
}

function normalise(status: string): InstalmentState {
  return status === "INVOICED" || status === "CANCELLED" ? status : "PLANNED"
}
