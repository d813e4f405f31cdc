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

const specFiles = (dir) => {
  if (!existsSync(dir)) return []
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === "node_modules" ? [] : walk(`${d}/${e.name}`)
        : /\.spec\.[jt]sx?$/.test(e.name) ? [`${d}/${e.name}`] : []
    )
  return walk(dir).sort()
}
const hasSpecs = (dir) => specFiles(dir).length > 0

let database
let failed = false
try {
  for (const name of selected) {
    const suite = suites[name]
    if (!hasSpecs(suite.dir)) {
      console.log(`\n== ${name}: no test files in ${suite.dir}`)
      continue
    }
    console.log(`\n== ${name} tests`)
    // Medusa's integration runner keeps module state between files of one jest process (a second file can
    // deadlock in the link migrations), so each integration or browser file runs in a jest process of its own.
    const patterns = extraJestArgs.filter((a) => !a.startsWith("-"))
    const flags = extraJestArgs.filter((a) => a.startsWith("-"))
    const runs =
      name === "unit"
        ? [extraJestArgs]
        : specFiles(suite.dir)
            .filter((file) => !patterns.length || patterns.some((p) => file.includes(p)))
            .map((file) => [...flags, file])
    for (const args of runs) {
      // A fresh embedded server per file (under a second): on a server that already hosted one Medusa test
      // database, the next one's link migrations can deadlock. A configured server is used as it is.
      if (suite.needsDatabase && (!database || database.embedded)) {
        await database?.stop()
        database = await ensureDatabase()
        console.log(`Using ${database.description}`)
      }
      const result = spawnSync(
        process.execPath,
        ["node_modules/jest/bin/jest.js", "--runInBand", "--forceExit", ...(name === "unit" ? [] : ["--silent=false"]), ...args],
        {
          stdio: "inherit",
          // A file that hangs (a stuck hook, an open handle) fails instead of holding CI until its limit.
          timeout: (name === "unit" ? 10 : 20) * 60_000,
          killSignal: "SIGKILL",
          env: {
            ...process.env,
            ...(suite.needsDatabase ? database.env : {}),
            TEST_TYPE: suite.testType,
            NODE_OPTIONS: [process.env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" "),
          },
        }
      )
      if (result.error?.code === "ETIMEDOUT") console.error(`\n== ${args.join(" ")} did not finish in time and was stopped`)
      if (result.status !== 0) {
        failed = true
        console.error(`\n== ${name} tests failed: ${args.join(" ") || "(all)"} (exit ${result.status ?? result.signal})`)
      }
    }
  }
} finally {
  await database?.stop()
}
process.exit(failed ? 1 : 0)
