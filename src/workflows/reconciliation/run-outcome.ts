import type { ReconciliationOutcome, RunFinding } from "./types"

/** The differences a run counts by name (types.ts `ReconciliationDiscrepancy`), beside `repaired` and `failed`. */
export type RunDiscrepancyCounts = {
  /** Payments whose service order the service answers 404 for: another API key or environment, or removed there. */
  unknown_at_service: number
}

/** A run as the admin API answers it: its row, and the discrepancies counted from its findings. */
export type RunWithOutcome<R> = R & RunDiscrepancyCounts

/** The discrepancies among a run's findings (stored as JSON on the run, so every run is counted the same way). Pure. */
export function discrepancyCounts(findings: readonly RunFinding[] | null | undefined): RunDiscrepancyCounts {
  return {
    unknown_at_service: (findings ?? []).filter((f) => f.discrepancy === "unknown_at_service" && !f.error).length,
  }
}

/** The run with its named counts, for the admin's answers and the log. Pure. */
export function withRunOutcome<R extends { findings?: readonly RunFinding[] | null }>(run: R): RunWithOutcome<R> {
  return { ...run, ...discrepancyCounts(run.findings) }
}

const finding = ({
  in_sync: _inSync,
  repaired: _repaired,
  service_state: _state,
  ...rest
}: ReconciliationOutcome): RunFinding => rest

/**
 * What a run records from its outcomes: the counts and the findings. A run for one order keeps every outcome ("in
 * sync" included); a sweep keeps the differences and the failures. An order the service does not know is a
 * difference (never "in sync"), so both keep it. Pure.
 */
export function recordOfOutcomes(outcomes: readonly ReconciliationOutcome[], keepInSync: boolean) {
  return {
    checked: outcomes.length,
    repaired: outcomes.filter((o) => o.repaired && !o.error).length,
    failed: outcomes.filter((o) => !!o.error).length,
    findings: outcomes.filter((o) => keepInSync || !o.in_sync || o.error).map(finding),
  }
}
