#!/usr/bin/env node
// `npm test`: unit tests, then Medusa integration tests on PostgreSQL, then browser
// tests in Chromium. `npm test -- unit|integration|browser` runs one suite.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
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
/** Per suite: files, tests passed and failed, seconds; printed as a table at the end. */
const totals = {}
const reports = mkdtempSync(join(tmpdir(), "trade-credit-jest-"))
let reportCount = 0
const started = Date.now()
const seconds = (ms) => `${Math.round(ms / 1000)} s`
try {
  for (const name of selected) {
    const suite = suites[name]
    if (!hasSpecs(suite.dir)) {
      console.log(`\n== ${name}: no test files in ${suite.dir}`)
      continue
    }
    console.log(`\n== ${name} tests (${new Date().toISOString().slice(11, 19)})`)
    const suiteStarted = Date.now()
    const total = (totals[name] = { files: 0, passed: 0, failed: 0, ms: 0 })
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
      const report = join(reports, `${++reportCount}.json`)
      const fileStarted = Date.now()
      const result = spawnSync(
        process.execPath,
        [
          "node_modules/jest/bin/jest.js",
          "--runInBand",
          "--forceExit",
          "--json",
          `--outputFile=${report}`,
          ...(name === "unit" ? [] : ["--silent=false"]),
          ...args,
        ],
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
      try {
        const json = JSON.parse(readFileSync(report, "utf8"))
        total.files += json.numTotalTestSuites
        total.passed += json.numPassedTests
        total.failed += json.numFailedTests + json.numRuntimeErrorTestSuites
      } catch {
        total.failed += 1 // no report: the run died before jest could write one
      }
      if (name !== "unit") console.log(`== ${args.filter((a) => !a.startsWith("-")).join(" ")}: ${seconds(Date.now() - fileStarted)}`)
      if (result.error?.code === "ETIMEDOUT") console.error(`\n== ${args.join(" ")} did not finish in time and was stopped`)
      if (result.status !== 0) {
        failed = true
        console.error(`\n== ${name} tests failed: ${args.join(" ") || "(all)"} (exit ${result.status ?? result.signal})`)
      }
    }
    total.ms = Date.now() - suiteStarted
    console.log(`== ${name} tests: ${total.files} files, ${total.passed} passed, ${total.failed} failed in ${seconds(total.ms)}`)
  }
} finally {
  await database?.stop()
  rmSync(reports, { recursive: true, force: true })
}
const rows = Object.entries(totals)
if (rows.length) {
  console.log("\n| Suite | Files | Passed | Failed | Time |\n|---|---|---|---|---|")
  for (const [name, t] of rows) console.log(`| ${name} | ${t.files} | ${t.passed} | ${t.failed} | ${seconds(t.ms)} |`)
  console.log(`\nnpm test took ${seconds(Date.now() - started)}`)
  const sum = (key) => rows.reduce((n, [, t]) => n + t[key], 0)
  console.log(`${sum("passed")} passed, ${sum("failed")} failed`)
}
process.exit(failed ? 1 : 0)
