import { fakePluginModule, type PlanSessionRow } from "../../use-cases/__tests__/fakes"
import { recordPlanSession, tradeCreditModuleOf, updatePlanSession } from "../plan-store"

const record = { plan_id: "plan_1", session_id: "payses_1", account_id: "acct_1", amount: "10.00", currency: "GBP" }

const row = (values: Partial<PlanSessionRow> = {}): PlanSessionRow => ({
  id: "tcrps_1",
  ...record,
  state: "pending",
  funding_status: "PENDING",
  ...values,
})

describe("the plan provider's records", () => {
  it("names the fix when the plugin's module is not loaded", () => {
    expect(() => tradeCreditModuleOf({ tradeCredit: () => undefined })).toThrow(
      expect.objectContaining({ type: "unexpected_state", code: "TRADE_CREDIT_MODULE_MISSING" }),
    )
  })

  it("records a plan once, pending; a retry finds the row", async () => {
    const plugin = fakePluginModule()

    const first = await recordPlanSession(plugin.service, record)
    const again = await recordPlanSession(plugin.service, record)

    expect(again).toEqual(first)
    expect(plugin.planSessions.rows).toEqual([
      { ...record, id: "tcrps_1", state: "pending", funding_status: "PENDING" },
    ])
  })

  it("takes the row another process made first when its create loses the race", async () => {
    const plugin = fakePluginModule()
    plugin.planSessions.list.mockResolvedValueOnce([]).mockResolvedValueOnce([row({ id: "tcrps_other" })])
    plugin.planSessions.create.mockRejectedValueOnce(new Error("duplicate key"))

    await expect(recordPlanSession(plugin.service, record)).resolves.toMatchObject({ id: "tcrps_other" })
  })

  it("updates what Medusa knows of the funding only when it changed, and never a plan it did not record", async () => {
    const plugin = fakePluginModule({ planSessions: [row()] })

    await updatePlanSession(plugin.service, "plan_1", { state: "pending", funding_status: "PENDING" })
    await updatePlanSession(plugin.service, "plan_unknown", { state: "authorized" })
    expect(plugin.planSessions.update).not.toHaveBeenCalled()

    await updatePlanSession(plugin.service, "plan_1", { state: "authorized", funding_status: "ACCEPTED" })
    expect(plugin.planSessions.rows[0]).toMatchObject({ state: "authorized", funding_status: "ACCEPTED" })
  })
})
