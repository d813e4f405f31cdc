import { randomBytes } from "node:crypto"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { createTradeCreditClient, describeKey, type TradeCreditClient } from ".."
import { type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * API key rotation (issue #23.5) against the simulator over HTTP: with the new key and the old one configured, a call
 * the service refuses with 401 under one key is sent again at once under the other, so no call fails whichever key the
 * service takes, before, during and after the switch; the key that worked is sent first from then on. No key reaches
 * a log line.
 */
describe("API key rotation", () => {
  const NEW_KEY = `secret_test_${randomBytes(32).toString("base64url")}`
  const OLD_KEY = SIMULATOR_API_KEY
  let sim: Simulator
  let client: TradeCreditClient
  const lines: string[] = []
  const logger = {
    debug: (m: string) => lines.push(m),
    info: (m: string) => lines.push(m),
    warn: (m: string) => lines.push(m),
    error: (m: string) => lines.push(m),
  }

  beforeAll(async () => {
    ;({ sim } = await startSimulatorClient())
    client = createTradeCreditClient({
      apiKey: NEW_KEY,
      previousApiKey: OLD_KEY,
      environment: "sandbox",
      baseUrl: sim.url,
      timeoutMs: 5000,
      logger,
    })
  })
  afterAll(async () => {
    await client?.close()
    await sim?.close()
  })

  const merchantId = async () => (await simulatorControl(sim, "GET", "/merchants")).items[0].id as string
  /** The statuses of the searches the service received since the last look. */
  const searches = async () => {
    const { items } = await simulatorControl(sim, "GET", "/requests?path_prefix=/companies")
    await simulatorControl(sim, "DELETE", "/requests")
    return items.map((r: any) => r.status)
  }

  it("never fails a call while the service moves from the old key to the new one", async () => {
    // The new key is configured before the service knows it: the old one answers, after one refused attempt.
    expect((await client.companies.search({ country: "GB", q: "acme", limit: 1 })).items.length).toBe(1)
    expect(await searches()).toEqual([401, 200])
    // The refused attempt is in the debug lines, as a retry under the same attempt number.
    expect(
      lines.some((l) =>
        new RegExp(
          /^trade-credit GET \S*companies\S* attempt 1\/3 -> 401 \S+ \d+ms, /.source +
            /retrying in 0ms code=\S+( trace_id=\S+)?$/.source,
        ).test(l),
      ),
    ).toBe(true)
    expect(lines.filter((l) => /refused the API key/.test(l))).toEqual([
      `trade-credit: the service refused the API key ${describeKey(NEW_KEY)} ` +
        `and took ${describeKey(OLD_KEY)}: sending that one first from now on`,
    ])
    // From then on the old key goes first: no refused attempt.
    await client.companies.search({ country: "GB", q: "acme", limit: 1 })
    expect(await searches()).toEqual([200])

    // The service issues the new key (both work), then revokes the old one: the next call switches, and stays switched.
    const merchant = await merchantId()
    await simulatorControl(sim, "POST", `/merchants/${merchant}/api-keys`, { api_key: NEW_KEY })
    await client.companies.search({ country: "GB", q: "acme", limit: 1 })
    expect(await searches()).toEqual([200])
    await simulatorControl(sim, "DELETE", `/merchants/${merchant}/api-keys`, { api_key: OLD_KEY })
    await client.companies.search({ country: "GB", q: "acme", limit: 1 })
    await client.companies.search({ country: "GB", q: "acme", limit: 1 })
    expect(await searches()).toEqual([401, 200, 200])
    expect(client.stats().failures).toBe(0)

    // A key the service knows under neither name is still a clear 401, once per key, never a loop.
    await simulatorControl(sim, "POST", `/merchants/${merchant}/api-keys`, { api_key: OLD_KEY })
    await simulatorControl(sim, "DELETE", `/merchants/${merchant}/api-keys`, { api_key: NEW_KEY })
    const other = `secret_test_${randomBytes(32).toString("base64url")}`
    await simulatorControl(sim, "POST", `/merchants/${merchant}/api-keys`, { api_key: other })
    await simulatorControl(sim, "DELETE", `/merchants/${merchant}/api-keys`, { api_key: OLD_KEY })
    await expect(client.companies.search({ country: "GB", q: "acme", limit: 1 })).rejects.toMatchObject({ status: 401 })
    expect(await searches()).toEqual([401, 401])

    // Neither key, nor its secret part, reached a log line.
    const log = lines.join("\n")
    for (const key of [NEW_KEY, OLD_KEY]) {
      expect(log).not.toContain(key)
      expect(log).not.toContain(key.slice("secret_test_".length))
    }
  })

  it("refuses a previous key of another environment, of the wrong shape, or the same as the new one", () => {
    const make = (previousApiKey: string) => () =>
      createTradeCreditClient({ apiKey: NEW_KEY, previousApiKey, environment: "sandbox", baseUrl: sim.url })
    expect(make(`secret_prod_${randomBytes(32).toString("base64url")}`)).toThrow(/production key/)
    expect(make("secret_test_short")).toThrow(/malformed/)
    expect(make(NEW_KEY)).toThrow(/previousApiKey is the same key as apiKey/)
  })
})
