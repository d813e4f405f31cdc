import express from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { depthBeyond, describeDepthPath, MAX_BODY_DEPTH, refuseInvalidText } from "../invalid-text"

/** `depth` arrays inside one another around `inner`, parsed from JSON text (as Medusa's parser would hand it over). */
const nested = (depth: number, inner = "1") => JSON.parse(`${"[".repeat(depth)}${inner}${"]".repeat(depth)}`)

/** Runs the middleware on a request: the status, code and message it answered, or "next". */
function run(
  path: string,
  body: unknown,
  method = "POST",
): { status: number; code?: string; message?: string } | "next" {
  let answer: { status: number; code?: string; message?: string } | undefined
  let status = 200
  const res: MedusaResponse = Object.create(express.response)
  res.setHeader = () => res
  res.status = (code: number) => ((status = code), res)
  res.json = (sent?: unknown) => ((answer = { status, ...(sent as { code?: string; message?: string }) }), res)
  let passed = false
  refuseInvalidText({ path, method, body } as MedusaRequest, res, () => {
    passed = true
  })
  if (passed) return "next"
  return { status: answer!.status, code: answer!.code, message: answer!.message }
}

describe("depthBeyond", () => {
  it("counts objects and arrays inside one another, and nothing else", () => {
    expect(depthBeyond({}, 1)).toBeUndefined()
    expect(depthBeyond({ a: [1] }, 1)).toEqual(["a"])
    expect(depthBeyond({ a: [1] }, 2)).toBeUndefined()
    expect(depthBeyond("text", 0)).toBeUndefined()
    expect(depthBeyond(null, 0)).toBeUndefined()
    expect(depthBeyond(nested(MAX_BODY_DEPTH))).toBeUndefined()
    expect(depthBeyond(nested(MAX_BODY_DEPTH + 1))).toHaveLength(MAX_BODY_DEPTH)
  })

  it("walks 50,000 levels without recursion, stopping at the bound, and names the first branch beyond it", () => {
    const started = Date.now()
    expect(depthBeyond({ fine: { a: 1 }, deep: { list: [{ x: nested(50_000) }] } })?.slice(0, 5)).toEqual([
      "deep",
      "list",
      0,
      "x",
      0,
    ])
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it("describes a path by its first steps", () => {
    expect(describeDepthPath([])).toBe("(body)")
    expect(describeDepthPath(["data", "a b", 0])).toBe('data["a b"][0]')
    expect(describeDepthPath(["q", 0, 0, 0, 0, 0, 0, 0])).toBe("q[0][0][0][0][0]…")
    expect(describeDepthPath(["k".repeat(100)])).toBe(`${"k".repeat(64)}…`)
    expect(describeDepthPath(["a\u0000".repeat(50)])).toBe(`["${"a\\u0000".repeat(32)}…"]`)
  })
})

describe("refuseInvalidText: the depth", () => {
  it("answers a body deeper than 64 levels on the plugin's routes 400 TRADE_CREDIT_BODY_TOO_DEEP", () => {
    const refused = run("/store/trade-credit/plans/preview", { cart_id: "cart_1", periods: nested(50_000) })
    expect(refused).toEqual({
      status: 400,
      code: "TRADE_CREDIT_BODY_TOO_DEEP",
      message: expect.stringMatching(/more than 64 levels deep \(at periods\[0\]\[0\]/),
    })
    expect(run("/admin/trade-credit/erasure-requests", nested(65))).toMatchObject({
      status: 400,
      code: "TRADE_CREDIT_BODY_TOO_DEEP",
    })
    // A GET with a body is checked too: Medusa's parser reads it.
    expect(run("/store/trade-credit/companies", { q: nested(100) }, "GET")).toMatchObject({
      status: 400,
      code: "TRADE_CREDIT_BODY_TOO_DEEP",
    })
    // A payment session of the plugin's providers (Medusa's route: the plugin guards its body).
    expect(
      run("/store/payment-collections/pay_1/payment-sessions", {
        provider_id: "pp_trade-credit_default",
        data: nested(100),
      }),
    ).toMatchObject({
      status: 400,
      code: "TRADE_CREDIT_BODY_TOO_DEEP",
    })
  })

  it("lets bodies of ordinary depth through, and leaves Medusa's own bodies to Medusa", () => {
    expect(run("/store/trade-credit/plans/preview", { cart_id: "cart_1", periods: [3], company: nested(60) })).toBe(
      "next",
    )
    expect(run("/store/trade-credit/plans/preview", undefined)).toBe("next")
    expect(run("/store/carts", { metadata: nested(100) })).toBe("next")
    expect(
      run("/store/payment-collections/pay_1/payment-sessions", { provider_id: "pp_system_default", data: nested(100) }),
    ).toBe("next")
  })
})
