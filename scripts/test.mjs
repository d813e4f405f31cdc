#!/usr/bin/env node
// `npm test`: unit tests, then Medusa integration tests on PostgreSQL, then browser
// tests in Chromium. `npm test -- unit|integration|browser` runs one suite.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { ensureDatabase } from "./lib/database.mjs"

const suites = {
  unit: { testType: "unit", needsDatabase: false, dir: "src" },
  integration: { testType: "integration:http", needsDatabase: true, dir: "integration-tests/http" },
  browser: { testType: "browser", needsDatabase: true, dir: "integration-tests/browser" },
}

// `npm test -- integration refunds` runs the integration files whose path matches "refunds";
// arguments that are not suite names go to jest (flags and path patterns).
const args = process.argv.slice(2)
const requested = args.filter((a) => suites[a])
const extraJestArgs = args.filter((a) => !suites[a])
const selected = requested.length ? requested : Object.keys(suites)

const hasSpecs = (dir) => {
  if (!existsSync(dir)) return false
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? e.name !== "node_modules" && walk(`${d}/${e.name}`) : /\.spec\.[jt]sx?$/.test(e.name)
    )
  return walk(dir)
}

let database
let failed = false
try {
  for (const name of selected) {
    const suite = suites[name]
    if (!hasSpecs(suite.dir)) {
      console.log(`\n== ${name}: no test files in ${suite.dir}`)
      continue
    }
    if (suite.needsDatabase && !database) {
      database = await ensureDatabase()
      console.log(`Using ${database.description}`)
    }
    console.log(`\n== ${name} tests`)
    const result = spawnSync(
      process.execPath,
      [
        "node_modules/jest/bin/jest.js",
        "--runInBand",
        "--forceExit",
        ...(name === "unit" ? [] : ["--silent=false"]),
        ...extraJestArgs,
      ],
      {
        stdio: "inherit",
        // A suite that hangs (a stuck hook, an open handle) fails instead of holding CI until its limit.
        timeout: (name === "unit" ? 10 : 45) * 60_000,
        killSignal: "SIGKILL",
        env: {
          ...process.env,
          ...(suite.needsDatabase ? database.env : {}),
          TEST_TYPE: suite.testType,
          NODE_OPTIONS: [process.env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" "),
        },
      }
    )
    if (result.error?.code === "ETIMEDOUT") console.error(`\n== ${name} tests did not finish in time and were stopped`)
    if (result.status !== 0) {
      failed = true
      console.error(`\n== ${name} tests failed (exit ${result.status ?? result.signal})`)
    }
  }
} finally {
  await database?.stop()
}
process.exit(failed ? 1 : 0)
