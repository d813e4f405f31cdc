import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE } from "../../../modules/trade-credit"
import type { UserVerifiedEvent } from "../../../service/schemas/after-invoice-events"
import { applyUserVerifiedEvent } from "../apply-user-verified-event"

const event = {
  id: "evt_verified",
  type: "customer.user.verified.v1",
  time: "2026-03-02T10:00:00Z",
  data: { merchant_id: "m_1", merchant_user_id: "cus_1", user_id: "svc_user_1" },
} as UserVerifiedEvent

function setUp(rows: Record<string, unknown>[]) {
  const module = {
    listTradeAccountUsers: jest.fn(async (filters: Record<string, string>) =>
      rows.filter((row) => Object.entries(filters).every(([key, value]) => row[key] === value)),
    ),
    updateTradeAccountUsers: jest.fn(async (row: Record<string, unknown>) => row),
  }
  const container = { resolve: (key: string) => (key === TRADE_CREDIT_MODULE ? module : undefined) }
  return { module, container: container as unknown as MedusaContainer }
}

describe("applyUserVerifiedEvent", () => {
  const user = { id: "tctau_1", customer_id: "cus_1", service_user_id: "svc_user_1", verified: false }

  it("marks the customer's trade-account user verified at the event's time", async () => {
    const { module, container } = setUp([user])
    expect(await applyUserVerifiedEvent(container, event)).toEqual({
      found: "user svc_user_1 (customer cus_1) is verified",
      action: "marked trade-account user tctau_1 verified",
    })
    expect(module.updateTradeAccountUsers).toHaveBeenCalledWith({
      id: "tctau_1",
      verified: true,
      verified_at: new Date("2026-03-02T10:00:00Z"),
    })
  })

  it("finds a user the plugin named by the merchant's id, and leaves a verified one as it is", async () => {
    const named = setUp([{ ...user, service_user_id: "cus_1" }])
    expect((await applyUserVerifiedEvent(named.container, event)).action).toMatch(/^marked/)
    const verified = setUp([{ ...user, verified: true }])
    expect((await applyUserVerifiedEvent(verified.container, event)).action).toBe("already up to date")
    expect(verified.module.updateTradeAccountUsers).not.toHaveBeenCalled()
  })

  it("leaves alone a user of another store and a row of another service user", async () => {
    const nobody = setUp([])
    expect(await applyUserVerifiedEvent(nobody.container, event)).toMatchObject({ action: "none" })
    const other = setUp([{ ...user, service_user_id: "svc_user_2" }])
    expect(await applyUserVerifiedEvent(other.container, event)).toMatchObject({ action: "none" })
    expect(other.module.updateTradeAccountUsers).not.toHaveBeenCalled()
  })
})
