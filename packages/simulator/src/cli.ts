import { SIMULATOR_API_KEY, startSimulator } from "./index"
import { JITTER_ENV, LATENCY_ENV, LATENCY_SEED_ENV, parseLatencyMs, parseLatencySeed } from "./latency"
import { PROFILE_ENV, type SimulatorProfile, parseProfile } from "./profile"
import type { MerchantConfig } from "./types"

type CliOptions = {
  port: number
  host: string
  webhookUrl?: string
  apiKey?: string
  webhookSecret?: string
  publicUrl?: string
  profile?: SimulatorProfile
  stateFile?: string
  latencyMs?: number
  jitterMs?: number
  latencySeed?: number
}

const USAGE =
  "Usage: trade-credit-simulator [--port N] [--host H] [--webhook-url U] [--api-key K] [--webhook-secret S]" +
  ` [--public-url U] [--profile full|minimal] [--state-file F] [--latency MS] [--jitter MS] [--latency-seed N]
  --port N            port to listen on (0 picks a free one; default 4010)
  --host H            interface to listen on (default 127.0.0.1)
  --webhook-url U     where order events are POSTed (also settable with PUT /_sim/webhook)
  --api-key K         the merchant's API key (a development convenience: a command line is visible to every user
                      of the machine; prefer TRADE_CREDIT_SIMULATOR_API_KEY in the environment; default: the
                      simulator's well-known sandbox key)
  --webhook-secret S  the webhook signing secret, whsec_<base64> (likewise: prefer
                      TRADE_CREDIT_SIMULATOR_WEBHOOK_SECRET; default: the simulator's well-known one)
  --public-url U      base URL written into payment_url and invoice URLs (default http://host:port)
  --profile P         full (default: every field the simulator knows) or minimal (answers as narrow as the
                      service's documents allow; README "The minimal profile"); default: ${PROFILE_ENV}, else full
  --state-file F      keep the state (orders, plans, accounts, registrations, idempotency keys) in F: loaded at
                      start when F exists, written as it changes; the same API key finds its merchant again
  --latency MS        every call of the service's API (not /_sim, not the hosted pages, not webhooks) waits MS
                      before it is handled (also PUT /_sim/latency); default: ${LATENCY_ENV}, else 0
  --jitter MS         plus a uniform random wait in [-MS, +MS], never below 0 in all; default: ${JITTER_ENV}, else 0
  --latency-seed N    seeds the jitter's random source (0 to 4294967295), so a run sees the same waits again;
                      default: ${LATENCY_SEED_ENV}, else unseeded`

export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: 4010, host: "127.0.0.1" }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const [name, inline] = flag.includes("=")
      ? [flag.slice(0, flag.indexOf("=")), flag.slice(flag.indexOf("=") + 1)]
      : [flag, undefined]
    if (name === "--help" || name === "-h") {
      console.log(USAGE)
      process.exit(0)
    }
    const value = inline ?? argv[++i]
    if (value === undefined) throw new Error(`${name} needs a value`)
    switch (name) {
      case "--port": {
        const port = Number(value)
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new Error(`--port must be 0 to 65535, not ${value}`)
        options.port = port
        break
      }
      case "--host":
        options.host = value
        break
      case "--webhook-url":
        options.webhookUrl = value
        break
      case "--api-key":
        options.apiKey = value
        break
      case "--webhook-secret":
        options.webhookSecret = value
        break
      case "--public-url":
        options.publicUrl = value
        break
      case "--profile":
        options.profile = parseProfile(value, "--profile")
        break
      case "--state-file":
        options.stateFile = value
        break
      case "--latency":
        options.latencyMs = parseLatencyMs(value, "--latency")
        break
      case "--jitter":
        options.jitterMs = parseLatencyMs(value, "--jitter")
        break
      case "--latency-seed":
        options.latencySeed = parseLatencySeed(value, "--latency-seed")
        break
      default:
        throw new Error(`unknown option ${name}\n${USAGE}`)
    }
  }
  return options
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let options: CliOptions
  try {
    options = parseArgs(argv)
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  }
  if (options.apiKey || options.webhookSecret) {
    console.warn(
      "warning: a secret given on the command line is visible to every user of this machine (ps); " +
        "set TRADE_CREDIT_SIMULATOR_API_KEY / TRADE_CREDIT_SIMULATOR_WEBHOOK_SECRET in the environment instead",
    )
  }
  // Secrets from the environment (the demo passes them so), a flag still winning for development.
  options.apiKey ??= process.env.TRADE_CREDIT_SIMULATOR_API_KEY || undefined
  options.webhookSecret ??= process.env.TRADE_CREDIT_SIMULATOR_WEBHOOK_SECRET || undefined
  const merchant: MerchantConfig = {
    name: "Simulated Merchant",
    apiKey: options.apiKey ?? SIMULATOR_API_KEY,
    webhookSecret: options.webhookSecret,
    webhookUrl: options.webhookUrl ?? null,
  }
  const simulator = await startSimulator({
    port: options.port,
    host: options.host,
    publicUrl: options.publicUrl,
    profile: options.profile,
    stateFile: options.stateFile,
    latencyMs: options.latencyMs,
    jitterMs: options.jitterMs,
    latencySeed: options.latencySeed,
    merchants: [merchant],
    logger: { info: (m) => console.log(m), warn: (m) => console.warn(m), error: (m) => console.error(m) },
  })
  console.log(`trade-credit simulator listening on ${simulator.url} (profile ${simulator.profile})`)
  console.log(
    options.apiKey
      ? "API key: the one given (--api-key or TRADE_CREDIT_SIMULATOR_API_KEY)"
      : `API key (well-known sandbox key of the simulator): ${SIMULATOR_API_KEY}`,
  )
  console.log(`control API: ${simulator.controlUrl} (GET it for the list of endpoints)`)
  const latency = simulator.state.latency
  if (latency.latencyMs > 0 || latency.jitterMs > 0) {
    console.log(
      `latency: ${latency.latencyMs} ms ± ${latency.jitterMs} ms on every service call` +
        (latency.seed === null ? "" : ` (seed ${latency.seed})`),
    )
  }
  console.log(`webhooks: ${options.webhookUrl ?? "no URL yet (PUT /_sim/webhook)"}`)
  if (options.stateFile) {
    console.log(`state: ${options.stateFile} (${simulator.resumed ? "loaded" : "new"})`)
  }
  const stop = () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  })
}
