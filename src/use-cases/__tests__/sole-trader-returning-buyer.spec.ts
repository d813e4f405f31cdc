import { TradeCreditError } from "../../client/errors"
import {
  chooseReturningBusiness,
  requestReturningBuyerCode,
  verifyReturningBuyerCode,
} from "../sole-trader-returning-buyer"
import { serviceUnavailable } from "./fakes"
import { soleTraderFakes } from "./sole-trader-fakes"

/** A returning buyer: a code by email, the code verified, and the choice among several businesses. */

const ONE = { company_name: "Ada's Desks", country_code: "GB", organization_number: "SOLE-0001" }
const TWO = { company_name: "Ada's Chairs", country_code: "GB", organization_number: "SOLE-0002" }
const CODE = { customerId: "cus_1", email: "ada@example.com", code: "123456" }

describe("requestReturningBuyerCode", () => {
  it("asks for the code with a verification-only token, and says when the service knows no business", async () => {
    const { deps, registry } = soleTraderFakes()
    registry.requestReturningBuyerCode.mockResolvedValueOnce({ found: true }).mockResolvedValueOnce({ found: false })

    expect(await requestReturningBuyerCode(deps, CODE)).toEqual({ outcome: "sent" })
    expect(await requestReturningBuyerCode(deps, CODE)).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND",
    })
    expect(registry.createDelegationToken).toHaveBeenCalledWith(
      { verify_returning_buyer: true, create_proposal: false, buyer_reference: "cus_1" },
      { idempotencyKey: expect.stringMatching(/^soletrader-registry-verify-cus_1-/) },
    )
    expect(registry.requestReturningBuyerCode).toHaveBeenCalledWith("ada@example.com", {
      token: "registry-token",
      idempotencyKey: expect.stringMatching(/^soletrader-verify-cus_1-/),
    })
  })
})

describe("verifyReturningBuyerCode", () => {
  it("enrols the one business the email has", async () => {
    const { deps, registry, enrol } = soleTraderFakes()
    registry.verifyReturningBuyerCode.mockResolvedValue({ total_matches: 1, business: ONE, matchesToken: null })

    expect(await verifyReturningBuyerCode(deps, CODE)).toMatchObject({
      outcome: "enrolled",
      business: ONE,
      total_matches: 1,
      matches: [ONE],
      enrollment: { status: "VERIFIED", organization_number: "SOLE-0001" },
    })
    expect(enrol).toHaveBeenCalledWith({
      customer_id: "cus_1",
      status: "VERIFIED",
      source: "returning_buyer",
      proposal_id: null,
      business: ONE,
    })
  })

  it("lists several businesses and keeps the matches token, enrolling none", async () => {
    const { deps, registry, kept, enrol } = soleTraderFakes()
    registry.verifyReturningBuyerCode.mockResolvedValue({ total_matches: 2, business: ONE, matchesToken: "sdat_1" })
    registry.listMatches.mockResolvedValue([ONE, TWO])

    expect(await verifyReturningBuyerCode(deps, CODE)).toEqual({
      outcome: "several",
      total_matches: 2,
      matches: [ONE, TWO],
    })
    expect(kept.get("cus_1")).toEqual({ email: "ada@example.com", token: "sdat_1" })
    expect(enrol).not.toHaveBeenCalled()
  })

  it("refuses a wrong code, and an answer of several businesses without a token to list them", async () => {
    const { deps, registry } = soleTraderFakes()
    registry.verifyReturningBuyerCode.mockRejectedValueOnce(
      new TradeCreditError({ code: "SCHEMA_ERROR", status: 422, message: "refused" }),
    )
    expect(await verifyReturningBuyerCode(deps, CODE)).toMatchObject({ code: "TRADE_CREDIT_INVALID_CODE" })

    registry.verifyReturningBuyerCode.mockResolvedValueOnce({ total_matches: 2, business: ONE, matchesToken: null })
    expect(await verifyReturningBuyerCode(deps, CODE)).toMatchObject({ code: "TRADE_CREDIT_BAD_RESPONSE" })
  })

  it("hands any other failure of the service to the route's adapter", async () => {
    const { deps, registry } = soleTraderFakes()
    const failure = serviceUnavailable()
    registry.verifyReturningBuyerCode.mockRejectedValue(failure)

    await expect(verifyReturningBuyerCode(deps, CODE)).rejects.toBe(failure)
  })
})

describe("chooseReturningBusiness", () => {
  const choice = { customerId: "cus_1", organization_number: "SOLE-0002", country_code: "GB" }

  it("enrols a business of the verified email's matches, and uses the kept token up", async () => {
    const { deps, registry, kept, enrol } = soleTraderFakes()
    kept.set("cus_1", { email: "ada@example.com", token: "sdat_1" })
    registry.listMatches.mockResolvedValue([ONE, TWO])

    expect(await chooseReturningBusiness(deps, choice)).toMatchObject({
      outcome: "enrolled",
      business: TWO,
      enrollment: { organization_number: "SOLE-0002" },
    })
    expect(registry.listMatches).toHaveBeenCalledWith("ada@example.com", "sdat_1")
    expect(enrol).toHaveBeenCalledWith(expect.objectContaining({ business: TWO, source: "returning_buyer" }))
    expect(kept.has("cus_1")).toBe(false)
  })

  it("refuses a business outside the matches and gives the token back for another choice", async () => {
    const { deps, registry, kept, enrol } = soleTraderFakes()
    kept.set("cus_1", { email: "ada@example.com", token: "sdat_1" })
    registry.listMatches.mockResolvedValue([ONE])

    expect(await chooseReturningBusiness(deps, choice)).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_A_MATCH",
      message: "The business GB SOLE-0002 is not one of the businesses of the verified email",
    })
    expect(kept.get("cus_1")).toEqual({ email: "ada@example.com", token: "sdat_1" })
    expect(enrol).not.toHaveBeenCalled()
  })

  it("asks to verify again when no verification is kept", async () => {
    const { deps, registry } = soleTraderFakes()

    expect(await chooseReturningBusiness(deps, choice)).toMatchObject({ code: "TRADE_CREDIT_VERIFY_AGAIN" })
    expect(registry.listMatches).not.toHaveBeenCalled()
  })
})
