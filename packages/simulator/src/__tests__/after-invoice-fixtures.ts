import type { PublishedDocuments } from "../../../../conformance/published"
import type { RunningSimulator } from "../index"
import { call, confirmedOrder, control, type orderBody } from "./helpers"

/** Helpers of the tests of what follows an invoice (issue #38): events read back from the control API. */

export type Envelope = { id: string; type: string; time: string; data: Record<string, any> }

/** The payloads of every event of a type the simulator sent (or kept: no webhook URL), oldest first. */
export async function eventsOf(sim: RunningSimulator, type: string): Promise<Envelope[]> {
  const answer = await control(sim, "GET", `/webhooks?type=${encodeURIComponent(type)}`)
  expect(answer.status).toBe(200)
  return answer.body.items.map((item: { payload: Envelope }) => item.payload)
}

/** Every event kept, with its type, for a check of the whole sequence. */
export async function allTypes(sim: RunningSimulator): Promise<string[]> {
  return (await control(sim, "GET", "/webhooks")).body.items.map((item: { type: string }) => item.type)
}

/** Each event, as sent, against its published schema (webhooks-api.yaml): no violation. */
export function expectPublished(published: PublishedDocuments, events: Envelope[]) {
  expect(events.length).toBeGreaterThan(0)
  for (const event of events) expect([event.type, published.event(event.type, event)]).toEqual([event.type, []])
}

/** An order confirmed and fulfilled in one invoice; its invoice's id is the fulfilment's. */
export async function invoicedOrder(sim: RunningSimulator, overrides: Parameters<typeof orderBody>[0] = {}) {
  const order = await confirmedOrder(sim, overrides)
  const fulfilled = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
  expect(fulfilled.status).toBe(200)
  return { order, invoiceId: fulfilled.body.fulfilled_order.id as string }
}

export const readDetails = (sim: RunningSimulator, id: string) => call(sim, "GET", `/v1/order/${id}/invoice_details`)

/** Moves the simulator's clock by whole days (the arrears and overdue sweeps run with it). */
export const advanceDays = (sim: RunningSimulator, days: number) =>
  control(sim, "POST", "/clock/advance", { ms: days * 24 * 60 * 60 * 1000 })

/** The simulator's date, YYYY-MM-DD. */
export const simToday = async (sim: RunningSimulator) =>
  ((await control(sim, "GET", "/clock")).body.now as string).slice(0, 10)

export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
