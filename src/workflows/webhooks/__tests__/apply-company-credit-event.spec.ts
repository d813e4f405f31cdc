import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE } from "../../../modules/trade-credit"
import type { ArrearsEvent, CreditLimitUpdatedEvent } from "../../../service/schemas/after-invoice-events"
import { applyCompanyCreditEvent, companyCreditEventOf } from "../apply-company-credit-event"

const arrears = (type: ArrearsEvent["type"], data: Partial<ArrearsEvent["data"]> = {}, time = "2026-03-02T00:00:00Z") =>
  ({
    id: `evt_${type}`,
    type,
    time,
    data: {
      buyer_company_name: "ACME",
      buyer_organization_number: "08123456",
      earliest_invoice_number: "INV-1",
      earliest_invoice_due_date: "2026-02-01",
      ...data,
    },
  }) as ArrearsEvent

const limit = {
  id: "evt_limit",
  type: "customer.credit_limit.updated.v1",
  time: "2026-03-01T00:00:00Z",
  data: {
    buyer_company_name: "ACME",
    buyer_organization_number: "08123456",
    country: "gb",
    credit_limit: "5000.00",
    credit_limit_balance: "1200.50",
    max_single_order_value: "2000.00",
    buyer_is_in_arrears: false,
    currency: "GBP",
    credit_approved: true,
    decline_reason: null,
  },
} as CreditLimitUpdatedEvent

describe("a company's credit event, as the module keeps it", () => {
  it("reads the limit with the company's country, and arrears without one", () => {
    expect(companyCreditEventOf(limit)).toEqual({
      organization_number: "08123456",
      country_code: "GB",
      company_name: "ACME",
      at: new Date("2026-03-01T00:00:00Z"),
      limit: {
        currency_code: "gbp",
        credit_limit: "5000.00",
        credit_limit_balance: "1200.50",
        max_single_order_value: "2000.00",
        credit_approved: true,
        decline_reason: null,
        in_arrears: false,
      },
    })
    expect(companyCreditEventOf(arrears("customer.in_arrears_block.v1", { days_in_arrears: 12 }))).toMatchObject({
      country_code: null,
      arrears: { arrears_state: "blocked", days_in_arrears: 12, days_until_arrears: null },
    })
    expect(
      companyCreditEventOf(arrears("customer.approaching_arrears_block.v1", { days_until_arrears: 3 })).arrears,
    ).toMatchObject({ arrears_state: "approaching", days_until_arrears: 3, earliest_invoice_number: "INV-1" })
    for (const type of ["customer.exit_arrears_block.v1", "customer.exit_approaching_arrears_block.v1"] as const) {
      expect(companyCreditEventOf(arrears(type)).arrears).toEqual({
        arrears_state: "none",
        days_in_arrears: null,
        days_until_arrears: null,
        earliest_invoice_number: null,
        earliest_invoice_due_date: null,
      })
    }
  })
})

describe("applyCompanyCreditEvent", () => {
  const setUp = (current: Record<string, unknown> | null) => {
    const module = {
      companyCreditOf: jest.fn(async () => current),
      applyCompanyCreditEvent: jest.fn(async () => true),
    }
    const locking = { execute: jest.fn(async (_key: string, run: () => Promise<unknown>) => await run()) }
    const container = {
      resolve: (key: string) => (key === TRADE_CREDIT_MODULE ? module : key === Modules.LOCKING ? locking : undefined),
    } as unknown as MedusaContainer
    return { module, locking, container }
  }

  it("keeps a block when the warning ends (exit_approaching), dated by the exit", async () => {
    const { module, container, locking } = setUp({ arrears_state: "blocked", days_in_arrears: 9 })
    const outcome = await applyCompanyCreditEvent(container, arrears("customer.exit_approaching_arrears_block.v1"))
    expect(outcome.action).toBe("kept the company's credit")
    expect(outcome.found).toContain("keeps the block")
    expect(module.applyCompanyCreditEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        at: new Date("2026-03-02T00:00:00Z"),
        arrears: expect.objectContaining({ arrears_state: "blocked", days_in_arrears: 9 }),
      }),
    )
    expect(locking.execute).toHaveBeenCalledWith("trade-credit:company-credit::08123456", expect.any(Function), {
      timeout: 60,
    })
  })

  it("ends a warning, and a block by its own exit", async () => {
    const warned = setUp({ arrears_state: "approaching" })
    await applyCompanyCreditEvent(warned.container, arrears("customer.exit_approaching_arrears_block.v1"))
    expect(warned.module.applyCompanyCreditEvent).toHaveBeenCalledWith(
      expect.objectContaining({ arrears: expect.objectContaining({ arrears_state: "none" }) }),
    )
    const blocked = setUp({ arrears_state: "blocked" })
    await applyCompanyCreditEvent(blocked.container, arrears("customer.exit_arrears_block.v1"))
    expect(blocked.module.companyCreditOf).not.toHaveBeenCalled()
    expect(blocked.module.applyCompanyCreditEvent).toHaveBeenCalledWith(
      expect.objectContaining({ arrears: expect.objectContaining({ arrears_state: "none" }) }),
    )
  })

  it("says when a newer event was applied before, and turns a failure into an outcome", async () => {
    const older = setUp(null)
    older.module.applyCompanyCreditEvent.mockResolvedValueOnce(false)
    expect((await applyCompanyCreditEvent(older.container, limit)).action).toMatch(/a newer event/)
    older.module.applyCompanyCreditEvent.mockRejectedValueOnce(new Error("database gone"))
    expect(await applyCompanyCreditEvent(older.container, limit)).toMatchObject({ error: "database gone" })
  })
})
