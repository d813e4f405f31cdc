import { changeRegionSettings, readRegionSettings, type RegionSettingsChangeDeps } from "../region-settings"
import { adminFakes } from "./admin-fakes"

/** A region's trade credit settings for the admin: read, and changed one change at a time under the region's lock. */

const REGION = { id: "reg_gb", name: "United Kingdom", currency_code: "gbp" }
const SETTINGS = { region_id: "reg_gb", offered: true, min_order_amount: null, max_order_amount: "500.00" }

function setUp(query: Record<string, Record<string, unknown>[]> = {}) {
  const fakes = adminFakes({
    query: { region: [REGION], ...query },
    rows: {
      listSettingChanges: [
        {
          id: "tcsc_1",
          created_at: "2026-11-20T10:00:00Z",
          actor_id: "user_1",
          field: "offered",
          old_value: "false",
          new_value: "true",
        },
      ],
    },
  })
  fakes.module.regionSettingsOf.mockResolvedValue(SETTINGS)
  const held: string[] = []
  const lock = jest.fn(async <T>(key: string, job: () => Promise<T>) => {
    held.push(key)
    try {
      return await job()
    } finally {
      held.pop()
    }
  })
  // What the workflow saves, and whether the lock was held while it did.
  const saved: { input: unknown; locked: boolean }[] = []
  const save = jest.fn(async (input: unknown) => void saved.push({ input, locked: held.length > 0 }))
  const deps = { ...fakes.deps, lock: lock as RegionSettingsChangeDeps["lock"], save }
  return { ...fakes, deps, lock, save, saved }
}

describe("readRegionSettings", () => {
  it("answers the region, its settings as they apply and its audit list", async () => {
    const { deps } = setUp()

    expect(await readRegionSettings(deps, "reg_gb")).toEqual({
      outcome: "settings",
      answer: {
        region: REGION,
        settings: SETTINGS,
        changes: [
          {
            id: "tcsc_1",
            at: "2026-11-20T10:00:00.000Z",
            actor_id: "user_1",
            field: "offered",
            old_value: false,
            new_value: true,
          },
        ],
      },
    })
  })

  it("refuses an unknown region with a code", async () => {
    const { deps } = setUp()

    expect(await readRegionSettings(deps, "reg_none")).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_REGION_NOT_FOUND",
      message: "Region reg_none was not found",
    })
  })
})

describe("changeRegionSettings", () => {
  const change = (changes: Record<string, unknown>) => ({ region_id: "reg_gb", changes, actor_id: "user_1" })

  it("saves the change under the region's lock, then answers the settings", async () => {
    const { deps, lock, saved } = setUp()

    const outcome = await changeRegionSettings(deps, change({ min_order_amount: "100.00" }))

    expect(lock).toHaveBeenCalledWith("trade-credit:region-settings:reg_gb", expect.any(Function))
    expect(saved).toEqual([{ input: change({ min_order_amount: "100.00" }), locked: true }])
    expect(outcome).toMatchObject({ outcome: "settings", answer: { region: REGION, settings: SETTINGS } })
  })

  it("refuses a minimum above the maximum as saved, naming the field changed, and saves nothing", async () => {
    const { deps, save } = setUp()

    expect(await changeRegionSettings(deps, change({ min_order_amount: "600.00" }))).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_SETTINGS",
      message: "Invalid settings: min_order_amount: the minimum order amount 600.00 is above the maximum 500.00",
    })
    expect(await changeRegionSettings(deps, change({ min_order_amount: "50", max_order_amount: "20" }))).toMatchObject({
      message: "Invalid settings: min_order_amount: the minimum order amount 50 is above the maximum 20",
    })
    expect(save).not.toHaveBeenCalled()
  })

  it("refuses terms for a customer group or a customer that does not exist, naming the entry", async () => {
    const { deps, lock } = setUp({ customer_group: [{ id: "cusgroup_1" }], customer: [] })
    const overrides = [
      { customer_group_id: "cusgroup_1", invoice_terms_days: 30 },
      { customer_id: "cus_missing", invoice_terms_days: 60 },
    ]

    expect(await changeRegionSettings(deps, change({ invoice_terms_overrides: overrides }))).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_SETTINGS",
      message: "Invalid settings: invoice_terms_overrides[1].customer_id: no customer cus_missing",
    })
    expect(lock).not.toHaveBeenCalled()
  })

  it("refuses an unknown region before anything else", async () => {
    const { deps, lock } = setUp()

    expect(await changeRegionSettings(deps, { ...change({ offered: false }), region_id: "reg_none" })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_REGION_NOT_FOUND",
    })
    expect(lock).not.toHaveBeenCalled()
  })
})
