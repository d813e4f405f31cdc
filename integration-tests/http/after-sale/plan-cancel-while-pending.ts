import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { pollPlanFunding } from "../../../src/jobs/poll-plan-funding"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../src/modules/trade-credit"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { areaPart, areaSimulator } from "../../helpers/area"
import { control, pointWebhooksAt } from "../../helpers/simulator"
import { createCheckoutCart, storeClient } from "../../helpers/storefront"
import { recordLogs, waitUntil } from "../../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()
const PLAN_PROVIDER = "pp_trade-credit-plan_default"
const ACME = { company_canonical_id: "cmpgb08123456" }
const HOUR = 60 * 60 * 1000

type Store = ReturnType<typeof storeClient>

/**
 * Issue 36, defect 4: an instalment order cancelled in Medusa's admin while its plan's funding is still pending (the
 * common case: the service decides funding later). Medusa's order has no payment then, so its cancellation calls no
 * provider: the plugin must cancel the plan at the service itself (`PUT /repay/v1/plan/{id}/cancellation`), and a
 * funding acceptance that arrives afterwards (webhook, poll, re-sync) must authorize, capture and fulfil nothing.
 */
export default areaPart("plan-cancel-while-pending", ({ api, getContainer }) => {
  let seed: any
  let admin: ReturnType<typeof adminRequester>
  let logs: string[] = []

  const repaymentRequests = async () =>
    (await control(simulator.url, "GET", "/_sim/requests?path_prefix=/repay/v1")).items as { method: string; path: string; status: number; body: any }[]
  const planSessionOfCart = async (store: Store, cartId: string) => {
    const { cart } = await store.ok("GET", `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`)
    return cart.payment_collection.payment_sessions.find((s: any) => s.provider_id === PLAN_PROVIDER)
  }
  const orderWithPayments = async (orderId: string) =>
    (await admin("GET", `/admin/orders/${orderId}?fields=id,status,*payment_collections.payments,*payment_collections.payment_sessions`)).order

  beforeAll(async () => {
    logs = recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any)
    const adminHeaders = await loginAdmin(getContainer(), api)
    admin = adminRequester(api, adminHeaders)
    seed = await seedStore(admin)
  })

  it("cancels the plan at the service when the order is cancelled while funding is pending; a later acceptance authorizes, captures and fulfils nothing", async () => {
    await pointWebhooksAt(simulator.url, api.defaults.baseURL)
    // The service decides funding in an hour: the checkout places the order with the funding pending.
    simulator.sim!.state.repayment.fundingDelayMs = HOUR
    // A region that captures on order: an acceptance that authorized the payment would capture and fulfil the plan at once.
    const settingsUrl = `/admin/trade-credit/regions/${seed.region.id}/settings`
    await admin("POST", settingsUrl, { capture_on: "order" })
    try {
      const store = storeClient(api, seed.publishableKey)
      const cart = await createCheckoutCart(store, seed)
      const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
      const started = await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        provider_id: PLAN_PROVIDER,
        data: { company: ACME, number_of_periods: 6 },
      })
      expect(started.status).toBe(200)
      const completed = await store.call("POST", `/store/carts/${cart.id}/complete`)
      expect(completed.status).toBe(200)
      const orderId = completed.data.order.id as string
      const session = await planSessionOfCart(store, cart.id)
      const planId = session.data.plan_id as string
      expect(planId).toBeTruthy()
      expect((await control(simulator.url, "GET", `/_sim/plans/${planId}`)).status.funding_status).toBe("PENDING")
      const placed = await orderWithPayments(orderId)
      expect(placed.payment_collections.flatMap((c: any) => c.payments ?? [])).toHaveLength(0)

      // The admin cancels the order while the service is still deciding.
      await admin("POST", `/admin/orders/${orderId}/cancel`, {})
      expect((await orderWithPayments(orderId)).status).toBe("canceled")

      // The plan is cancelled at the service within 20 seconds.
      const cancellation = await waitUntil(
        `PUT /repay/v1/plan/${planId}/cancellation`,
        async () => (await repaymentRequests()).find((r) => r.method === "PUT" && r.path === `/repay/v1/plan/${planId}/cancellation`),
        { timeoutMs: 20_000, intervalMs: 200 }
      )
      expect(cancellation.status).toBe(200)
      const atService = await control(simulator.url, "GET", `/_sim/plans/${planId}`)
      expect(atService.cancellation).toMatchObject({ cancel_reason: "TERMINATED" })
      expect(atService.plan.instalments.every((i: any) => i.status === "CANCELLED")).toBe(true)
      const tradeCredit = getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
      // The row is marked once the service's answer is back (after the call the simulator recorded).
      const row = await waitUntil(
        "the plan row marked canceled",
        async () => (await tradeCredit.listRepaymentPlanSessions({ plan_id: planId })).find((r: any) => r.state === "canceled"),
        { timeoutMs: 20_000, intervalMs: 200 }
      )
      expect(row.state).toBe("canceled")

      // The service accepts the funding anyway and delivers its webhook: the plugin handles it and does nothing.
      await control(simulator.url, "POST", `/_sim/plans/${planId}/funding`, { status: "ACCEPTED" })
      const handled = await waitUntil("the funding webhook handled", async () =>
        (await tradeCredit.listWebhookEvents({ type: "repayment.plan.funding_decided" })).find((r: any) => r.outcome && r.outcome !== "processing")
      )
      expect(handled.outcome).not.toMatch(/failed/)
      // The funding poll and the admin's re-sync of the order, afterwards, do nothing either.
      const poll = await pollPlanFunding(getContainer())
      expect(poll.outcomes.filter((o) => o.plan_id === planId)).toEqual([])
      const resync = await admin("POST", "/admin/trade-credit/reconciliation", { order_id: orderId })
      expect(resync.run).toMatchObject({ repaired: 0, failed: 0 })

      const after = await orderWithPayments(orderId)
      expect(after.status).toBe("canceled")
      const payments = after.payment_collections.flatMap((c: any) => c.payments ?? [])
      expect(payments.filter((p: any) => !p.canceled_at)).toEqual([])
      expect(payments.filter((p: any) => p.captured_at)).toEqual([])
      const sessionAfter = after.payment_collections.flatMap((c: any) => c.payment_sessions ?? []).find((s: any) => s.provider_id === PLAN_PROVIDER)
      expect(sessionAfter.status).not.toBe("authorized")
      const requests = await repaymentRequests()
      expect(requests.filter((r) => r.method === "PUT" && r.path === "/repay/v1/fulfilment")).toEqual([])
      expect(requests.filter((r) => r.method === "PUT" && r.path === `/repay/v1/plan/${planId}/cancellation`)).toHaveLength(1)
      expect((await control(simulator.url, "GET", `/_sim/plans/${planId}`)).status.fulfilment_status).toBe("NOT_INITIATED")
      expect(logs.some((l) => l.includes(`cancelled the plan at the service`) && l.includes(planId))).toBe(true)
    } finally {
      await admin("POST", settingsUrl, { capture_on: null })
    }
  })
})
