import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { authorizationStatusOf, beforeCompletionStatusOf, planAuthorization, sessionStatusOf } from "../status"

const STATES = ["UNVERIFIED", "VERIFIED", "CONFIRMED", "FULFILLING", "FULFILLED", "REFUNDED", "CANCELLED"] as const

describe("Medusa's status of a service order", () => {
  it("maps every state, and a REJECTED order to error", () => {
    expect(STATES.map((state) => sessionStatusOf({ state, status: "APPROVED" }))).toEqual([
      PaymentSessionStatus.REQUIRES_MORE,
      PaymentSessionStatus.AUTHORIZED,
      PaymentSessionStatus.AUTHORIZED,
      PaymentSessionStatus.CAPTURED,
      PaymentSessionStatus.CAPTURED,
      PaymentSessionStatus.CAPTURED,
      PaymentSessionStatus.CANCELED,
    ])
    expect(sessionStatusOf({ state: "VERIFIED", status: "REJECTED" })).toBe(PaymentSessionStatus.ERROR)
  })

  it("before the completion: requires_more while the buyer verifies, else pending (never authorized)", () => {
    expect(beforeCompletionStatusOf({ state: "UNVERIFIED" })).toBe(PaymentSessionStatus.REQUIRES_MORE)
    expect(beforeCompletionStatusOf({ state: "VERIFIED" })).toBe(PaymentSessionStatus.PENDING)
    expect(beforeCompletionStatusOf({ state: "CONFIRMED" })).toBe(PaymentSessionStatus.PENDING)
  })

  it("at the authorization: requires_more while the buyer verifies, else authorized", () => {
    expect(authorizationStatusOf({ state: "UNVERIFIED", status: "APPROVED" })).toBe(PaymentSessionStatus.REQUIRES_MORE)
    expect(authorizationStatusOf({ state: "CONFIRMED", status: "APPROVED" })).toBe(PaymentSessionStatus.AUTHORIZED)
  })

  it(
    "plans the authorization: refuse a declined or cancelled order, wait for " + "the buyer, confirm a verified one",
    () => {
      expect(STATES.map((state) => planAuthorization({ state, status: "APPROVED" }).type)).toEqual([
        "wait",
        "confirm",
        "authorized",
        "authorized",
        "authorized",
        "authorized",
        "refuse",
      ])
      expect(planAuthorization({ state: "CANCELLED", status: "APPROVED" })).toEqual({
        type: "refuse",
        reason: "canceled",
      })
      // A declined buyer is refused as declined whatever the state says.
      for (const state of STATES)
        expect(planAuthorization({ state, status: "REJECTED" })).toEqual({ type: "refuse", reason: "declined" })
      expect(authorizationStatusOf({ state: "VERIFIED", status: "APPROVED" })).toBe(PaymentSessionStatus.AUTHORIZED)
    },
  )
})
