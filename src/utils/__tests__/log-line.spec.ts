import { randomBytes } from "node:crypto"
import { withLogLevel } from "../log-level"
import { errorIds, LOG_ID_KEYS, logFormatOf, logLine, redactSecrets, withLogOptions } from "../log-line"
import { describeKey } from "../../client/api-key"

/** A logger that records what it is handed, as Medusa's would print it: level, message, extra arguments. */
function recording() {
  const calls: { level: string; args: unknown[] }[] = []
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void calls.push({ level, args })
  const logger = {
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    activity: at("activity"),
  }
  return { logger, calls, lines: () => calls.map((c) => c.args[0] as string) }
}

const API_KEY = `secret_test_${randomBytes(32).toString("base64url")}`

describe("logLine: text", () => {
  it(
    "writes the message and then the ids as key=value, quoting a value with " +
      "a space, leaving undefined and null out",
    () => {
      const { logger, calls } = recording()
      logLine(logger, "warn", "trade-credit: capture on shipment failed", {
        order_id: "order_01",
        payment_id: undefined,
        payment_session_id: null,
        fulfillment_id: "ful_01",
        status: "NOT ACCEPTED",
        code: "TRADE_CREDIT_UNAVAILABLE",
      })
      expect(calls).toEqual([
        {
          level: "warn",
          args: [
            "trade-credit: capture on shipment failed order_id=order_01 fulfillment_id=ful_01 " +
              'status="NOT ACCEPTED" code=TRADE_CREDIT_UNAVAILABLE',
          ],
        },
      ])
    },
  )

  it("writes the message alone without ids, and quotes what would break a key=value reading", () => {
    const { logger, lines } = recording()
    logLine(logger, "info", "trade-credit: nothing to add")
    logLine(logger, "info", "x", { event_id: "", event_type: 'a"b', trace_id: "k=v", invoice_number: "INV\n2" })
    expect(lines()).toEqual([
      "trade-credit: nothing to add",
      'x event_id="" event_type="a\\"b" trace_id="k=v" invoice_number="INV\\n2"',
    ])
  })

  it("hands an error to Medusa's logger as its second argument", () => {
    const { logger, calls } = recording()
    const error = new Error("boom")
    logLine(logger, "error", "trade-credit: GET /x answered 500", { code: "TRADE_CREDIT_INTERNAL_ERROR" }, error)
    expect(calls[0].args).toEqual(["trade-credit: GET /x answered 500 code=TRADE_CREDIT_INTERNAL_ERROR", error])
  })
})

describe("logLine: json", () => {
  it(
    "writes one JSON object a line, handed to the logger as its message string, " + "without the message's own prefix",
    () => {
      const { logger, calls } = recording()
      const json = withLogOptions(logger, { logFormat: "json" })
      logLine(json, "warn", "trade-credit: capture on shipment failed", {
        order_id: "order_01",
        payment_id: "pay_01",
        cart_id: undefined,
        plan_id: "plan_1",
        code: "TRADE_CREDIT_UNAVAILABLE",
      })
      expect(calls).toHaveLength(1)
      expect(calls[0].level).toBe("warn")
      expect(typeof calls[0].args[0]).toBe("string")
      expect(JSON.parse(calls[0].args[0] as string)).toEqual({
        source: "trade-credit",
        level: "warn",
        message: "capture on shipment failed",
        order_id: "order_01",
        payment_id: "pay_01",
        plan_id: "plan_1",
        code: "TRADE_CREDIT_UNAVAILABLE",
      })
      expect(calls[0].args[0]).not.toContain("\n")
    },
  )

  it("keeps numbers as numbers and the webhook receiver's lines' own words", () => {
    const { logger, lines } = recording()
    const json = withLogOptions(logger, { logFormat: "json" })
    logLine(json, "info", "trade-credit webhook: order.verified msg_1 (order ord_1): done", {
      event_id: "msg_1",
      invoice_number: 1042,
    })
    expect(JSON.parse(lines()[0])).toEqual({
      source: "trade-credit",
      level: "info",
      message: "webhook: order.verified msg_1 (order ord_1): done",
      event_id: "msg_1",
      invoice_number: 1042,
    })
  })
})

describe("logLine: only ids, never secrets", () => {
  it("refuses a key that is not an id, at the type level", () => {
    const { logger, lines } = recording()
    // @ts-expect-error: `email` is not among the ids a line may carry (LOG_ID_KEYS)
    logLine(logger, "info", "x", { order_id: "order_1", email: "jane@example.com" })
    // @ts-expect-error: nor is an API key
    logLine(logger, "info", "x", { apiKey: API_KEY })
    // @ts-expect-error: values are strings or numbers, not objects (a body)
    logLine(logger, "info", "x", { order_id: { email: "jane@example.com" } })
    expect(lines()).toHaveLength(3)
    expect(LOG_ID_KEYS).not.toContain("email")
  })

  it("redacts a value or message holding something shaped like an API key or a webhook secret", () => {
    const { logger, lines } = recording()
    const secret = `whsec_${randomBytes(24).toString("base64")}`
    logLine(logger, "warn", `trade-credit: refused ${API_KEY}`, { code: `INVALID ${API_KEY}`, trace_id: secret })
    const json = withLogOptions(logger, { logFormat: "json" })
    logLine(json, "warn", "trade-credit: refused", { code: API_KEY, event_id: `x-${secret}` })
    const [text, line] = lines()
    for (const written of [text, line]) {
      expect(written).not.toContain(API_KEY)
      expect(written).not.toContain(API_KEY.slice("secret_test_".length))
      expect(written).not.toContain(secret)
    }
    const shown = describeKey(API_KEY)
    expect(text).toBe(`trade-credit: refused ${shown} code="INVALID ${shown}" trace_id=whsec_…`)
    expect(JSON.parse(line)).toMatchObject({ code: shown, event_id: "x-whsec_…" })
    expect(redactSecrets("no secret here")).toBe("no secret here")
    // A key's display form (describeKey) is what a line may show: it stays as it is.
    expect(redactSecrets(`took ${shown}: sending that one first`)).toBe(`took ${shown}: sending that one first`)
  })

  it("takes an error's code and trace id, and nothing else of it", () => {
    expect(
      errorIds(Object.assign(new Error("jane@example.com"), { code: "TRADE_CREDIT_REFUSED", traceId: "tr-9" })),
    ).toEqual({ code: "TRADE_CREDIT_REFUSED", trace_id: "tr-9" })
    expect(errorIds(new Error("x"))).toEqual({ code: undefined, trace_id: undefined })
    expect(errorIds("boom")).toEqual({ code: undefined, trace_id: undefined })
    expect(errorIds({ code: 42 })).toEqual({ code: undefined, trace_id: undefined })
  })
})

describe("withLogOptions", () => {
  it("hands out one wrapper per logger, level and format, and leaves a text logger without a level as it is", () => {
    const { logger } = recording()
    expect(withLogOptions(logger, {})).toBe(logger)
    expect(withLogOptions(logger, { logFormat: "text" })).toBe(logger)
    expect(withLogOptions(logger, { logLevel: "warn", logFormat: "text" })).toBe(withLogLevel(logger, "warn"))
    const json = withLogOptions(logger, { logFormat: "json" })
    expect(json).not.toBe(logger)
    expect(withLogOptions(logger, { logFormat: "json" })).toBe(json)
    expect(withLogOptions(logger, { logLevel: "warn", logFormat: "json" })).toBe(
      withLogOptions(logger, { logLevel: "warn", logFormat: "json" }),
    )
    expect(withLogOptions(logger, { logLevel: "warn", logFormat: "json" })).not.toBe(json)
    expect(logFormatOf(logger)).toBe("text")
    expect(logFormatOf(json)).toBe("json")
  })

  it("drops the lines below the level in either format and keeps the rest of the logger", () => {
    const { logger, calls } = recording()
    const quiet = withLogOptions(logger, { logLevel: "warn", logFormat: "json" })
    logLine(quiet, "info", "trade-credit: dropped", { order_id: "order_1" })
    logLine(quiet, "warn", "trade-credit: kept", { order_id: "order_1" })
    quiet.activity("medusa's own")
    expect(calls.map((c) => c.level)).toEqual(["warn", "activity"])
    expect(JSON.parse(calls[0].args[0] as string)).toEqual({
      source: "trade-credit",
      level: "warn",
      message: "kept",
      order_id: "order_1",
    })
  })
})
