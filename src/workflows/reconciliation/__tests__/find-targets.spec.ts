import { splitBudget, turnOffset } from "../find-targets"

describe("the work of one reconciliation run is bounded", () => {
  it("gives each kind half the limit, and what one leaves to the other", () => {
    expect(splitBudget(100, 10, 200)).toEqual({ sessionBudget: 10, paymentBudget: 90 })
    expect(splitBudget(100, 100, 200)).toEqual({ sessionBudget: 50, paymentBudget: 50 })
    expect(splitBudget(100, 100, 5)).toEqual({ sessionBudget: 95, paymentBudget: 5 })
    expect(splitBudget(101, 500, 500)).toEqual({ sessionBudget: 51, paymentBudget: 50 })
    expect(splitBudget(10, 0, 0)).toEqual({ sessionBudget: 0, paymentBudget: 0 })
    for (const [limit, s, p] of [
      [1, 5, 5],
      [7, 3, 100],
      [100, 0, 1000],
    ]) {
      const { sessionBudget, paymentBudget } = splitBudget(limit, s, p)
      expect(sessionBudget + paymentBudget).toBeLessThanOrEqual(limit)
    }
  })

  it("checks payments in turns, so every one is reached however many there are", () => {
    expect([0, 1, 2, 3].map((round) => turnOffset(round, 50, 120))).toEqual([0, 50, 100, 30])
    expect(turnOffset(7, 50, 40)).toBe(0)
    expect(turnOffset(3, 0, 10)).toBe(0)
    // Over enough runs each payment's position is the start of some turn's window.
    const seen = new Set<number>()
    for (let round = 0; round < 10; round++) {
      const start = turnOffset(round, 3, 7)
      for (let i = 0; i < 3; i++) seen.add((start + i) % 7)
    }
    expect(seen.size).toBe(7)
  })
})
