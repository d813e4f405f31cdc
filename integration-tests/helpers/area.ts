import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { control, type RunningSimulator, useSimulator } from "./simulator"

/** What Medusa's test runner hands a test suite, and the area's simulator. */
export type PartOptions = {
  api: any
  getContainer: () => MedusaContainer
  dbConfig: { dbName: string; schema: string; clientUrl: string }
  dbUtils: any
}
export type AreaPart = { name: string; tests: (options: PartOptions) => void }

/** The area's simulator: one per test file, started before Medusa boots (useSimulator), shared by its parts. */
const shared: { sim?: RunningSimulator; url: string } = { url: "" }

/**
 * The simulator of the area a part runs in. Read `.url` and `.sim` inside hooks and tests (they are set once the
 * area's simulator has started).
 */
export function areaSimulator(): { sim?: RunningSimulator; url: string } {
  return shared
}

/** One part of an area: what was a test file of its own, with its own `beforeAll` (log in, seed) and tests. */
export function areaPart(name: string, tests: (options: PartOptions) => void): AreaPart {
  return { name, tests }
}

/**
 * Several parts on ONE Medusa boot (Medusa's integration runner per area, not per file: a boot costs 15 to 20 s of
 * CPU on the CI machine). Each part starts as if it had the file to itself: the database as Medusa booted it (a
 * template taken once, restored before the part), a reset simulator (orders, faults, webhooks, clock, delays), then
 * the part's own `beforeAll` hooks; the runner's snapshot is taken after them, so each of the part's tests starts
 * from what they left (Medusa's runner restores it before every test).
 *
 * `env` is the plugin's configuration for the whole area (useSimulator): parts that need another one go to
 * another area.
 */
export function integrationArea(parts: AreaPart[], env: Record<string, string> = {}) {
  const simulator = useSimulator(env)
  let startSettings: Pick<RunningSimulator["state"], "repayment" | "registration" | "unverifiedTtlMs"> | undefined
  beforeAll(() => {
    shared.sim = simulator.sim
    shared.url = simulator.url
    const state = simulator.sim!.state
    startSettings = { repayment: { ...state.repayment }, registration: { ...state.registration }, unverifiedTtlMs: state.unverifiedTtlMs }
  })
  medusaIntegrationTestRunner({
    testSuite: (options: any) => {
      const base = `${options.dbConfig.dbName}_area`
      beforeAll(async () => {
        await options.dbUtils.snapshot({ templateName: base })
      })
      afterAll(async () => {
        await options.dbUtils.dropTemplate?.(base)
      })
      for (const part of parts) {
        describe(part.name, () => {
          beforeAll(async () => {
            await options.dbUtils.restore({ templateName: base })
            await control(shared.url, "POST", "/_sim/reset")
            const state = shared.sim!.state
            Object.assign(state.repayment, startSettings!.repayment)
            Object.assign(state.registration, startSettings!.registration)
            state.unverifiedTtlMs = startSettings!.unverifiedTtlMs
          })
          part.tests(options)
          // After the part's own beforeAll hooks (registered above): its tests start from what they left.
          beforeAll(async () => {
            await options.dbUtils.snapshot()
          })
        })
      }
    },
  })
}
