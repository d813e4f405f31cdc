import type { Order } from "../../../../service/schemas"
import { EventOrderReads } from "../event-order-reads"

const order = (id: string, state: string) => ({ id, state }) as unknown as Order

describe("EventOrderReads", () => {
  it("reads an event's order once for every handler, and again for another event", async () => {
    const reads = new EventOrderReads()
    const fetch = jest.fn(async (id: string) => order(id, "VERIFIED"))
    const [a, b] = await Promise.all([reads.read("evt_1", "ord_1", fetch), reads.read("evt_1", "ord_1", fetch)])
    expect(a).toBe(b)
    expect(fetch).toHaveBeenCalledTimes(1)
    await reads.read("evt_2", "ord_1", fetch)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it("gives later handlers the answer of a change this process made, and forgets failed reads and old events", async () => {
    let now = 0
    const reads = new EventOrderReads(1000, 10, () => now)
    const fetch = jest.fn(async (id: string) => order(id, "VERIFIED"))
    await reads.read("evt_1", "ord_1", fetch)
    reads.changed(order("ord_1", "CONFIRMED"))
    expect((await reads.read("evt_1", "ord_1", fetch)).state).toBe("CONFIRMED")
    expect(fetch).toHaveBeenCalledTimes(1)

    const failing = jest.fn(async () => {
      throw new Error("down")
    })
    await expect(reads.read("evt_3", "ord_3", failing)).rejects.toThrow("down")
    await new Promise((r) => setImmediate(r))
    await reads.read("evt_3", "ord_3", fetch)
    expect(fetch).toHaveBeenCalledTimes(2)

    now = 1001
    await reads.read("evt_1", "ord_1", fetch)
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(reads.size).toBe(1)
  })
})
