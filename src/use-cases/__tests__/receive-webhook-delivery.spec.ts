import { findInvalidText, invalidTextAnswer } from "../../api/utils/invalid-text"
import type { WebhookEvent } from "../../service/schemas/webhook"
import { receiveWebhookDelivery, type WebhookDelivery } from "../receive-webhook-delivery"
import { adminFakes } from "./admin-fakes"

/** The webhook receiver: what each verified delivery comes to (queued, acknowledged, rejected, refused). */

const EVENT = {
  id: "evt_1",
  type: "order.verified",
  created_at: "2026-11-21T10:00:00Z",
  data: { order_id: "ord_123" },
} as unknown as WebhookEvent
const event = (fields: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  verdict: { kind: "event", event: EVENT, verifiedWith: "ab12cd34" },
  ...fields,
})

/** The first invalid string of `body`, with its refusal in the HTTP edge's words (as readDelivery finds it). */
function invalidTextOf(body: unknown): WebhookDelivery["invalidText"] {
  const found = findInvalidText(body)!
  return { found, refusal: invalidTextAnswer(found).body.message }
}

function setUp() {
  const fakes = adminFakes()
  const events: Record<string, unknown>[] = []
  fakes.module.listWebhookEvents.mockImplementation(async (filters: { event_id: string }) =>
    events.filter((e) => e.event_id === filters.event_id),
  )
  fakes.module.createWebhookEvents.mockImplementation(async (row: Record<string, unknown>) => {
    events.push(row)
    return { id: "tcwe_1", ...row }
  })
  const queue = jest.fn(async () => undefined)
  return { ...fakes, deps: { ...fakes.deps, queue }, queue, events }
}

describe("receiveWebhookDelivery", () => {
  it("queues a verified event for the sync pipeline, with the secret's fingerprint, and acknowledges it", async () => {
    const { deps, queue } = setUp()

    expect(await receiveWebhookDelivery(deps, event())).toEqual({
      outcome: "acknowledged",
      answer: { received: true, handled: true },
    })
    expect(queue).toHaveBeenCalledWith({ event: EVENT, verified_with: "ab12cd34" })
  })

  it("refuses a delivery the edge refused, with its code, and says so in the log", async () => {
    const { deps, queue, logger } = setUp()
    const verdict = {
      kind: "refused",
      status: 401,
      code: "TRADE_CREDIT_WEBHOOK_SIGNATURE",
      reason: "signature refused: no signature matches",
    } as const

    expect(await receiveWebhookDelivery(deps, { verdict })).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_WEBHOOK_SIGNATURE",
      message: "The delivery is refused: signature refused: no signature matches",
    })
    expect(logger.at("warn")).toEqual([expect.stringContaining("refused a delivery (TRADE_CREDIT_WEBHOOK_SIGNATURE)")])
    expect(queue).not.toHaveBeenCalled()
  })

  it("acknowledges without acting a published event it does not act on, and one of an unknown type", async () => {
    const { deps, queue, logger } = setUp()

    for (const kind of ["ignored", "unknown_type"] as const) {
      expect(
        await receiveWebhookDelivery(deps, { verdict: { kind, id: "evt_2", type: "credit_line.updated" } }),
      ).toEqual({ outcome: "acknowledged", answer: { received: true, handled: false } })
    }
    expect(logger.at("debug")).toEqual([expect.stringContaining("is not acted on by this plugin")])
    expect(logger.at("info")).toEqual([expect.stringContaining("is not an event this plugin handles")])
    expect(queue).not.toHaveBeenCalled()
  })

  it("acknowledges and records once, never queues, a signed event holding text that cannot be stored", async () => {
    const { deps, queue, events } = setUp()
    const delivery = event({ invalidText: invalidTextOf({ data: { note: "a\u0000b" } }) })

    const first = await receiveWebhookDelivery(deps, delivery)
    await receiveWebhookDelivery(deps, delivery)

    expect(first).toEqual({
      outcome: "acknowledged",
      answer: {
        received: true,
        handled: false,
        code: "TRADE_CREDIT_INVALID_TEXT",
        message: expect.stringMatching(/^The delivery "evt_1" is acknowledged and not acted on: The field data.note/),
      },
    })
    expect(events).toEqual([
      {
        event_id: "evt_1",
        type: "order.verified",
        outcome: "rejected: TRADE_CREDIT_INVALID_TEXT at data.note",
        verified_with: "ab12cd34",
        service_order_id: null,
      },
    ])
    expect(queue).not.toHaveBeenCalled()
  })

  it("refuses text over the global bound, and text that cannot be stored in an event of an unknown type", async () => {
    const { deps, queue, events } = setUp()
    const tooLong = invalidTextOf({ data: { note: "x".repeat(10_001) } })
    const nul = invalidTextOf({ data: { note: "\u0000" } })

    expect(await receiveWebhookDelivery(deps, event({ invalidText: tooLong }))).toEqual({
      outcome: "invalid_text",
      invalid: tooLong!.found,
    })
    const unknown = { kind: "unknown_type", id: "evt_3", type: "new.event" } as const
    expect(await receiveWebhookDelivery(deps, { verdict: unknown, invalidText: nul })).toEqual({
      outcome: "invalid_text",
      invalid: nul!.found,
    })
    expect(queue).not.toHaveBeenCalled()
    expect(events).toEqual([])
  })
})
