import { createTradeCreditClient, type TradeCreditClient, TradeCreditError } from ".."
import type { TradeCreditClientOptionsInput } from "../options"
import { SIMULATOR_API_KEY, startSimulator } from "trade-credit-simulator"

export type Simulator = Awaited<ReturnType<typeof startSimulator>>

/** A simulator on a random loopback port and a client of it, as the client's end-to-end tests use them. */
export async function startSimulatorClient(
  simulatorOptions: Parameters<typeof startSimulator>[0] = {},
  clientOptions: Partial<TradeCreditClientOptionsInput> = {},
): Promise<{ sim: Simulator; client: TradeCreditClient }> {
  const sim = await startSimulator({ port: 0, ...simulatorOptions })
  const client = createTradeCreditClient({
    apiKey: SIMULATOR_API_KEY,
    environment: "sandbox",
    baseUrl: sim.url,
    timeoutMs: 5000,
    ...clientOptions,
  })
  return { sim, client }
}

/** Calls the simulator's control API; a non-2xx answer fails the test. */
export async function simulatorControl(sim: Simulator, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${sim.url}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`control ${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

/** The rejection of a call, asserted to be a TradeCreditError. */
export async function failure(promise: Promise<unknown>): Promise<TradeCreditError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(TradeCreditError)
    return error as TradeCreditError
  }
  throw new Error("expected the call to fail")
}
