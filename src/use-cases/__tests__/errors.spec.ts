import { MedusaError } from "@medusajs/framework/utils"
import { TradeCreditError } from "../../client"
import { declined, toMedusaError } from "../errors"

/** A failed call as the client builds it: its message names the service's path, answer and trace id. */
const failure = (init: Partial<ConstructorParameters<typeof TradeCreditError>[0]>) =>
  new TradeCreditError({
    code: "SERVER_ERROR",
    status: 500,
    traceId: "4bf92f3577b34da6",
    method: "POST",
    path: "/v1/order",
    message:
      "Trade credit service: POST /v1/order answered 500 SERVER_ERROR: database " +
      "timeout at shard 7 (trace 4bf92f3577b34da6)",
    ...init,
  })

/** What the client's message holds and a buyer must not see. */
const INTERNALS =
  /\/v1\/|\/v2\/|\/companies|\/repay|trace|4bf92f35|shard|database|answered \d|SERVER_ERROR|SCHEMA_ERROR|INVALID_STATE/

const logger = () => ({ warn: jest.fn(), error: jest.fn() })

describe("toMedusaError", () => {
  const cases: [string, TradeCreditError, string, RegExp][] = [
    [
      "a 5xx",
      failure({}),
      "TRADE_CREDIT_UNAVAILABLE",
      new RegExp(
        /^The trade credit service could not create the order right now /.source +
          /\(TRADE_CREDIT_UNAVAILABLE\)\. Please try again\.$/.source,
      ),
    ],
    [
      "a timeout",
      failure({
        code: "TIMEOUT",
        status: undefined,
        traceId: undefined,
        message: "Trade credit service: POST /v1/order got no complete answer within 2000 ms (attempt 3)",
      }),
      "TRADE_CREDIT_UNAVAILABLE",
      /could not create the order right now/,
    ],
    [
      "a 429",
      failure({ code: "RATE_LIMITED", status: 429 }),
      "TRADE_CREDIT_UNAVAILABLE",
      /could not create the order right now/,
    ],
    [
      "a 5xx of another code",
      failure({ code: "HTTP_502", status: 502, traceId: undefined }),
      "TRADE_CREDIT_UNAVAILABLE",
      /^The trade credit service failed to create the order \(TRADE_CREDIT_UNAVAILABLE\)\. Please try again\.$/,
    ],
    [
      "a broken answer",
      failure({ code: "CONTRACT_VIOLATION", status: 200, traceId: undefined }),
      "TRADE_CREDIT_BAD_RESPONSE",
      /unexpected response when asked to create the order \(TRADE_CREDIT_BAD_RESPONSE\)\.$/,
    ],
    [
      "a refusal",
      failure({ code: "INVALID_STATE", status: 409 }),
      "TRADE_CREDIT_REFUSED",
      /^The trade credit service refused to create the order \(TRADE_CREDIT_REFUSED\)\.$/,
    ],
    [
      "our own bad request",
      failure({
        code: "INVALID_REQUEST",
        status: undefined,
        traceId: undefined,
        message: "Trade credit service: POST /v1/order: gross_amount 1.00 is not the sum",
      }),
      "TRADE_CREDIT_REFUSED",
      /^Could not create the order: the request for the trade credit service was invalid/,
    ],
  ]

  it.each(cases)(
    "answers %s in plain words and the stable code, with nothing of the call",
    (_, error, code, message) => {
      const log = logger()
      const mapped = toMedusaError(error, "create the order", {
        logger: log,
        ids: { payment_session_id: "payses_01", cart_id: "cart_01" },
      })
      expect(mapped).toBeInstanceOf(MedusaError)
      expect(mapped.code).toBe(code)
      expect(mapped.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(mapped.message).toMatch(message)
      expect(mapped.message).not.toMatch(INTERNALS)
    },
  )

  it("logs the detail once: the Medusa ids, the service's code, status, path and trace id", () => {
    const log = logger()
    toMedusaError(
      failure({ code: "INVALID_STATE", status: 409, details: "ORDER_ALREADY_CANCELLED" }),
      "cancel the order",
      {
        logger: log,
        ids: { payment_session_id: "payses_01", service_order_id: "ord_9", capture_id: undefined },
      },
    )
    expect(log.error).not.toHaveBeenCalled()
    expect(log.warn).toHaveBeenCalledTimes(1)
    const [line] = log.warn.mock.calls[0]
    expect(line).toMatch(/^trade-credit: could not cancel the order: INVALID_STATE 409 trace 4bf92f3577b34da6: /)
    expect(line).toMatch(
      / payment_session_id=payses_01 service_order_id=ord_9 code=TRADE_CREDIT_REFUSED trace_id=4bf92f3577b34da6$/,
    )
    expect(line).toContain("POST /v1/order")
    expect(line).toContain("details: ORDER_ALREADY_CANCELLED")
    expect(line).not.toContain("capture")
  })

  it("logs a broken answer as an error", () => {
    const log = logger()
    toMedusaError(failure({ code: "CONTRACT_VIOLATION", status: 200 }), "read the order", { logger: log })
    expect(log.warn).not.toHaveBeenCalled()
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.error.mock.calls[0][0]).toMatch(
      new RegExp(
        /^trade-credit: could not read the order: CONTRACT_VIOLATION 200 trace 4bf92f3577b34da6: .* /.source +
          /code=TRADE_CREDIT_BAD_RESPONSE trace_id=4bf92f3577b34da6$/.source,
      ),
    )
  })

  it("names the one refused field, bounded, and nothing else of the answer", () => {
    const long = "x".repeat(200)
    const mapped = toMedusaError(
      failure({
        code: "SCHEMA_ERROR",
        status: 422,
        errors: [{ loc: ["body", "billing_address", long], msg: "not a phone number at shard 7", type: "value_error" }],
      }),
      "check the buyer's credit",
    )
    expect(mapped.code).toBe("TRADE_CREDIT_REFUSED")
    expect(mapped.message).toMatch(
      new RegExp(
        /^The trade credit service refused to check the buyer's credit: /.source +
          /it refused the field billing_address\.x+… \(TRADE_CREDIT_REFUSED\)\.$/.source,
      ),
    )
    expect(mapped.message).not.toMatch(INTERNALS)
    expect(mapped.message.length).toBeLessThan(200)
  })

  it("tells an admin why the service refused (bounded), without the call's method and path", () => {
    const refused = failure({
      code: "SCHEMA_ERROR",
      status: 400,
      message:
        "Trade credit service: POST /trade-account/v1/customer answered 400: the " +
        "request was refused at organization_number: no such company in the registry",
    })
    const mapped = toMedusaError(refused, "create the trade account customer", { audience: "admin" })
    expect(mapped.message).toContain(
      ": no such company in the registry (TRADE_CREDIT_REFUSED: SCHEMA_ERROR, trace 4bf92f3577b34da6).",
    )
    expect(mapped.message).not.toMatch(/\/trade-account\/v1|answered/)
    expect(toMedusaError(refused, "create the trade account customer").message).not.toContain("no such company")
    // The service's own schema error names the field inside its description.
    const schema = failure({
      code: "SCHEMA_ERROR",
      status: 400,
      message:
        "Trade credit service: POST /trade-account/v1/customer answered 400 SCHEMA_ERROR: " +
        "The body does not match the schema: body.organization_number: no such " +
        "company in the registry",
    })
    expect(toMedusaError(schema, "create the trade account customer", { audience: "admin" }).message).toContain(
      ": no such company in the registry (",
    )
  })

  it("gives an admin the service's code and trace id, still not its path or answer", () => {
    const mapped = toMedusaError(failure({}), "look the address up for erasure", { audience: "admin" })
    expect(mapped.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(mapped.message).toBe(
      "The trade credit service could not look the address up for erasure right " +
        "now (TRADE_CREDIT_UNAVAILABLE: SERVER_ERROR, trace 4bf92f3577b34da6). " +
        "Please try again.",
    )
    expect(mapped.message).not.toMatch(/\/v1\/|shard|database|answered/)
  })

  it("bounds a trace id an admin reads", () => {
    const mapped = toMedusaError(
      failure({ code: "NOT_FOUND", status: 404, traceId: "t".repeat(300) }),
      "read the order",
      { audience: "admin" },
    )
    expect(mapped.message).toContain(`trace ${"t".repeat(64)}…)`)
  })

  it("passes a MedusaError through unchanged, and logs it", () => {
    const own = new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The buyer's phone number cannot be read",
      "INVALID_PHONE_NUMBER",
    )
    const log = logger()
    expect(toMedusaError(own, "check the buyer's credit", { logger: log })).toBe(own)
    expect(log.warn).toHaveBeenCalledWith(
      "trade-credit: could not check the buyer's credit: INVALID_PHONE_NUMBER: " +
        "The buyer's phone number cannot be read code=INVALID_PHONE_NUMBER",
    )
  })

  it("keeps an error of the plugin's own out of a buyer's message, and logs it", () => {
    const log = logger()
    const internal = Object.assign(new Error('relation "trade_credit_x" does not exist at /srv/app/node_modules/pg'), {
      code: "DB_FAILED",
    })
    const mapped = toMedusaError(internal, "read the order", { logger: log })
    expect(mapped.code).toBe("DB_FAILED")
    expect(mapped.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(mapped.message).toBe("Could not read the order (DB_FAILED).")
    expect(log.error.mock.calls[0][0]).toContain('relation "trade_credit_x" does not exist')
    expect(toMedusaError(new Error("boom"), "read the order").code).toBe("TRADE_CREDIT_ERROR")
    expect(toMedusaError("y".repeat(500), "read the order", { audience: "admin" }).message).toBe(
      `Could not read the order: ${"y".repeat(64)}… (TRADE_CREDIT_ERROR).`,
    )
  })

  it("logs nothing without a logger (the caller logs)", () => {
    expect(() => toMedusaError(failure({}), "read the order")).not.toThrow()
  })
})

describe("declined", () => {
  it("tells the buyer in words, never the service's code, and logs the code with the ids", () => {
    const lines: string[] = []
    const logger = { info: (line: string) => void lines.push(line) }
    const risk = declined("TOO_HIGH_RISK", { logger, ids: { payment_session_id: "payses_1" } })
    expect([risk.type, (risk as any).code]).toEqual(["not_allowed", "TRADE_CREDIT_DECLINED"])
    expect(risk.message).toBe("Trade credit is not available for this purchase. Please choose another payment method.")
    expect(lines).toEqual([
      "trade-credit: the service declined the buyer (TOO_HIGH_RISK) payment_session_id=payses_1 " +
        "code=TRADE_CREDIT_DECLINED",
    ])
    expect(declined("BUYER_LIMIT_EXCEEDED").message).toMatch(/^This order is above what your business can pay later/)
    expect(declined("ORDER_EXCEEDS_MAX_INVOICE_AMOUNT").message).toBe(declined("BUYER_LIMIT_EXCEEDED").message)
    expect(declined("BUYER_NOT_FOUND").message).toMatch(/could not be confirmed/)
    expect(declined("SERVICE_UNAVAILABLE").message).toMatch(/not available right now/)
    for (const code of [
      "TOO_HIGH_RISK",
      "BUYER_LIMIT_EXCEEDED",
      "BUYER_NOT_FOUND",
      "DECLINED_IN_VERIFICATION",
      "SE_SOLE_TRADER",
      "A_NEW_REASON",
    ]) {
      expect(declined(code).message).not.toContain(code)
    }
    expect(declined(null).message).toBe(
      "Trade credit is not available for this purchase. Please choose another payment method.",
    )
    // A reason the plugin wrote in words (the instalment limits) is said as it is, bounded.
    expect(declined("monthly instalments of 20.00 GBP are not offered to ACME LTD").message).toContain(
      "monthly instalments of 20.00 GBP",
    )
    expect(declined("r".repeat(100)).message).toContain(`${"r".repeat(64)}…`)
  })
})
