import express from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { findInvalidText, MAX_TEXT_LENGTH, quote, refuseInvalidText } from "../invalid-text"

type Answer = { status: number; body: { type: string; code: string; message: string } }

/** Runs the middleware on a request: the answer it gave, or "next" when it let the request through. */
function run(path: string, body: unknown, method = "POST"): Answer | "next" {
  let answer: Answer | undefined
  let status = 200
  // A response on express's own prototype, its two methods the middleware answers with recorded.
  const res: MedusaResponse = Object.create(express.response)
  res.status = (code: number) => ((status = code), res)
  res.json = (body?: unknown) => ((answer = { status, body: body as Answer["body"] }), res)
  let passed = false
  refuseInvalidText({ path, method, body } as MedusaRequest, res, () => {
    passed = true
  })
  return passed ? "next" : answer!
}

const refusal = (path: string, body: unknown) => {
  const answer = run(path, body)
  if (answer === "next") throw new Error(`${path} was let through`)
  return answer
}

const PREVIEW = "/store/trade-credit/plans/preview"
const SESSIONS = "/store/payment-collections/pay_col_1/payment-sessions"

describe("refuseInvalidText", () => {
  it("refuses a NUL at the top level, naming the field, in Medusa's shape with the plugin's code", () => {
    const answer = refusal(PREVIEW, { cart_id: "cart_\u00001", periods: [3] })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      type: "invalid_data",
      code: "TRADE_CREDIT_INVALID_TEXT",
      message: expect.stringContaining("cart_id"),
    })
    expect(answer.body.message).toContain("NUL")
    // The answer quotes the input escaped: it holds no NUL itself.
    expect(answer.body.message).not.toContain("\u0000")
    expect(answer.body.message).toContain("cart_\\u00001")
  })

  it("refuses a NUL at depth and in arrays, with the whole path", () => {
    const body = {
      proposed_business: {
        proprietor_details: { address_history: [{ city: "Leeds" }, { street: "1 Mill\u0000 Lane" }] },
      },
    }
    const answer = refusal("/store/trade-credit/soletrader/proposals", body)
    expect(answer.body.code).toBe("TRADE_CREDIT_INVALID_TEXT")
    expect(answer.body.message).toContain("proposed_business.proprietor_details.address_history[1].street")
    expect(refusal(PREVIEW, { tags: ["ok", ["deeper", "no\u0000"]] }).body.message).toContain("tags[1][1]")
  })

  it("refuses a NUL or a lone surrogate in a key, quoting the key escaped", () => {
    const answer = refusal("/admin/trade-credit/trade-accounts", { metadata: { "bad\u0000key": "value" } })
    expect(answer.body.code).toBe("TRADE_CREDIT_INVALID_TEXT")
    expect(answer.body.message).toContain('metadata["bad\\u0000key"]')
    expect(answer.body.message).toMatch(/field name/)
    expect(refusal(PREVIEW, { ["\uD800"]: 1 }).body.message).toContain('["\\ud800"]')
  })

  it("refuses lone surrogates, high or low, and lets a well-formed pair through", () => {
    expect(refusal(PREVIEW, { cart_id: "cart\uD83D" }).body).toMatchObject({
      code: "TRADE_CREDIT_INVALID_TEXT",
      message: expect.stringMatching(/cart_id.*lone surrogate/),
    })
    expect(refusal(PREVIEW, { cart_id: "\uDE00cart" }).body.code).toBe("TRADE_CREDIT_INVALID_TEXT")
    expect(refusal(PREVIEW, { cart_id: "a\uDE00\uD83Db" }).body.code).toBe("TRADE_CREDIT_INVALID_TEXT")
    expect(run(PREVIEW, { cart_id: "cart \uD83D\uDE00" })).toBe("next")
  })

  it("refuses a string longer than the global bound with its own code, and quotes at most 64 characters", () => {
    const long = "x".repeat(MAX_TEXT_LENGTH + 1)
    const answer = refusal("/store/trade-credit/carts/cart_1/pre-check", { company: { company_name: long } })
    expect(answer.body.code).toBe("TRADE_CREDIT_TEXT_TOO_LONG")
    expect(answer.body.message).toContain("company.company_name")
    expect(answer.body.message).toContain(String(MAX_TEXT_LENGTH))
    expect(answer.body.message.length).toBeLessThan(300)
    expect(answer.body.message).toContain(`"${"x".repeat(64)}…"`)
    expect(run(PREVIEW, { note: "x".repeat(MAX_TEXT_LENGTH) })).toBe("next")
    // A long key too.
    expect(refusal(PREVIEW, { [long]: 1 }).body.code).toBe("TRADE_CREDIT_TEXT_TOO_LONG")
  })

  it("lets ordinary unicode through: Nordic letters, emoji, CJK, RTL, escapes other than NUL", () => {
    const body = {
      representative: { first_name: "Åse", last_name: "Ødegård" },
      order_note: "Deliver 🚚📦 before 9 — 谢谢 — שלום, tab\there\nnewline",
      list: ["👩‍👩‍👧", "\u00e9", { ключ: "значение" }],
      n: 1,
      ok: true,
      none: null,
    }
    expect(run(PREVIEW, body)).toBe("next")
    expect(run("/admin/trade-credit/trade-accounts", body)).toBe("next")
    expect(run("/hooks/trade-credit", body)).toBe("next")
  })

  it("guards the payment session route for the plugin's providers only", () => {
    const data = { company: { company_canonical_id: "gb-\u0000" }, purchase_order_number: "PO-1" }
    const invoice = refusal(SESSIONS, { provider_id: "pp_trade-credit_default", data })
    expect(invoice.body).toMatchObject({
      code: "TRADE_CREDIT_INVALID_TEXT",
      message: expect.stringContaining("data.company.company_canonical_id"),
    })
    const plan = refusal(SESSIONS, {
      provider_id: "pp_trade-credit-plan_default",
      data: { purchase_order_number: "PO\u0000" },
    })
    expect(plan.body.message).toContain("data.purchase_order_number")
    expect(run(SESSIONS, { provider_id: "pp_system_default", data })).toBe("next")
    expect(run("/store/carts/cart_1", { metadata: { note: "\u0000" } })).toBe("next")
  })

  it("lets a request without a JSON object body through", () => {
    expect(run(PREVIEW, undefined, "GET")).toBe("next")
    expect(run(PREVIEW, "text\u0000")).toBe("next")
  })
})

describe("findInvalidText and quote", () => {
  it("walks a deeply nested body without recursion", () => {
    let body: unknown = "bottom\u0000"
    for (let i = 0; i < 20_000; i++) body = [body]
    const found = findInvalidText(body)
    expect(found?.problem).toBe("nul")
    expect(found?.path.endsWith("[0]")).toBe(true)
    expect(found!.path.length).toBeLessThanOrEqual(201)
  })

  it("reports the first bad field in document order", () => {
    expect(findInvalidText({ a: "fine", b: { c: "\u0000" }, d: "\u0000" })?.path).toBe("b.c")
  })

  it("quotes at most 64 characters and never cuts a surrogate pair", () => {
    expect(quote("😀".repeat(100))).toBe(`${"😀".repeat(64)}…`)
    expect(quote("short")).toBe("short")
  })
})
