import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE } from "../../modules/trade-credit"
import type { LogFormat } from "../../utils/log-line"
import type { LogLevel } from "../../utils/log-level"
import cancelPaymentOnOrderCanceled from "../cancel-payment-on-order-canceled"

/**
 * A subscriber's lines (issue #23.6) through the plugin's logger (medusa/plugin-logger.ts): the module's `logFormat`
 * and `logLevel` reach a line written with Medusa's logger from the container, with the Medusa ids and the error code.
 */
const ORDER = {
  id: "order_01",
  status: "canceled",
  payment_collections: [
    {
      id: "paycol_01",
      payments: [
        { id: "pay_ok", provider_id: "pp_trade-credit_default", canceled_at: null, captures: [] },
        { id: "pay_down", provider_id: "pp_trade-credit-plan_default", canceled_at: null, captures: [] },
        { id: "pay_card", provider_id: "pp_stripe_stripe", canceled_at: null, captures: [] },
      ],
    },
  ],
}

/** A container holding Medusa's logger (recording), the order, a payment module whose cancel of pay_down fails, and the
 * plugin's options. */
function containerWith(options: { logFormat?: LogFormat; logLevel?: LogLevel }) {
  const calls: { level: string; message: string }[] = []
  const at = (level: string) => (message: string) => void calls.push({ level, message })
  const services: Record<string, unknown> = {
    [ContainerRegistrationKeys.LOGGER]: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
    [ContainerRegistrationKeys.QUERY]: { graph: async () => ({ data: [ORDER] }) },
    [Modules.PAYMENT]: {
      cancelPayment: async (id: string) => {
        if (id === "pay_down") {
          throw Object.assign(
            new Error(
              "The trade credit service could not cancel the repayment plan right now (TRADE_CREDIT_UNAVAILABLE).",
            ),
            {
              code: "TRADE_CREDIT_UNAVAILABLE",
            },
          )
        }
      },
    },
    [TRADE_CREDIT_MODULE]: { getOptions: () => options },
  }
  const container = { resolve: (key: string) => services[key] } as MedusaContainer
  return { container, calls }
}

const canceled = (container: MedusaContainer) =>
  cancelPaymentOnOrderCanceled({
    event: { name: OrderWorkflowEvents.CANCELED, data: { id: ORDER.id } },
    container,
    pluginOptions: {},
  })

describe("a subscriber's lines follow the plugin's logFormat", () => {
  it("json: one JSON object a line with the order, the payment and the error code", async () => {
    const { container, calls } = containerWith({ logFormat: "json" })
    await canceled(container)
    expect(calls.map((c) => c.level)).toEqual(["info", "error"])
    const [done, failed] = calls.map((c) => JSON.parse(c.message))
    expect(done).toEqual({
      source: "trade-credit",
      level: "info",
      message: "order order_01 was canceled while its payment pay_ok was not: cancelled it at the service now",
      order_id: "order_01",
      payment_id: "pay_ok",
    })
    expect(failed).toEqual({
      source: "trade-credit",
      level: "error",
      message: expect.stringMatching(
        /^order order_01 is canceled but its payment pay_down could not be cancelled at the service: /,
      ),
      order_id: "order_01",
      payment_id: "pay_down",
      code: "TRADE_CREDIT_UNAVAILABLE",
    })
  })

  it("text (the default): the message, then the ids as key=value", async () => {
    const { container, calls } = containerWith({})
    await canceled(container)
    expect(calls.map((c) => c.message)).toEqual([
      "trade-credit: order order_01 was canceled while its payment pay_ok was " +
        "not: cancelled it at the service now order_id=order_01 payment_id=pay_ok",
      expect.stringMatching(
        new RegExp(
          /^trade-credit: order order_01 is canceled .* /.source +
            /order_id=order_01 payment_id=pay_down code=TRADE_CREDIT_UNAVAILABLE$/.source,
        ),
      ),
    ])
  })

  it("logLevel quiets the subscriber's lines too", async () => {
    const { container, calls } = containerWith({ logFormat: "json", logLevel: "error" })
    await canceled(container)
    expect(calls.map((c) => [c.level, JSON.parse(c.message).payment_id])).toEqual([["error", "pay_down"]])
  })
})
