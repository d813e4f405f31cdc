import type { AddressInfo } from "node:net"
import express, { type NextFunction, type Request, type Response } from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { countryNotSupported, ProposalBody } from "../../store/trade-credit/soletrader/validators"
import { refusal, validateBody } from "../../utils/validate"
import { Codes } from "../codes"
import { tradeCreditErrorHandler } from "../error-handler"
import { capEchoes, QUOTE_LENGTH } from "../quote"
import { RouteError } from "../route-error"

const KB5 = "x".repeat(5 * 1024)
/** The longest run of `input` that `message` repeats. */
function longestEcho(message: string, input: string): number {
  let longest = 0
  for (let i = 0; i < message.length; i++) {
    let n = longest + 1
    while (i + n <= message.length && input.includes(message.slice(i, i + n))) n++
    longest = Math.max(longest, n - 1)
  }
  return longest
}

describe("capEchoes", () => {
  it("cuts every echo of an input over 64 characters to a quote, wherever the message repeats it", () => {
    const varied = Array.from({ length: 300 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("")
    const message = `country_code "${varied}" is not supported, got: '${varied.slice(10, 200)}'`
    const capped = capEchoes(message, { proposed_business: { country_code: varied } })
    expect(capped).toBe(`country_code "${varied.slice(0, 64)}…" is not supported, got: '${varied.slice(10, 74)}…'`)
    expect(longestEcho(capped, varied)).toBe(QUOTE_LENGTH)
  })

  it("finds an input as JSON escapes it, in keys, in arrays and at any depth", () => {
    const quoted = `say "hi"\n${"y".repeat(100)}`
    expect(capEchoes(`got ${JSON.stringify(quoted)}`, [{ a: [[quoted]] }])).toBe(
      `got "${JSON.stringify(quoted).slice(1, 65)}…"`,
    )
    const key = "k".repeat(200)
    expect(capEchoes(`unknown field ${key}`, { [key]: 1 })).toBe(`unknown field ${"k".repeat(64)}…`)
  })

  it("leaves a message alone when it echoes at most 64 characters, or no input is longer", () => {
    const message = `The field is wrong: "${"z".repeat(64)}…" (${"w".repeat(100)})`
    expect(capEchoes(message, { a: "z".repeat(5000) })).toBe(message)
    expect(capEchoes(message, { a: "short" }, undefined, null, 3)).toBe(message)
    expect(capEchoes("short", { a: KB5 })).toBe("short")
  })
})

describe("validation messages quote at most 64 characters of the input (issue #36)", () => {
  const proposal = { what: "Invalid proposal", rules: [countryNotSupported] }
  const medusaRefusal = new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid request")

  it("cuts the service schema's quote of a 5 KB proposal country", () => {
    const error = refusal(
      ProposalBody,
      { proposed_business: { country_code: KB5 } },
      medusaRefusal,
      Codes.TRADE_CREDIT_INVALID_PROPOSAL,
      proposal,
    ) as RouteError
    expect(error.code).toBe(Codes.TRADE_CREDIT_INVALID_PROPOSAL)
    expect(error.message).toContain(`"${"x".repeat(64)}…"`)
    expect(longestEcho(error.message, KB5)).toBe(QUOTE_LENGTH)
  })

  it("cuts Medusa's own message when the plugin's schema passes the input", () => {
    const medusa = new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid request: Expected type: 'string' for field 'country_code', got: '${KB5}'`,
    )
    // A schema that takes the body, so that Medusa's message is the one given.
    const error = refusal(z.unknown(), { note: KB5 }, medusa, Codes.TRADE_CREDIT_INVALID_CHOICE, {
      what: "Invalid choice",
    }) as RouteError
    expect(error.message).toMatch(/^Invalid choice: Invalid request: .*got: 'x{64}…'$/)
    expect(longestEcho(error.message, KB5)).toBe(QUOTE_LENGTH)
  })
})

describe("the error handler quotes at most 64 characters of the input, whoever wrote the message", () => {
  let base: string
  let close: () => void
  beforeAll(async () => {
    const app = express()
    app.use((req: Request, _res: Response, next: NextFunction) => {
      Object.assign(req, {
        scope: { resolve: () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }) },
      })
      next()
    })
    app.use(express.json({ limit: "100kb" }))
    app.post(
      "/store/trade-credit/soletrader/proposals",
      validateBody(ProposalBody, Codes.TRADE_CREDIT_INVALID_PROPOSAL, {
        what: "Invalid proposal",
        rules: [countryNotSupported],
      }) as unknown as express.RequestHandler,
    )
    // A message made anywhere that repeats the input whole.
    app.post("/admin/trade-credit/erasure-requests", (req: Request, _res: Response, next: NextFunction) =>
      next(new RouteError(Codes.TRADE_CREDIT_INVALID_BODY, `Unknown reference ${req.body.reference}`)),
    )
    app.get("/admin/trade-credit/erasure-requests/:id", (req: Request, _res: Response, next: NextFunction) =>
      next(
        new RouteError(Codes.TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND, `Erasure request ${req.params.id} was not found`),
      ),
    )
    const handler: express.ErrorRequestHandler = (error, req, res, next) =>
      tradeCreditErrorHandler(error, req as MedusaRequest, res as MedusaResponse, next)
    app.use(handler)
    const server = app.listen(0)
    await new Promise((resolve) => server.once("listening", resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  const post = async (url: string, body: unknown) => {
    const res = await fetch(base + url, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    })
    return { status: res.status, body: (await res.json()) as { code: string; message: string } }
  }

  it("answers a 5 KB proposal country with the route's code and a 64-character quote", async () => {
    const answer = await post("/store/trade-credit/soletrader/proposals", { proposed_business: { country_code: KB5 } })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe(Codes.TRADE_CREDIT_INVALID_PROPOSAL)
    expect(longestEcho(answer.body.message, KB5)).toBe(QUOTE_LENGTH)
  })

  it("cuts an echo of the body or of a path parameter in any route's message", async () => {
    const answer = await post("/admin/trade-credit/erasure-requests", { reference: KB5 })
    expect(answer.body).toEqual({
      type: "invalid_data",
      code: Codes.TRADE_CREDIT_INVALID_BODY,
      message: `Unknown reference ${"x".repeat(64)}…`,
    })
    const id = "i".repeat(1000)
    const res = await fetch(`${base}/admin/trade-credit/erasure-requests/${id}`)
    expect(((await res.json()) as { message: string }).message).toBe(`Erasure request ${"i".repeat(64)}… was not found`)
  })
})
