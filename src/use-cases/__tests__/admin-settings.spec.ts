import { TEST_KEY } from "../../client/__tests__/fixtures"
import { secretFingerprint } from "../../service/webhook-delivery"
import { describeKey } from "../../utils/key-display"
import { discrepancyCounts } from "../../workflows/reconciliation/run-outcome"
import { readSettings } from "../admin-settings"
import { adminFakes, type AdminFakesInput } from "./admin-fakes"

/** Settings → Trade credit: the configuration (never the key), the webhook, the last run and the recent failures. */

const SECRET = "whsec_" + Buffer.from("a webhook signing secret of 32 b").toString("base64")
const ORIGIN = "https://admin.shop.example"

function setUp(input: AdminFakesInput = {}) {
  const fakes = adminFakes({ options: { webhookSecret: SECRET }, ...input })
  const deps = { ...fakes.deps, reconciliation: { schedule: "*/15 * * * *", discrepancyCounts } }
  return { ...fakes, deps }
}

describe("readSettings", () => {
  it("shows the configuration by the key's display form, the providers by kind, the webhook's address", async () => {
    const { deps, module } = setUp({
      providers: ["pp_system_default", "pp_trade-credit-plan_default", "pp_trade-credit_default"],
    })
    // The latest delivery, then the failed ones (none).
    module.listWebhookEvents.mockResolvedValueOnce([
      { event_id: "evt_1", type: "order.verified", outcome: "applied", verified_with: "ab12cd34", created_at: 1 },
    ])

    const settings = await readSettings(deps, { origin: ORIGIN })

    expect(settings).toMatchObject({
      environment: "sandbox",
      key_prefix: describeKey(TEST_KEY),
      previous_key_prefix: null,
      base_url: "https://api.trade-credit.example",
      payment_providers: [
        { id: "pp_trade-credit_default", kind: "invoice" },
        { id: "pp_trade-credit-plan_default", kind: "plan" },
      ],
      webhook: {
        path: "/hooks/trade-credit",
        url: `${ORIGIN}/hooks/trade-credit`,
        secret_configured: true,
        secret_fingerprints: [secretFingerprint(SECRET)],
        last_verified_with: "ab12cd34",
        last_event_type: "order.verified",
        last_outcome: "applied",
      },
      reconciliation: { schedule: "*/15 * * * *", last_run: null },
      recent_errors: [],
    })
    expect(JSON.stringify(settings)).not.toContain(TEST_KEY)
  })

  it("lists the recent failures newest first, each message without the key", async () => {
    const { deps, module, query } = setUp()
    // The latest trade credit payments: one kept an order edit the service could not follow.
    query.graph.mockResolvedValue({
      data: [
        {
          id: "pay_1",
          data: { order_edit_error: "the service refused the edit" },
          updated_at: "2026-11-20T10:00:00Z",
          payment_collection: { order: { id: "order_1" } },
        },
        { id: "pay_2", data: {}, updated_at: "2026-11-22T10:00:00Z" },
      ],
    })
    const failedEvent = {
      event_id: "evt_9",
      type: "order.fulfilled",
      service_order_id: "ord_9",
      outcome: `failed: sent ${TEST_KEY}`,
      updated_at: "2026-11-21T10:00:00Z",
    }
    const run = {
      id: "tcrun_1",
      trigger: "schedule",
      created_at: "2026-11-19T10:00:00Z",
      finished_at: "2026-11-23T10:00:00Z",
      checked: 3,
      repaired: 1,
      failed: 1,
      findings: [
        { order_id: "order_2", found: "order gone", action: "none", discrepancy: "unknown_at_service" },
        { order_id: "order_3", found: "drift", action: "repair", error: "timeout" },
      ],
    }
    // The latest delivery and run first, then the failed ones (the filters say which; the fake answers in order).
    module.listWebhookEvents.mockResolvedValueOnce([failedEvent]).mockResolvedValueOnce([failedEvent])
    module.listReconciliationRuns.mockResolvedValueOnce([run]).mockResolvedValueOnce([run])

    const settings = await readSettings(deps, { origin: ORIGIN })

    expect(settings.recent_errors.map((e) => [e.source, e.reference, e.order_id])).toEqual([
      ["reconciliation", "tcrun_1", "order_3"],
      ["webhook", "evt_9", null],
      ["order_edit", "pay_1", "order_1"],
    ])
    expect(settings.recent_errors[1].message).toBe(
      `order.fulfilled (service order ord_9): failed: sent ${describeKey(TEST_KEY)}`,
    )
    expect(settings.webhook.last_outcome).not.toContain(TEST_KEY)
    expect(query.graph).toHaveBeenCalledWith(
      expect.objectContaining({ entity: "payment", filters: { provider_id: { $like: "pp_trade-credit%" } } }),
    )
    expect(settings.reconciliation.last_run).toEqual({
      id: "tcrun_1",
      trigger: "schedule",
      created_at: "2026-11-19T10:00:00.000Z",
      finished_at: "2026-11-23T10:00:00.000Z",
      checked: 3,
      repaired: 1,
      failed: 1,
      unknown_at_service: 1,
    })
  })

  it("shows the schedule it is given (the route reads the job's)", async () => {
    const { deps } = setUp()

    const settings = await readSettings(
      { ...deps, reconciliation: { ...deps.reconciliation, schedule: "off" } },
      {
        origin: ORIGIN,
      },
    )

    expect(settings.reconciliation.schedule).toBe("off")
    expect(settings.webhook).toMatchObject({ last_received_at: null, last_outcome: null })
  })
})
