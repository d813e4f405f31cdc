import { startSimulator, SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, type SimulatorProfile } from "trade-credit-simulator"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { simulatorControl } = require("../../scripts/lib/simulator-control.js")

export type RunningSimulator = Awaited<ReturnType<typeof startSimulator>>

export const STOREFRONT_URL = "http://storefront.test:8000"

/** The one webhook URL a merchant gives the service (the plugin's route; /hooks/payment/trade-credit_default still works). */
export const WEBHOOK_PATH = "/hooks/trade-credit"

/**
 * The simulator profile of this test file: TRADE_CREDIT_SIMULATOR_PROFILE (scripts/test.mjs runs the service-facing
 * areas a second time with "minimal"), else the default "full".
 */
export function simulatorProfile(): SimulatorProfile {
  return process.env.TRADE_CREDIT_SIMULATOR_PROFILE === "minimal" ? "minimal" : "full"
}

/** Whether this file runs against the minimal profile (answers as narrow as the service's documents allow). */
export const minimalProfile = () => simulatorProfile() === "minimal"

/** Points the simulator's webhooks at the Medusa under test (`api.defaults.baseURL`), or cuts them (null). */
export async function pointWebhooksAt(simulatorUrl: string, medusaBaseUrl: string | null) {
  await control(simulatorUrl, "PUT", "/_sim/webhook", { url: medusaBaseUrl === null ? null : `${medusaBaseUrl}${WEBHOOK_PATH}` })
}

/**
 * Starts the simulator before Medusa boots (top-level beforeAll hooks run before
 * the runner's), and points the plugin's configuration at it through the same
 * environment variables a merchant sets.
 */
export function useSimulator(env: Record<string, string> = {}) {
  const handle: { sim?: RunningSimulator; url: string } = { url: "" }
  beforeAll(async () => {
    handle.sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [200, 500], profile: simulatorProfile() })
    handle.url = handle.sim.url
    Object.assign(process.env, {
      TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
      TRADE_CREDIT_BASE_URL: handle.sim.url,
      TRADE_CREDIT_CHECKOUT_URL: handle.sim.url,
      TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
      TRADE_CREDIT_STOREFRONT_URL: STOREFRONT_URL,
      TRADE_CREDIT_TIMEOUT_MS: "2000",
      TRADE_CREDIT_MAX_RETRIES: "1",
      // The scheduled reconciliation would repair states a test is still setting up: tests run it through the admin route.
      TRADE_CREDIT_BACKGROUND_JOBS: "off",
      ...env,
    })
  })
  afterAll(async () => {
    await handle.sim?.close()
  })
  return handle
}

/** Calls the simulator's control API (scripts/lib/simulator-control.js: a non-2xx answer throws with its body). */
export async function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<any> {
  return await simulatorControl(baseUrl)(method, path, body)
}

/** The canonical id of the first company the service's search finds, as a storefront's company search would. */
export async function findCompanyId(baseUrl: string, country: string, q: string): Promise<string> {
  const res = await fetch(`${baseUrl}/companies/v2/company?${new URLSearchParams({ country, q })}`, {
    headers: { "x-api-key": SIMULATOR_API_KEY },
  })
  const search = (await res.json()) as { items: { canonical_id: string }[] }
  if (!search.items?.length) throw new Error(`the company search found nothing for ${country} "${q}"`)
  return search.items[0].canonical_id
}
