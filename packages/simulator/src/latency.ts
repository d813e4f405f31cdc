import type { NextFunction, Request, Response } from "express"

/**
 * The latency profile: every call of the service's API waits `latency_ms` plus a uniform random value in
 * [-jitter_ms, +jitter_ms] (never below 0) before it is handled, so a bench measures the buyer's wait over a real
 * network. Not the control API, not the hosted pages, not outgoing webhooks. A wait of 0 (the default) adds no timer.
 */
export const LATENCY_ENV = "TRADE_CREDIT_SIMULATOR_LATENCY_MS"
export const JITTER_ENV = "TRADE_CREDIT_SIMULATOR_JITTER_MS"
export const LATENCY_SEED_ENV = "TRADE_CREDIT_SIMULATOR_LATENCY_SEED"
/** The longest latency or jitter accepted (as the latency fault's `ms`). */
export const MAX_LATENCY_MS = 120_000
/** Seeds are unsigned 32-bit integers. */
export const MAX_LATENCY_SEED = 0xffff_ffff

export type LatencyOptions = { latencyMs?: number; jitterMs?: number; seed?: number | null }
export type LatencyView = { latency_ms: number; jitter_ms: number; seed: number | null; delayed_calls: number }

/** mulberry32: a small seedable generator of [0, 1), so that a bench with a seed sees the same waits again. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function parseInteger(value: string | undefined, where: string, max: number): number | undefined {
  if (value === undefined || value === "") return undefined
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n > max)
    throw new Error(`${where} must be an integer from 0 to ${max}, not "${value}"`)
  return n
}

/** A latency or jitter in ms from a flag or the environment (an integer, 0 to 120000). */
export const parseLatencyMs = (value: string | undefined, where: string) => parseInteger(value, where, MAX_LATENCY_MS)
/** A seed from a flag or the environment (an integer, 0 to 2^32 - 1). */
export const parseLatencySeed = (value: string | undefined, where: string) =>
  parseInteger(value, where, MAX_LATENCY_SEED)

function checked<T extends number | null>(value: T, where: string, max: number): T {
  if (value !== null && (!Number.isSafeInteger(value) || value < 0 || value > max))
    throw new Error(`${where} must be an integer from 0 to ${max}, not ${value}`)
  return value
}

/** The options of startSimulator, each left out read from the environment, else 0 (and no seed: Math.random). */
export function resolveLatency(options: LatencyOptions): Required<LatencyOptions> {
  return {
    latencyMs: checked(
      options.latencyMs ?? parseLatencyMs(process.env[LATENCY_ENV], LATENCY_ENV) ?? 0,
      "latencyMs",
      MAX_LATENCY_MS,
    ),
    jitterMs: checked(
      options.jitterMs ?? parseLatencyMs(process.env[JITTER_ENV], JITTER_ENV) ?? 0,
      "jitterMs",
      MAX_LATENCY_MS,
    ),
    seed: checked(
      options.seed === undefined
        ? (parseLatencySeed(process.env[LATENCY_SEED_ENV], LATENCY_SEED_ENV) ?? null)
        : options.seed,
      "latencySeed",
      MAX_LATENCY_SEED,
    ),
  }
}

/** The running latency profile; the control API (GET/PUT /_sim/latency) reads and changes it. */
export class LatencyProfile {
  latencyMs: number
  jitterMs: number
  seed: number | null
  /** Calls held by a timer since the start (or the last reset). */
  delayedCalls = 0
  private random: () => number
  private readonly initial: Required<LatencyOptions>

  constructor(initial: Required<LatencyOptions>) {
    this.initial = { ...initial }
    this.latencyMs = initial.latencyMs
    this.jitterMs = initial.jitterMs
    this.seed = initial.seed
    this.random = this.generator()
  }

  private generator(): () => number {
    return this.seed === null ? Math.random : seededRandom(this.seed)
  }

  /** Changes what is given; a `seed` given (a number, or null for Math.random) starts its sequence again. */
  set(change: LatencyOptions): void {
    if (change.latencyMs !== undefined) this.latencyMs = change.latencyMs
    if (change.jitterMs !== undefined) this.jitterMs = change.jitterMs
    if (change.seed !== undefined) {
      this.seed = change.seed
      this.random = this.generator()
    }
  }

  /** The start settings again (POST /_sim/reset), the seed's sequence from its beginning. */
  reset(): void {
    this.delayedCalls = 0
    this.latencyMs = this.initial.latencyMs
    this.jitterMs = this.initial.jitterMs
    this.seed = this.initial.seed
    this.random = this.generator()
  }

  /** The next wait in whole ms: latency + uniform [-jitter, +jitter], never below 0. No draw without jitter. */
  next(): number {
    if (this.jitterMs === 0) return this.latencyMs
    const offset = (this.random() * 2 - 1) * this.jitterMs
    return Math.max(0, Math.round(this.latencyMs + offset))
  }

  view(): LatencyView {
    return {
      latency_ms: this.latencyMs,
      jitter_ms: this.jitterMs,
      seed: this.seed,
      delayed_calls: this.delayedCalls,
    }
  }
}

/**
 * Holds a call of the service's API for the profile's next wait (a timer: the event loop stays free), then lets it
 * through. Mounted after the request log (its `duration_ms` includes the wait, `latency_ms` is the wait) and before
 * the faults. A wait of 0 calls `next` at once, without a timer.
 */
export function latencyProfile(profile: LatencyProfile, skip: (path: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (profile.latencyMs === 0 && profile.jitterMs === 0) return next()
    if (skip(req.path)) return next()
    const ms = profile.next()
    if (ms === 0) return next()
    profile.delayedCalls += 1
    res.locals.latencyMs = ms
    setTimeout(next, ms).unref()
  }
}
