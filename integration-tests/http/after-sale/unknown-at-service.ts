import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { areaPart, areaSimulator } from "../../helpers/area"
import { control, findCompanyId } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { recordLogs } from "../../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()

/**
 * Issue #36, defect 8: an order the service no longer knows (it answers 404, e.g. after a change of API key or
 * environment) is a discrepancy. The order's re-sync, a sweep and the scheduled job count it (`unknown_at_service`)
 * and say what it is, instead of "in sync" with "failed 0".
 */
export default areaPart("unknown-at-service", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>
  let companyId: string
  const logs: string[] = []
  const admin = (method: string, path: string, body?: unknown) => adminRequester(api, adminHeaders)(method, path, body)

  beforeAll(async () => {
    recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any, logs)
    adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
    companyId = await findCompanyId(simulator.url, "GB", "acme")
  })

  it("reports an order the service answers 404 for: counted in the run, never 'in sync', in the re-sync, a sweep and the job", async () => {
    // No webhooks: only the re-sync and the runs below look at the order.
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    expect((await startTradeCreditSession(store, cart.id, { company: { company_canonical_id: companyId } })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: waiting } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = waiting.payment_collection.payment_sessions[0]
    const serviceOrderId = session.data.order_id as string
    await approveAtPaymentUrl(session.data.payment_url)
    const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
    expect((await control(simulator.url, "GET", `/_sim/orders/${serviceOrderId}`)).order.state).toBe("CONFIRMED")

    // Before: the re-sync finds Medusa and the service in line.
    const before = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: order.id })).run
    expect(before).toMatchObject({ checked: 1, repaired: 0, failed: 0, unknown_at_service: 0 })
    expect(before.findings).toEqual([expect.objectContaining({ found: "in sync (CONFIRMED)", action: "none" })])

    // The service forgets every order (as it does for a new API key or another environment): it answers 404.
    await control(simulator.url, "POST", "/_sim/reset")
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    expect((await fetch(`${simulator.url}/_sim/orders/${serviceOrderId}`)).status).toBe(404)

    // The order widget's re-sync: one discrepancy, named and counted; not "agree" (nothing repaired, nothing failed).
    const resync = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: order.id })).run
    expect(resync).toMatchObject({ trigger: "admin", checked: 1, repaired: 0, failed: 0, unknown_at_service: 1 })
    expect(resync.findings).toEqual([
      expect.objectContaining({
        session_id: session.id,
        order_id: order.id,
        service_order_id: serviceOrderId,
        found: `the service does not know order ${serviceOrderId}`,
        action: expect.stringMatching(new RegExp(`^reported: the service answers that it has no order ${serviceOrderId}: check that the plugin's API key and environment`)),
        discrepancy: "unknown_at_service",
      }),
    ])
    expect(resync.findings[0].error).toBeUndefined()

    // A sweep keeps it among its findings and counts it.
    const sweep = (await admin("POST", "/admin/trade-credit/reconciliation", {})).run
    expect(sweep).toMatchObject({ trigger: "admin", failed: 0, unknown_at_service: 1 })
    expect(sweep.findings).toContainEqual(expect.objectContaining({ session_id: session.id, discrepancy: "unknown_at_service" }))

    // The scheduled job runs the same reconciliation (switched off for these tests: switched on for this call).
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const job = require("../../../src/jobs/reconcile-payments")
    process.env.TRADE_CREDIT_BACKGROUND_JOBS = "on"
    try {
      await job.default(getContainer())
    } finally {
      process.env.TRADE_CREDIT_BACKGROUND_JOBS = "off"
    }
    // Settings → Trade credit reads the newest run from this list, with its count and findings.
    const [scheduled] = (await admin("GET", "/admin/trade-credit/reconciliation?limit=1")).runs
    expect(scheduled).toMatchObject({ trigger: "schedule", failed: 0, unknown_at_service: 1 })
    expect(scheduled.findings).toContainEqual(expect.objectContaining({ service_order_id: serviceOrderId, discrepancy: "unknown_at_service" }))
    const { settings } = await admin("GET", "/admin/trade-credit/settings")
    expect(settings.reconciliation.last_run.id).toBe(scheduled.id)
    expect(settings.reconciliation.last_run.unknown_at_service).toBe(1)
    // The log says it as a warning, with the count.
    expect(logs.some((line) => line.includes(`reconciliation ${scheduled.id} (schedule): checked`) && line.includes("unknown at the service 1"))).toBe(true)
  })
})
