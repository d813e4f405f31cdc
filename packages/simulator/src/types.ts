/** Options and shared types of the simulator of the service. */
import type { SimulatorProfile, StepUpRule } from "./profile"

export type { SimulatorProfile, StepUpRule }

export type SimulatorLogger = {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/** One merchant of the service: an API key, the webhook it receives events on. */
export type MerchantConfig = {
  apiKey: string
  name: string
  /** Where order events are POSTed; settable later with `PUT /_sim/webhook`. */
  webhookUrl?: string | null
  /** `whsec_` + base64; defaults to SIMULATOR_WEBHOOK_SECRET. */
  webhookSecret?: string
}

export type SimulatorOptions = {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** The base URL the simulator writes into payment_url and invoice URLs; default http://host:port. */
  publicUrl?: string
  /** Default: one merchant with SIMULATOR_API_KEY and SIMULATOR_WEBHOOK_SECRET. */
  merchants?: MerchantConfig[]
  /** Webhook URL of every merchant that has none of its own. */
  webhookUrl?: string | null
  /** Waits between delivery attempts of a webhook; default [1000, 5000, 30000]. */
  webhookRetryDelaysMs?: number[]
  /** How long an approved order may stay UNVERIFIED before the service cancels it; default 48 hours. */
  unverifiedTtlMs?: number
  /** How long a repayment plan's funding stays PENDING before the service decides it; default 2000 ms. */
  repaymentFundingDelayMs?: number
  /** How long a repayment plan's fulfilment stays PENDING before it succeeds; default 1000 ms. */
  repaymentFulfilmentDelayMs?: number
  /**
   * How long a SUBMITTED proposal waits before the rules decide it (simulator clock); default 1500 ms; null = only by
   * the control API.
   */
  proposalDecisionDelayMs?: number | null
  /** How many requests the control API keeps (oldest dropped first); default 5000. */
  requestLogLimit?: number
  /** Default: warnings and errors on the console, nothing else. */
  logger?: SimulatorLogger
  /**
   * "full" (default: every field the simulator knows, error codes, its own event names) or "minimal" (answers as
   * narrow as the service's documents allow: README "The minimal profile"). Left out: TRADE_CREDIT_SIMULATOR_PROFILE,
   * else "full".
   */
  profile?: SimulatorProfile
  /** Minimal profile: the least time before a plan's funding is decided (simulator clock); default 2000 ms. */
  minimalFundingDelayMs?: number
  /**
   * Which verified trade-account orders still go to verification (either profile); default: minimal gross >= 5000.00,
   * full none; null: none.
   */
  stepUp?: StepUpRule | null
  /**
   * The latency profile: every call of the service's API (not the control API, the hosted pages or webhooks) waits
   * `latencyMs` plus a uniform random value in [-`jitterMs`, +`jitterMs`], never below 0, before it is handled.
   * Left out: TRADE_CREDIT_SIMULATOR_LATENCY_MS / TRADE_CREDIT_SIMULATOR_JITTER_MS, else 0 (no wait, no timer).
   * Integers from 0 to 120000. Changed at run time with PUT /_sim/latency.
   */
  latencyMs?: number
  jitterMs?: number
  /**
   * Seeds the jitter's random source (an integer from 0 to 2^32 - 1), so a bench sees the same waits again; null:
   * Math.random. Left out: TRADE_CREDIT_SIMULATOR_LATENCY_SEED, else null.
   */
  latencySeed?: number | null
  /** Extension points for interfaces built later (trade accounts). */
  hooks?: Partial<SimulatorHooks>
  /**
   * A file the state is kept in (README "Keeping the state"): loaded at start when it exists, written after every
   * changing call, every few seconds while something changed, and at close. Left out: the state lives in memory only.
   */
  stateFile?: string
}

/** Seams the later interfaces plug into without touching the order code. */
export type SimulatorHooks = {
  /**
   * True when `buyer.trade_account` names a verified trade account user of
   * this merchant: the order is then created VERIFIED without a payment_url.
   * Left out (the default), the simulator's trade accounts decide (and an
   * unknown or mismatched trade account is 400 SCHEMA_ERROR); given, it
   * replaces them.
   */
  isVerifiedTradeAccountUser?(merchantId: string, ref: { customer_id: string; user_id: string }): boolean
}
