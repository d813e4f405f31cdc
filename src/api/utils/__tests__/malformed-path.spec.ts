import express from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refuseMalformedPath } from "../malformed-path"

/** Runs the middleware on a URL: the status and code it answered, or "next" when it let the request through. */
function run(url: string): { status: number; code?: string } | "next" {
  const [path] = url.split("?")
  let answer: { status: number; code?: string } | undefined
  let status = 200
  // A response on express's own prototype, its two methods the middleware answers with recorded.
  const res: MedusaResponse = Object.create(express.response)
  res.status = (code: number) => ((status = code), res)
  res.json = (body?: unknown) => ((answer = { status, code: (body as { code?: string }).code }), res)
  let passed = false
  refuseMalformedPath({ path, originalUrl: url } as MedusaRequest, res, () => {
    passed = true
  })
  return passed ? "next" : answer!
}

describe("refuseMalformedPath", () => {
  it("answers a broken %-escape, an escaped control character or a NUL in the query under the plugin's paths 400 with a code", () => {
    expect(run("/admin/trade-credit/orders/%E0%A4%A")).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PATH" })
    expect(run("/admin/trade-credit/trade-accounts/%00")).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PATH" })
    expect(run("/store/trade-credit/carts/cart_1%0A/pre-check")).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PATH" })
    expect(run("/store/trade-credit/companies?q=acme%00")).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_QUERY" })
  })

  it("lets well-formed paths through, and leaves other paths to Medusa", () => {
    expect(run("/admin/trade-credit/trade-accounts/tcta_01J%20x")).toBe("next")
    expect(run("/store/trade-credit/companies?q=%2500%20acme")).toBe("next")
    expect(run("/store/carts/%00")).toBe("next")
  })
})
