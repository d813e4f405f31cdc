import { adminRequester, loginAdmin } from "../../helpers/admin"
import { faultStepper, FAULTS, printTable, type Row, TIME_BOUND_MS, withFault } from "../../helpers/faults"
import { pollPlanFunding } from "../../../src/jobs/poll-plan-funding"
import { control } from "../../helpers/simulator"
import { createCheckoutCart, storeClient } from "../../helpers/storefront"
import { waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Every call the instalment provider (pp_trade-credit-plan_default) makes, under
 * every fault the simulator can inject (docs/reliability.md). One `it` per
 * fault: a new buyer's two carts go through the session (account, credit
 * check), completion (plan), the funding poll (funding status), capture
 * (fulfilment), cancellation and refund (credit), one faulted call per step. Reconciliation
 * does not compare plans: a failed step is retried as the buyer or the admin
 * would, and the service's accounts, plans, fulfilments and credits are
 * counted against Medusa's rows after each step.
 */
const simulator = areaSimulator()
const PLAN_PROVIDER = "pp_trade-credit-plan_default"
const ACME = { company_canonical_id: "cmpgb08123456" }
const DAY = 24 * 60 * 60 * 1000
const rows: Row[] = []
const cents = (v: unknown) => Math.round(Number(v) * 100)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export default areaPart("instalment provider", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>
  const adminCall = (method: string, url: string, data?: unknown) =>
    api.request({ method, url, data, headers: adminHeaders, validateStatus: () => true })
  const admin = (method: string, path: string, body?: unknown) => adminRequester(api, adminHeaders)(method, path, body)

  beforeAll(async () => {
    adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
  })
  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    // No webhook: the funding poll reads each plan's funding and authorizes its payment. The service decides it as
    // soon as it may (at once in the full profile, 2 s after the plan under the minimal one): a poll before that finds
    // it pending, and the test polls again until both payments are authorized.
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    simulator.sim!.state.repayment.fundingDelayMs = 0
  })
  afterAll(() => printTable("Instalment provider (pp_trade-credit-plan_default)", rows))

  const accounts = async () => (await control(simulator.url, "GET", "/_sim/repayment/accounts")).items as any[]
  const plansOf = async (sessionId: string) =>
    ((await control(simulator.url, "GET", "/_sim/plans")).items as any[]).filter((p) => p.reference === sessionId)
  const simPlan = async (planId: string) => await control(simulator.url, "GET", `/_sim/plans/${planId}`)
  const paymentOf = async (orderId: string) => {
    const { order } = await admin(
      "GET",
      `/admin/orders/${orderId}?fields=id,status,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`
    )
    return order.payment_collections.flatMap((c: any) => c.payments ?? [])[0]
  }

  const step = faultStepper(simulator, rows)

  FAULTS.forEach((fc, index) => {
    it(`survives "${fc.name}" on every call of the instalment provider`, async () => {
      const store = storeClient(api, seed.publishableKey)
      // A buyer new to the plugin for each fault: the first session makes the buyer's repayment account.
      const email = `faults-plan-${index}@acme-office.example`
      const newCart = async () => {
        const cart = await createCheckoutCart(store, seed, { quantities: [1, 1] })
        await store.ok("POST", `/store/carts/${cart.id}`, { email })
        return cart
      }
      const startSession = async (cartId: string) => {
        const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cartId })
        return await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
          provider_id: PLAN_PROVIDER,
          data: { company: ACME, number_of_periods: 3 },
        })
      }
      const sessionOf = async (cartId: string) => {
        const { cart } = await store.ok("GET", `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`)
        return cart.payment_collection.payment_sessions.find((s: any) => s.provider_id === PLAN_PROVIDER && s.status !== "canceled")
      }
      const complete = (cartId: string) => store.call("POST", `/store/carts/${cartId}/complete`)
      const placed = (res: any) => res.status === 200 && res.data?.type === "order"
      const accountsBefore = (await accounts()).length
      const cartA = await newCart()
      const cartB = await newCart()

      // ---- account: the buyer's first session (credit check, then the account is made)
      await step(
        "account (POST /repay/v1/account)",
        { method: "POST", path: "/repay/v1/account" },
        fc,
        () => startSession(cartA.id),
        (res) => res.status === 200,
        async (_res, ok) => {
          if (!ok) expect((await startSession(cartA.id)).status).toBe(200)
          expect((await sessionOf(cartA.id)).data.account_id).toMatch(UUID)
          return (await accounts()).length - accountsBefore - 1
        }
      )

      // ---- credit check: the second cart's session (the account is reused: no account call)
      await step(
        "credit check (POST /repay/v1/credit-check)",
        { method: "POST", path: "/repay/v1/credit-check" },
        fc,
        () => startSession(cartB.id),
        (res) => res.status === 200,
        async (_res, ok) => {
          if (!ok) expect((await startSession(cartB.id)).status).toBe(200)
          const [a, b] = [await sessionOf(cartA.id), await sessionOf(cartB.id)]
          expect(b.data.account_id).toBe(a.data.account_id)
          return (await accounts()).length - accountsBefore - 1
        }
      )

      /** After a failed completion the buyer completes again; one plan per session at the service, its funding pending. */
      const settleCompletion = (cartId: string, set: (order: any) => void) => async (res: any, ok: boolean) => {
        let answer = res
        if (!ok) {
          answer = await complete(cartId)
          expect({ status: answer.status, body: answer.data }).toMatchObject({ status: 200 })
        }
        expect(answer.data.type).toBe("order")
        set(answer.data.order)
        const session = await sessionOf(cartId)
        expect(session.status).toBe("pending_authorization")
        const plans = await plansOf(session.id)
        expect(plans.map((p) => p.id)).toContain(session.data.plan_id)
        return plans.length - 1
      }

      // ---- plan: completing cart A creates the plan; the order is placed, its payment waits for the funding
      let orderA: any
      await step(
        "plan (POST /repay/v1/plan)",
        { method: "POST", path: "/repay/v1/plan" },
        fc,
        () => complete(cartA.id),
        placed,
        settleCompletion(cartA.id, (o) => (orderA = o)),
        { completion: true }
      )
      const completedB = await complete(cartB.id)
      expect(placed(completedB)).toBe(true)
      const orderB = completedB.data.order

      // ---- status: the funding poll reads both plans' funding and authorizes their payments. A faulted read leaves
      // its plan for the next run (logged), never lost and never authorized twice.
      const poll = await withFault(simulator.url, { method: "GET", path: "/repay/v1/status" }, fc, () => pollPlanFunding(getContainer()))
      const actions = poll.result.outcomes.map((o) => o.action)
      expect(actions.every((a) => a === "authorized" || a === "failed" || a === "still_pending")).toBe(true)
      // (A plan made a few milliseconds ago may still be pending at the simulated service: the next run takes it.)
      if (fc.expect === "ok") expect(actions).not.toContain("failed")
      await waitUntil("both plans' payments authorized by the next polls", async () => {
        await pollPlanFunding(getContainer())
        return (await paymentOf(orderA.id)) && (await paymentOf(orderB.id))
      })
      let duplicates = 0
      for (const [order, cart] of [
        [orderA, cartA],
        [orderB, cartB],
      ]) {
        const session = await sessionOf(cart.id)
        expect(session.status).toBe("authorized")
        expect((await paymentOf(order.id)).data.plan_id).toBe(session.data.plan_id)
        duplicates += (await plansOf(session.id)).length - 1
      }
      expect(duplicates).toBe(0)
      rows.push({ call: "status (GET /repay/v1/status, the funding poll)", fault: fc.name, seen: actions.join(", "), ms: poll.ms, bound: TIME_BOUND_MS, duplicates, lost: "none" })

      // ---- fulfil: capturing order A fulfils its whole plan
      const paymentA = await paymentOf(orderA.id)
      const planA = paymentA.data.plan_id
      await step(
        "fulfil (PUT /repay/v1/fulfilment)",
        { method: "PUT", path: "/repay/v1/fulfilment" },
        fc,
        () => adminCall("POST", `/admin/payments/${paymentA.id}/capture`, {}),
        (res) => res.status === 200,
        async (_res, ok) => {
          if (!ok) expect((await adminCall("POST", `/admin/payments/${paymentA.id}/capture`, {})).status).toBe(200)
          const payment = await paymentOf(orderA.id)
          expect(payment.captures).toHaveLength(1)
          const atService = await simPlan(planA)
          expect(["PENDING", "SUCCEEDED"]).toContain(atService.status.fulfilment_status)
          // The service fulfils a plan once: a second fulfilment answers its status again.
          return payment.captures.length - 1
        }
      )

      // ---- cancel: cancelling order B cancels its plan's instalments
      const planB = (await paymentOf(orderB.id)).data.plan_id
      await step(
        "cancel (PUT /repay/v1/plan/{id}/cancellation)",
        { method: "PUT", path: `/repay/v1/plan/${planB}/cancellation` },
        fc,
        () => adminCall("POST", `/admin/orders/${orderB.id}/cancel`, {}),
        (res) => res.status === 200,
        async (_res, ok) => {
          if (!ok) {
            const again = await adminCall("POST", `/admin/orders/${orderB.id}/cancel`, {})
            expect({ status: again.status, body: again.data }).toMatchObject({ status: 200 })
          }
          expect((await admin("GET", `/admin/orders/${orderB.id}?fields=id,status`)).order.status).toBe("canceled")
          // Medusa cancels the order even when the payment's cancellation failed (it only logs it): the plugin's
          // order.canceled subscriber tries again, after the answer.
          await waitUntil("the payment of the canceled order to be canceled", async () => (await paymentOf(orderB.id)).canceled_at, {
            timeoutMs: 30_000,
          })
          const atService = await simPlan(planB)
          expect(atService.cancellation).toBeTruthy()
          expect(atService.plan.instalments.every((i: any) => i.status === "CANCELLED")).toBe(true)
          return 0
        }
      )

      // ---- credit: a month later the first instalment is invoiced; a refund credits the plan
      await control(simulator.url, "POST", "/_sim/clock/advance", { ms: 40 * DAY })
      expect(cents((await simPlan(planA)).status.invoiced_amount)).toBeGreaterThan(1000)
      const refund = () => adminCall("POST", `/admin/payments/${paymentA.id}/refund`, { amount: 10 })
      await step(
        "credit (POST /repay/v1/credit)",
        { method: "POST", path: "/repay/v1/credit" },
        fc,
        refund,
        (res) => res.status === 200,
        async (_res, ok) => {
          if (!ok) {
            const again = await refund()
            expect({ status: again.status, body: again.data }).toMatchObject({ status: 200 })
          }
          const payment = await paymentOf(orderA.id)
          const atService = await simPlan(planA)
          expect(payment.refunds).toHaveLength(1)
          expect(atService.status.credited_amount).toBe("10.00")
          return atService.credits.length - payment.refunds.length
        }
      )
    })
  })
})
