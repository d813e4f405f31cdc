import type { ClaimedMatches, KeptMatches } from "../../modules/trade-credit"
import { KEEP_MS, matchesTokens, type MatchesTokenStore } from "../sole-trader-matches"

/**
 * The store as the module's SQL behaves (matches-tokens.ts): one row per customer, a claim deletes and answers it in
 * one step (so it is atomic here too: no await between the read and the delete), a restore never overwrites a row kept
 * since. The clock is the test's.
 */
function fakeStore() {
  let now = 1_000_000
  const rows = new Map<string, KeptMatches & { expiresAt: number }>()
  const calls: string[] = []
  const store: MatchesTokenStore = {
    keepMatchesToken: async (customerId: string, kept: KeptMatches, ttlMs: number) => {
      calls.push(`keep ${customerId} ${ttlMs}`)
      rows.set(customerId, { ...kept, expiresAt: now + ttlMs })
    },
    claimMatchesToken: async (customerId: string) => {
      calls.push(`claim ${customerId}`)
      const row = rows.get(customerId)
      rows.delete(customerId)
      if (!row || row.expiresAt <= now) return undefined
      return { email: row.email, token: row.token, msLeft: row.expiresAt - now }
    },
    restoreMatchesToken: async (customerId: string, claimed: ClaimedMatches) => {
      calls.push(`restore ${customerId} ${claimed.msLeft}`)
      if (claimed.msLeft > 0 && !rows.has(customerId))
        rows.set(customerId, { email: claimed.email, token: claimed.token, expiresAt: now + claimed.msLeft })
    },
  } as MatchesTokenStore
  return { store, rows, calls, advance: (ms: number) => void (now += ms) }
}

const KEPT = { email: "two.businesses@example.com", token: "sdat_secret" }

describe("matchesTokens (the returning buyer's matches token, kept in the plugin's module)", () => {
  it("keeps the token for 15 minutes in the module, and uses it once: a second choice finds nothing", async () => {
    const { store, calls } = fakeStore()
    const tokens = matchesTokens(store)
    await tokens.keep("cus_1", KEPT)
    expect(calls).toEqual([`keep cus_1 ${15 * 60 * 1000}`])
    expect(KEEP_MS).toBe(15 * 60 * 1000)
    const used: KeptMatches[] = []
    expect(await tokens.useOnce("cus_1", async (kept) => (used.push(kept), "enrolled"))).toEqual({
      found: true,
      result: "enrolled",
    })
    expect(used).toEqual([KEPT])
    expect(await tokens.useOnce("cus_1", async () => "again")).toEqual({ found: false })
    // Another customer never reaches this customer's token.
    await tokens.keep("cus_1", KEPT)
    expect(await tokens.useOnce("cus_2", async () => "stranger")).toEqual({ found: false })
  })

  it("finds nothing once 15 minutes have passed", async () => {
    const { store, advance } = fakeStore()
    const tokens = matchesTokens(store)
    await tokens.keep("cus_1", KEPT)
    advance(KEEP_MS)
    const use = jest.fn()
    expect(await tokens.useOnce("cus_1", use)).toEqual({ found: false })
    expect(use).not.toHaveBeenCalled()
  })

  it("gives the token back, with the time it had left, when the choice fails; the buyer may choose again", async () => {
    const { store, rows, calls, advance } = fakeStore()
    const tokens = matchesTokens(store)
    await tokens.keep("cus_1", KEPT)
    advance(60_000)
    const refused = new Error("not one of the matches")
    await expect(tokens.useOnce("cus_1", async () => Promise.reject(refused))).rejects.toBe(refused)
    expect(calls.at(-1)).toBe(`restore cus_1 ${KEEP_MS - 60_000}`)
    expect(rows.get("cus_1")).toMatchObject(KEPT)
    expect(await tokens.useOnce("cus_1", async () => "enrolled")).toEqual({ found: true, result: "enrolled" })
    expect(rows.has("cus_1")).toBe(false)
  })

  it("of two choices at once, one uses the token and the other finds nothing", async () => {
    const { store } = fakeStore()
    const tokens = matchesTokens(store)
    await tokens.keep("cus_1", KEPT)
    const slow = () => new Promise<string>((resolve) => setImmediate(() => resolve("enrolled")))
    const answers = await Promise.all([tokens.useOnce("cus_1", slow), tokens.useOnce("cus_1", slow)])
    expect(answers.map((a) => a.found).sort()).toEqual([false, true])
  })

  it("a failed give-back is logged without the token, and the choice's own error is what the buyer gets", async () => {
    const { store } = fakeStore()
    const lines: string[] = []
    const logger = { warn: (l: string) => void lines.push(l), info: () => {}, error: () => {}, debug: () => {} } as any
    const broken: MatchesTokenStore = {
      ...store,
      restoreMatchesToken: async () => Promise.reject(new Error("database gone")),
    } as MatchesTokenStore
    const tokens = matchesTokens(broken, logger)
    await tokens.keep("cus_1", KEPT)
    const refused = new Error("service unreachable")
    await expect(tokens.useOnce("cus_1", async () => Promise.reject(refused))).rejects.toBe(refused)
    expect(lines.join("\n")).toMatch(
      /could not keep customer cus_1's verified matches after a failed choice: database gone/,
    )
    expect(lines.join("\n")).not.toContain(KEPT.token)
  })
})
