import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readStateSummary, startSimulator, type RunningSimulator } from "../index"
import { call, confirmedOrder, control, orderBody } from "./helpers"

describe("simulator: the state kept in a file (--state-file)", () => {
  let dir: string
  let stateFile: string
  const running: RunningSimulator[] = []
  const start = async () => {
    const sim = await startSimulator({ stateFile })
    running.push(sim)
    return sim
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "simulator-state-"))
    stateFile = join(dir, "state.json")
  })
  afterEach(async () => {
    await Promise.all(running.splice(0).map((sim) => sim.close()))
    rmSync(dir, { recursive: true, force: true })
  })

  it("starts empty without a file; a restart finds the orders, their indexes and idempotent answers", async () => {
    const first = await start()
    expect(first.resumed).toBe(false)
    expect(readStateSummary(stateFile)).toBeUndefined()
    const body = orderBody()
    const created = await call(first, "POST", "/v1/order", { body, idempotencyKey: "create-1" })
    expect(created.status).toBe(201)
    await first.close()
    expect(readStateSummary(stateFile)?.summary).toEqual({ orders: 1, repayment_plans: 0 })

    const second = await start()
    expect(second.resumed).toBe(true)
    expect((await call(second, "GET", `/v1/order/${created.body.id}`)).body.id).toBe(created.body.id)
    const byMerchantOrder = await call(second, "GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`)
    expect(byMerchantOrder.body.map((o: { id: string }) => o.id)).toEqual([created.body.id])
    const again = await call(second, "POST", "/v1/order", { body, idempotencyKey: "create-1" })
    expect(again.body.id).toBe(created.body.id)

    // One record behind both indexes: a cancellation through one shows through the other.
    expect((await call(second, "POST", `/v1/order/${created.body.id}/cancel`)).status).toBeLessThan(300)
    const [listed] = (await call(second, "GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`)).body
    expect(listed.state).toBe("CANCELLED")
  })

  it("keeps an invoice's life: the read and the buyer's balance go on from where they were", async () => {
    const first = await start()
    const order = await confirmedOrder(first)
    await call(first, "POST", `/v1/order/${order.id}/fulfilled`)
    await control(first, "POST", `/orders/${order.id}/payments`, { amount: "100.00" })
    await first.close()

    const second = await start()
    const read = await call(second, "GET", `/v1/order/${order.id}/invoice_details`)
    expect(read.body).toMatchObject({ total_paid_amount: "100.00", unpaid_amount: "260.00" })
    await control(second, "POST", `/orders/${order.id}/payments`, {})
    // One invoice behind the order and the buyer: the buyer's balance follows the payment made after the restart.
    const [limit] = (await control(second, "GET", "/webhooks?type=customer.credit_limit.updated.v1")).body.items
    expect(limit.payload.data).toMatchObject({
      previous_credit_limit_balance: "49740.00",
      credit_limit_balance: "50000.00",
    })
  })

  it("leaves out a merchant of the file that the configuration does not have", async () => {
    const first = await start()
    await call(first, "POST", "/v1/order", { body: orderBody() })
    await first.close()
    const warnings: string[] = []
    const other = await startSimulator({
      stateFile,
      merchants: [{ apiKey: "secret_test_anotherMerchantKeyForTheSimulatorTests00000", name: "Other" }],
      logger: { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    })
    running.push(other)
    expect(other.resumed).toBe(true)
    expect(warnings.join("\n")).toMatch(/not configured/)
  })
})
