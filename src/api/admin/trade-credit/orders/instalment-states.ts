import BigNumber from "bignumber.js"
import type { TradeCreditInstalmentState } from "../admin-ui-types"

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
): { id: string; invoice_issue_date: string; repayment_amount: string; state: TradeCreditInstalmentState }[] {
  const ordered = [...instalments].sort((a, b) => a.invoice_issue_date.localeCompare(b.invoice_issue_date))
  const states = ordered.map((i) => normalise(i.status))

  if (amounts.invoiced !== null) {
    let left = new BigNumber(amounts.invoiced)
    for (let n = 0; n < ordered.length; n++) {
      if (states[n] === "CANCELLED") continue
      const amount = new BigNumber(ordered[n].repayment_amount)
      if (!left.isFinite() || amount.isGreaterThan(left)) break
      states[n] = "INVOICED"
      left = left.minus(amount)
    }
  }
  if (amounts.cancelled !== null) {
    // Instalments recorded as cancelled are part of the cancelled amount already.
    const recorded = ordered
      .filter((i) => normalise(i.status) === "CANCELLED")
      .map((i) => new BigNumber(i.repayment_amount))
    let left = recorded.reduce((rest, amount) => rest.minus(amount), new BigNumber(amounts.cancelled))
    for (let n = ordered.length - 1; n >= 0; n--) {
      if (states[n] !== "PLANNED") continue
      const amount = new BigNumber(ordered[n].repayment_amount)
      if (!left.isFinite() || amount.isGreaterThan(left)) break
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

function normalise(status: string): TradeCreditInstalmentState {
  return status === "INVOICED" || status === "CANCELLED" ? status : "PLANNED"
}
