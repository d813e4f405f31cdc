import { TradeCreditError } from "../../../client"
import { serviceRefusal } from "../../store/trade-credit/soletrader/route-helpers"
import { adminServiceFailureError, serviceFailureError } from "../service-failure"

/** A refusal as the client builds it: its message names the service's path, answer and trace id. */
const refusal = (init: Partial<ConstructorParameters<typeof TradeCreditError>[0]>) =>
  new TradeCreditError({
    code: "SERVER_ERROR",
    status: 500,
    traceId: "4bf92f3577b34da6",
    message:
      "Trade credit service: POST /companies/v2/company answered 500 SERVER_ERROR: " +
      "database timeout at shard 7 (trace 4bf92f3577b34da6)",
    errors: [{ loc: ["body", "proposed_business", "phone"], msg: "not a phone number", type: "value_error" }],
    ...init,
  })

/** What the client's message holds and a buyer must not see. */
const INTERNALS = /\/v1\/|\/v2\/|\/companies|trace|4bf92f35|shard|SERVER_ERROR|answered \d/

describe("buyer-facing answers of the service's failures", () => {
  it("name what could not be done, never the service's path, trace id or answer", () => {
    for (const error of [
      refusal({}),
      refusal({ code: "TIMEOUT", status: undefined }),
      refusal({ code: "UNAUTHORIZED", status: 401 }),
      refusal({ code: "CONTRACT_VIOLATION", status: 200 }),
      refusal({ code: "SCHEMA_ERROR", status: 422 }),
      refusal({ code: "INVALID_STATE", status: 409 }),
      refusal({ code: "NOT_FOUND", status: 404 }),
      refusal({ code: "FORBIDDEN", status: 403 }),
      refusal({ code: "RATE_LIMITED", status: 429, retryAfterMs: 3000 }),
    ]) {
      const store = serviceFailureError(error, "search companies")
      expect(store?.message).not.toMatch(INTERNALS)
      const soletrader = serviceRefusal(error, "create the proposal")
      expect(soletrader.message).not.toMatch(INTERNALS)
    }
    expect(serviceRefusal(refusal({ code: "SCHEMA_ERROR", status: 422 }), "create the proposal").message).toBe(
      "Cannot create the proposal: the trade credit service refused the field proposed_business.phone",
    )
    expect(
      serviceRefusal(refusal({ code: "RATE_LIMITED", status: 429, retryAfterMs: 3000 }), "send a code").headers,
    ).toEqual({ "Retry-After": "3" })
  })

  it("give a merchant the service's code and trace id, and still nothing of its answer", () => {
    const admin = adminServiceFailureError(refusal({}), "read the order")
    expect(admin).toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE", status: 503 })
    expect(admin?.message).toBe(
      "The trade credit service could not read the order right now. Please try " +
        "again (SERVER_ERROR, trace 4bf92f3577b34da6).",
    )
    expect(admin?.message).not.toMatch(/shard|\/companies/)
    expect(serviceFailureError(new Error("not the service's"), "x")).toBeUndefined()
  })
})
