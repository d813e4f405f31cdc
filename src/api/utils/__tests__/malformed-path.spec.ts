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
  it(
    "answers a broken %-escape, an escaped control character or a NUL in the " +
      "query under the plugin's paths 400 with a code",
    () => {
      expect(run("/admin/trade-credit/orders/%E0%A4%A")).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PATH" })
      expect(run("/admin/trade-credit/trade-accounts/%00")).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PATH" })
      expect(run("/store/trade-credit/carts/cart_1%0A/pre-check")).toEqual({
        status: 400,
        code: "TRADE_CREDIT_INVALID_PATH",
      })
      expect(run("/store/trade-credit/companies?q=acme%00")).toEqual({
        status: 400,
        code: "TRADE_CREDIT_INVALID_QUERY",
      })
    },
  )

  it("lets well-formed paths through, and leaves other paths to Medusa", () => {
    expect(run("/admin/trade-credit/trade-accounts/tcta_01J%20x")).toBe("next")
    expect(run("/store/trade-credit/companies?q=%2500%20acme")).toBe("next")
    expect(run("/store/carts/%00")).toBe("next")
  })

  it("answers a broken %-escape or a control character in the webhook URLs 400 with a code (issue #36)", () => {
    const invalid = { status: 400, code: "TRADE_CREDIT_INVALID_PATH" }
    // Medusa's route would fail to decode :provider (500); the plugin's path with a control character after it was an
    // HTML 404.
    for (const url of [
      "/hooks/payment/trade-credit_%E0%A4%A",
      "/hooks/payment/trade-credit-plan_%E0%A4%A",
      "/hooks/payment/trade-credit_default%E0%A4%A",
      "/hooks/payment/trade-credit_%",
      "/hooks/payment/trade-credit_default%00",
      "/hooks/payment/trade-credit_default%0A",
      "/hooks/trade-credit%00",
      "/hooks/trade-credit%0D%0A",
      "/hooks/trade-credit%E0%A4%A",
      "/hooks/trade-credit/%00",
    ]) {
      expect([url, run(url)]).toEqual([url, invalid])
    }
    // The provider's name escaped: Medusa's route would take the delivery and drop it.
    expect(run("/hooks/payment/trade-credit%5Fdefault")).toEqual(invalid)
    expect(run("/hooks/payment/%74rade-credit_default")).toEqual(invalid)
  })

  it("lets valid deliveries through, and leaves other providers' webhook URLs to Medusa", () => {
    expect(run("/hooks/trade-credit")).toBe("next")
    expect(run("/hooks/payment/trade-credit_default")).toBe("next")
    expect(run("/hooks/payment/trade-credit-plan_default")).toBe("next")
    expect(run("/hooks/payment/stripe_%E0%A4%A")).toBe("next")
    expect(run("/hooks/payment/stripe%5Fdefault")).toBe("next")
    expect(run("/hooks/payment/stripe_default%00")).toBe("next")
  })
})
