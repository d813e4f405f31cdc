import { discrepancyCounts, recordOfOutcomes, withRunOutcome } from "../run-outcome"
import type { ReconciliationOutcome } from "../types"

const outcome = (overrides: Partial<ReconciliationOutcome>): ReconciliationOutcome => ({
  session_id: "payses_1",
  payment_id: "pay_1",
  order_id: "order_1",
  service_order_id: "ord_1",
  found: "in sync (CONFIRMED)",
  action: "none",
  in_sync: true,
  repaired: false,
  ...overrides,
})
const unknown = (sessionId: string, serviceOrderId: string) =>
  outcome({
    session_id: sessionId,
    service_order_id: serviceOrderId,
    found: `the service does not know order ${serviceOrderId}`,
    action: `reported: the service answers that it has no order ${serviceOrderId}: check the API key and environment`,
    in_sync: false,
    discrepancy: "unknown_at_service",
  })

describe("a reconciliation run's outcome", () => {
  it("counts orders the service does not know by name: never in sync, never a repair, not a failure", () => {
    const outcomes = [
      outcome({}),
      unknown("payses_2", "ord_2"),
      outcome({
        session_id: "payses_3",
        found: "the payment data lags the service",
        action: "synced",
        in_sync: false,
        repaired: true,
      }),
      outcome({ session_id: "payses_4", found: "could not compare the payment with the service", error: "timeout" }),
    ]
    // A sweep keeps the differences and the failures, the unknown order among them.
    const sweep = recordOfOutcomes(outcomes, false)
    expect(sweep).toMatchObject({ checked: 4, repaired: 1, failed: 1 })
    expect(sweep.findings.map((f) => f.session_id)).toEqual(["payses_2", "payses_3", "payses_4"])
    expect(sweep.findings[0]).toEqual({
      session_id: "payses_2",
      payment_id: "pay_1",
      order_id: "order_1",
      service_order_id: "ord_2",
      found: "the service does not know order ord_2",
      action: expect.stringContaining("reported:"),
      discrepancy: "unknown_at_service",
    })
    expect(discrepancyCounts(sweep.findings)).toEqual({ unknown_at_service: 1 })
    // One order's re-sync keeps everything, in sync included.
    expect(recordOfOutcomes(outcomes, true).findings).toHaveLength(4)
  })

  it("answers a run with its named counts, read from its stored findings", () => {
    const run = {
      id: "tcrec_1",
      checked: 2,
      repaired: 0,
      failed: 0,
      findings: recordOfOutcomes([unknown("a", "ord_a"), unknown("b", "ord_b")], false).findings,
    }
    expect(withRunOutcome(run)).toEqual({ ...run, unknown_at_service: 2 })
    expect(withRunOutcome({ id: "tcrec_2", findings: null })).toEqual({
      id: "tcrec_2",
      findings: null,
      unknown_at_service: 0,
    })
    // A run recorded before the count existed (no `discrepancy` on its findings) counts none.
    expect(
      withRunOutcome({ id: "tcrec_3", findings: [{ ...run.findings[0], discrepancy: undefined }] }).unknown_at_service,
    ).toBe(0)
  })
})
