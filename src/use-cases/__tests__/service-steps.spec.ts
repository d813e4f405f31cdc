import { MedusaError } from "@medusajs/framework/utils"
import { serviceSteps } from "../errors"
import { recordingLogger, serviceError, serviceUnavailable, unreadableAnswer } from "./fakes"

/**
 * `fail` (a failure a flow caught, to look at it first) maps and logs exactly as `call` does when its step fails with
 * the same error: same MedusaError, same one log line. The flows used to re-enter `call` with a rejected step for it.
 */
describe("serviceSteps: call and fail", () => {
  const failures: [string, () => unknown][] = [
    [
      "a refusal naming a field",
      () =>
        serviceError({
          code: "SCHEMA_ERROR",
          status: 422,
          errors: [{ loc: ["amount"], msg: "x", type: "value_error" }],
        }),
    ],
    ["the service unavailable", serviceUnavailable],
    ["an unreadable answer", unreadableAnswer],
    ["a MedusaError of the plugin", () => new MedusaError(MedusaError.Types.NOT_ALLOWED, "No", "TRADE_CREDIT_X")],
    ["an error of the plugin's own", () => Object.assign(new Error("boom"), { code: "OWN_CODE" })],
  ]
  const ids = { payment_session_id: "payses_1", service_order_id: "ord_1" }

  it.each(failures)("%s: the same error and the same line", async (_what, failure) => {
    const viaCall = recordingLogger()
    const viaFail = recordingLogger()
    const error = failure()

    const called = await serviceSteps({ logger: viaCall })
      .call("cancel the order", () => Promise.reject(error), ids)
      .catch((e: unknown) => e)
    let failed: unknown
    try {
      serviceSteps({ logger: viaFail }).fail("cancel the order", error, ids)
    } catch (e) {
      failed = e
    }

    expect(failed).toBeInstanceOf(MedusaError)
    expect(failed).toEqual(called)
    expect((failed as MedusaError).code).toBe((called as MedusaError).code)
    expect(viaFail.lines).toEqual(viaCall.lines)
    expect(viaFail.lines).toHaveLength(1)
  })

  it("a step that succeeds answers its value and logs nothing", async () => {
    const logger = recordingLogger()

    await expect(serviceSteps({ logger }).call("read the order", async () => 42)).resolves.toBe(42)
    expect(logger.lines).toEqual([])
  })

  it("the admin's words add the service's code and trace id", () => {
    const logger = recordingLogger()
    const error = serviceError({ code: "INVALID_STATE", status: 409 })

    expect(() => serviceSteps({ logger, audience: "admin" }).fail("cancel the repayment plan", error)).toThrow(
      /\(TRADE_CREDIT_REFUSED: INVALID_STATE, trace trace-fake-1\)/,
    )
  })
})
