import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { createApp } from "./app"
import { Clock } from "./clock"
import { ConnectionCounter } from "./connections"
import type { SimulatorContext } from "./context"
import { FaultStore } from "./faults"
import { LatencyProfile, resolveLatency } from "./latency"
import { DocumentNumbers } from "./orders/documents"
import { sweepArrears } from "./customers/arrears"
import { todayOf } from "./orders/due-dates"
import { sweepExpired } from "./orders/lifecycle"
import { PdfCache } from "./pdf"
import { sweepRegistration } from "./registration/proposals"
import { sweepRepayment } from "./repayment/sweep"
import { RequestLog } from "./request-log"
import { CompanyDirectory } from "./state/companies"
import { MerchantRegistry } from "./state/merchants"
import { keepStateFile, loadStateFile } from "./persistence/state-file"
import { minimalEvent } from "./minimal"
import { profileSettings, resolveProfile } from "./profile"
import { publishedIndex } from "./published/operations"
import type { SimulatorLogger, SimulatorOptions } from "./types"
import { WebhookDispatcher } from "./webhooks"

export type {
  MerchantConfig,
  SimulatorHooks,
  SimulatorLogger,
  SimulatorOptions,
  SimulatorProfile,
  StepUpRule,
} from "./types"
export { readStateSummary } from "./persistence/state-file"
export { JITTER_ENV, LATENCY_ENV, LATENCY_SEED_ENV } from "./latency"
export { DEFAULT_MINIMAL_FUNDING_DELAY_MS, DEFAULT_STEP_UP, PROFILE_ENV, PROFILES } from "./profile"
export type { SimulatorContext } from "./context"

/**
 * The simulator's well-known sandbox key (contract shape: secret_test_ + 43 URL-safe base64 characters). Not a
 * secret.
 */
export const SIMULATOR_API_KEY = "secret_test_simulatorTradeCreditSandboxKey0000000000000"
/** The simulator's well-known webhook signing secret (whsec_ + base64 of 32 bytes). Not a secret. */
export const SIMULATOR_WEBHOOK_SECRET = "whsec_c2ltdWxhdG9yLXdlYmhvb2stc2VjcmV0LTMyYnl0ZXM="

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1000, 5000, 30000]
export const DEFAULT_UNVERIFIED_TTL_MS = 48 * 60 * 60 * 1000
export const DEFAULT_REPAYMENT_FUNDING_DELAY_MS = 2000
export const DEFAULT_REPAYMENT_FULFILMENT_DELAY_MS = 1000
export const DEFAULT_PROPOSAL_DECISION_DELAY_MS = 1500

export type RunningSimulator = {
  /** http://host:port, the base URL of the service. */
  url: string
  port: number
  /** Where the control API lives (url + "/_sim"). */
  controlUrl: string
  /** "full" or "minimal" (README "The minimal profile"). */
  profile: SimulatorContext["profile"]["name"]
  /** The simulator's state, for tests that look inside. */
  state: SimulatorContext
  /** Whether the state was loaded from `stateFile` (false: it started empty). */
  resumed: boolean
  close(): Promise<void>
}

const quietLogger: SimulatorLogger = {
  info: () => undefined,
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
}

/** Starts the simulator of the service on a real HTTP port (0, the default, picks a free one). */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const logger = options.logger ?? quietLogger
  const clock = new Clock()
  const unverifiedTtlMs = options.unverifiedTtlMs ?? DEFAULT_UNVERIFIED_TTL_MS
  const profile = profileSettings(resolveProfile(options.profile), {
    minimalFundingDelayMs: options.minimalFundingDelayMs,
    stepUp: options.stepUp,
  })
  // The minimal profile shapes by the published documents: loaded (and checked to exist) before the server listens.
  if (profile.name === "minimal") publishedIndex()
  const ctx: SimulatorContext = {
    baseUrl: "",
    unverifiedTtlMs,
    repayment: {
      fundingDelayMs: options.repaymentFundingDelayMs ?? DEFAULT_REPAYMENT_FUNDING_DELAY_MS,
      fulfilmentDelayMs: options.repaymentFulfilmentDelayMs ?? DEFAULT_REPAYMENT_FULFILMENT_DELAY_MS,
    },
    registration: {
      decisionDelayMs:
        options.proposalDecisionDelayMs === undefined
          ? DEFAULT_PROPOSAL_DECISION_DELAY_MS
          : options.proposalDecisionDelayMs,
    },
    clock,
    merchants: new MerchantRegistry(options.merchants ?? [{ apiKey: SIMULATOR_API_KEY, name: "Simulated Merchant" }], {
      webhookUrl: options.webhookUrl ?? null,
      webhookSecret: SIMULATOR_WEBHOOK_SECRET,
    }),
    companies: new CompanyDirectory(),
    faults: new FaultStore(),
    latency: new LatencyProfile(
      resolveLatency({ latencyMs: options.latencyMs, jitterMs: options.jitterMs, seed: options.latencySeed }),
    ),
    requests: new RequestLog(options.requestLogLimit ?? 5000),
    // The envelope's `source` is the service's base URL, known once the server listens.
    webhooks: new WebhookDispatcher(
      clock,
      options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      logger,
      () => ctx.baseUrl,
      profile.name === "minimal" ? minimalEvent : undefined,
    ),
    documents: new DocumentNumbers(),
    pdfs: new PdfCache(),
    hooks: { ...options.hooks },
    profile,
    logger,
  }

  // Loaded before the server listens: no call ever sees a half-loaded state.
  const resumed = options.stateFile ? loadStateFile(ctx, options.stateFile) : false

  const connections = new ConnectionCounter()
  const server = createServer(createApp(ctx, connections))
  // Idle keep-alive sockets stay open 65 s (Node's default is 5 s, which undici reads as 3 s): checkout calls minutes
  // apart reuse them.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  connections.attach(server)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shown = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address
  const host = shown.includes(":") ? `[${shown}]` : shown
  ctx.baseUrl = options.publicUrl?.replace(/\/+$/, "") ?? `http://${host}:${address.port}`

  const sweep = setInterval(() => sweepExpired(ctx), Math.max(20, Math.min(unverifiedTtlMs, 1000)))
  sweep.unref()
  const repaymentEveryMs = Math.max(20, Math.min(ctx.repayment.fundingDelayMs, ctx.repayment.fulfilmentDelayMs, 250))
  const repaymentSweep = setInterval(() => sweepRepayment(ctx), repaymentEveryMs)
  repaymentSweep.unref()
  const registrationSweep = setInterval(() => sweepRegistration(ctx), 100)
  registrationSweep.unref()
  // Arrears blocks move by the date: swept when the simulator's day changes (POST /_sim/clock/advance sweeps too).
  let sweptDay = ""
  const arrearsSweep = setInterval(() => {
    if (todayOf(ctx) === sweptDay) return
    sweptDay = todayOf(ctx)
    sweepArrears(ctx)
  }, 1000)
  arrearsSweep.unref()
  const stateFile = options.stateFile ? keepStateFile(ctx, server, options.stateFile) : undefined

  let closed: Promise<void> | undefined
  return {
    url: ctx.baseUrl,
    port: address.port,
    controlUrl: `${ctx.baseUrl}/_sim`,
    profile: ctx.profile.name,
    state: ctx,
    resumed,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        clearInterval(sweep)
        clearInterval(repaymentSweep)
        clearInterval(registrationSweep)
        clearInterval(arrearsSweep)
        stateFile?.stop()
        ctx.webhooks.close()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
      return closed
    },
  }
}
