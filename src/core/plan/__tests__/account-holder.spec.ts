import { accountHolderBuyerKey, accountHolderData, accountHolderIdOf, externalBuyerKey } from "../account-holder"
import { holderIdOf } from "../conflict-holder"

const UUID = "0b9f1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b"

describe("account holders of the plan provider", () => {
  it("names the customer in the holder's id and data, the same for the same customer", () => {
    expect(accountHolderIdOf("cus_1")).toBe("buyer_cus_1")
    expect(accountHolderData("cus_1", ["acc_1", "acc_2"])).toEqual({
      buyer_key: "cus_1",
      account_ids: ["acc_1", "acc_2"],
    })
    // What the holder kept stays; the buyer and accounts are set again.
    expect(accountHolderData("cus_1", [], { note: "kept", buyer_key: "old", account_ids: ["gone"] })).toEqual({
      note: "kept",
      buyer_key: "cus_1",
      account_ids: [],
    })
  })

  it("reads the buyer back from the holder's data, else from its id", () => {
    expect(accountHolderBuyerKey({ data: { buyer_key: "cus_1" } })).toBe("cus_1")
    expect(accountHolderBuyerKey({ data: { buyer_key: "" } })).toBeUndefined()
    expect(accountHolderBuyerKey({ data: { buyer_key: 7 } })).toBeUndefined()
    expect(accountHolderBuyerKey({ data: null })).toBeUndefined()
    expect(accountHolderBuyerKey(undefined)).toBeUndefined()
    expect(externalBuyerKey("buyer_cus_1")).toBe("cus_1")
    expect(externalBuyerKey("acct_1")).toBeUndefined()
    expect(externalBuyerKey(null)).toBeUndefined()
  })

  it("reads the id of what holds a taken reference from a 409 only, in its details first, else its message", () => {
    expect(holderIdOf({ status: 409, details: `plan ${UUID} holds the reference`, message: "Conflict" })).toBe(UUID)
    expect(
      holderIdOf({
        status: 409,
        message: `Trade credit service: POST /plan answered 409: reference used by ${UUID.toUpperCase()}`,
      }),
    ).toBe(UUID.toUpperCase())
    expect(holderIdOf({ status: 409, details: "no id here", message: `held by ${UUID}` })).toBe(UUID)
    expect(holderIdOf({ status: 400, details: UUID, message: UUID })).toBeUndefined()
    expect(holderIdOf({ status: 409, message: "taken" })).toBeUndefined()
  })
})
