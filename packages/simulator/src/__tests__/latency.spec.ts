import { performance } from "node:perf_hooks"
import type { NextFunction, Request, Response } from "express"
import { parseArgs } from "../cli"
import { type RunningSimulator, startSimulator } from "../index"
import { JITTER_ENV, LATENCY_ENV, LATENCY_SEED_ENV, LatencyProfile, latencyProfile } from "../latency"
import { call, control } from "./helpers"

const SEARCH = "/companies/v2/company?country=GB&q=acme"

/** A call of the service's API, timed on the caller's side. */
async function timedSearch(sim: RunningSimulator) {
  const started = performance.now()
  const answer = await call(sim, "GET", SEARCH)
  const elapsed = performance.now() - started
  expect(answer.status).toBe(200)
  return elapsed
}

/** The latency_ms the request log gives the service's last calls, oldest first. */
async function loggedWaits(sim: RunningSimulator, pathPrefix = "/companies") {
  const items = (await control(sim, "GET", `/requests?path_prefix=${encodeURIComponent(pathPrefix)}`)).body.items
  return (items as { latency_ms: number }[]).map((i) => i.latency_ms)
}

// Node's timers may fire a fraction of a millisecond before the hrtime clock says the delay is over.
const TIMER_SLACK_MS = 2

describe("simulator: latency profile", () => {
  let sim: RunningSimulator

  beforeAll(async () => {
    sim = await startSimulator({ latencyMs: 80 })
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    await control(sim, "POST", "/reset")
  })

  it("holds a call of the service's API for the latency, and says so in the request log", async () => {
    expect((await control(sim, "GET", "/latency")).body).toEqual({
      latency_ms: 80,
      jitter_ms: 0,
      seed: null,
      delayed_calls: 0,
    })
    const elapsed = await timedSearch(sim)
    expect(elapsed).toBeGreaterThanOrEqual(80 - TIMER_SLACK_MS)
    const [logged] = (await control(sim, "GET", "/requests?path_prefix=/companies")).body.items
    expect(logged).toMatchObject({ status: 200, latency_ms: 80 })
    expect(logged.duration_ms).toBeGreaterThanOrEqual(80 - TIMER_SLACK_MS)
    expect((await control(sim, "GET", "/latency")).body.delayed_calls).toBe(1)
    // An unauthenticated call is a call of the service's API too: held, then refused.
    const refused = await call(sim, "GET", SEARCH, { key: null })
    expect(refused.status).toBe(401)
    expect((await control(sim, "GET", "/latency")).body.delayed_calls).toBe(2)
  })

  it("leaves the control API and the hosted pages alone", async () => {
    await control(sim, "PUT", "/latency", { latency_ms: 1000 })
    for (const path of ["/latency", "/requests", "/faults", "/clock", "/connections"]) {
      const started = performance.now()
      expect((await control(sim, "GET", path)).status).toBe(200)
      expect(performance.now() - started).toBeLessThan(1000)
    }
    const page = await call(sim, "GET", "/verify/ord_unknown", { key: null })
    expect(page.status).toBeGreaterThanOrEqual(400)
    expect(await loggedWaits(sim, "/verify")).toEqual([0])
    expect((await control(sim, "GET", "/latency")).body.delayed_calls).toBe(0)
  })

  it("adds a uniform jitter in [latency - jitter, latency + jitter], the same again for one seed", async () => {
    const set = await control(sim, "PUT", "/latency", { latency_ms: 60, jitter_ms: 40, seed: 42 })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ latency_ms: 60, jitter_ms: 40, seed: 42, delayed_calls: 0 })
    const elapsed: number[] = []
    for (let i = 0; i < 6; i++) elapsed.push(await timedSearch(sim))
    const waits = await loggedWaits(sim)
    expect(waits).toHaveLength(6)
    for (const [i, wait] of waits.entries()) {
      expect(wait).toBeGreaterThanOrEqual(20)
      expect(wait).toBeLessThanOrEqual(100)
      expect(elapsed[i]).toBeGreaterThanOrEqual(wait - TIMER_SLACK_MS)
    }
    expect(new Set(waits).size).toBeGreaterThan(1)

    // The same seed again: the same waits (a bench reproduces its run).
    await control(sim, "DELETE", "/requests")
    await control(sim, "PUT", "/latency", { seed: 42 })
    for (let i = 0; i < 6; i++) await timedSearch(sim)
    expect(await loggedWaits(sim)).toEqual(waits)
  })

  it("never waits below 0: the draws are uniform, clamped at 0", () => {
    const profile = new LatencyProfile({ latencyMs: 10, jitterMs: 50, seed: 7 })
    const draws = Array.from({ length: 2000 }, () => profile.next())
    expect(Math.min(...draws)).toBe(0)
    expect(Math.max(...draws)).toBeLessThanOrEqual(60)
    expect(Math.max(...draws)).toBeGreaterThan(50)
    // Roughly uniform: about half of [-40, 60] is at or below 10.
    const low = draws.filter((d) => d <= 10).length / draws.length
    expect(low).toBeGreaterThan(0.4)
    expect(low).toBeLessThan(0.6)
  })

  it("adds nothing at 0, the default: the call goes straight through, without a timer", async () => {
    const profile = new LatencyProfile({ latencyMs: 0, jitterMs: 0, seed: null })
    const middleware = latencyProfile(profile, () => false)
    let passed = false
    const res = { locals: {} } as Response
    middleware({ path: "/v1/order" } as Request, res, (() => (passed = true)) as NextFunction)
    // Synchronously: no timer stood between the call and its handler.
    expect(passed).toBe(true)
    expect(res.locals.latencyMs).toBeUndefined()
    expect(profile.delayedCalls).toBe(0)

    const plain = await startSimulator()
    try {
      expect((await control(plain, "GET", "/latency")).body).toEqual({
        latency_ms: 0,
        jitter_ms: 0,
        seed: null,
        delayed_calls: 0,
      })
      await timedSearch(plain)
      expect(await loggedWaits(plain)).toEqual([0])
      expect((await control(plain, "GET", "/latency")).body.delayed_calls).toBe(0)
    } finally {
      await plain.close()
    }
  })

  it("refuses a malformed change, and POST /_sim/reset restores the start settings", async () => {
    for (const body of [{ latency_ms: -1 }, { jitter_ms: 1.5 }, { latency_ms: 120_001 }, { seed: -3 }, { ms: 5 }]) {
      const answer = await control(sim, "PUT", "/latency", body)
      expect(answer.status).toBe(400)
    }
    await control(sim, "PUT", "/latency", { latency_ms: 5, jitter_ms: 3, seed: 1 })
    await control(sim, "POST", "/reset")
    expect((await control(sim, "GET", "/latency")).body).toEqual({
      latency_ms: 80,
      jitter_ms: 0,
      seed: null,
      delayed_calls: 0,
    })
    expect((await control(sim, "GET", "/")).body.endpoints).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/_sim\/latency/),
        expect.stringMatching(/^PUT \/_sim\/latency/),
      ]),
    )
  })

  it("is read from the command line and, left out, from the environment", async () => {
    expect(parseArgs(["--latency", "120", "--jitter=30", "--latency-seed", "9"])).toMatchObject({
      latencyMs: 120,
      jitterMs: 30,
      latencySeed: 9,
    })
    expect(() => parseArgs(["--latency", "fast"])).toThrow(/--latency must be an integer/)
    expect(() => parseArgs(["--jitter", "-5"])).toThrow(/--jitter must be an integer/)

    const saved = [LATENCY_ENV, JITTER_ENV, LATENCY_SEED_ENV].map((name) => [name, process.env[name]] as const)
    try {
      process.env[LATENCY_ENV] = "25"
      process.env[JITTER_ENV] = "5"
      process.env[LATENCY_SEED_ENV] = "11"
      const fromEnv = await startSimulator()
      try {
        expect((await control(fromEnv, "GET", "/latency")).body).toMatchObject({
          latency_ms: 25,
          jitter_ms: 5,
          seed: 11,
        })
      } finally {
        await fromEnv.close()
      }
      // An option wins over the environment.
      const fromOption = await startSimulator({ latencyMs: 0, jitterMs: 0 })
      try {
        expect((await control(fromOption, "GET", "/latency")).body).toMatchObject({ latency_ms: 0, jitter_ms: 0 })
      } finally {
        await fromOption.close()
      }
      process.env[LATENCY_ENV] = "slow"
      await expect(startSimulator()).rejects.toThrow(new RegExp(`${LATENCY_ENV} must be an integer`))
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })
})
