#!/usr/bin/env node
// `npm test`: unit tests, Medusa integration tests on PostgreSQL and browser tests in Chromium.
// `npm test -- unit|integration|browser` runs one suite; other arguments go to jest (flags, path patterns:
// `npm test -- integration refunds` runs the integration files whose path holds "refunds"; `-t NAME` the tests
// whose name holds NAME, such as one part of an area: `npm test -- integration hostile-input -t route-fuzzing`).
//
// Every integration or browser file runs in a jest process of its own (Medusa's integration runner keeps module
// state between the files of one process: a second file can deadlock in the link migrations), on an embedded
// PostgreSQL of its own: a copy of the migrated cluster (scripts/lib/migrated-cluster.mjs), made once, so no file
// migrates Medusa's modules again (integration-tests/setup.js). Files run TEST_CONCURRENCY at a time (default 2, at
// most 4), longest first, and the unit suite alongside the first of them; the admin bundle is built once, at the
// start. Each file's output is held and printed, whole, when the file ends, with its time; a table of the suites ends
// the run. A file that runs the demo (scripts/demo.mjs: `medusa develop` watches the checkout) runs alone, at the end.
// The failed tests are listed again, a line each, at the very end.
// A PostgreSQL named by the environment (DATABASE_URL, DB_HOST) is used as it is, one file at a time.
// TEST_MIGRATED_CLUSTER=off gives each file an empty cluster that Medusa's runner migrates, as before (slower).
// The service-facing integration areas (MINIMAL_PROFILE_FILES) run twice: against the simulator's default profile,
// and again, labelled "(minimal)", with TRADE_CREDIT_SIMULATOR_PROFILE=minimal (answers as narrow as the service's
// documents allow: packages/simulator/README.md). A profile set in the environment runs every file in it, once.
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { availableParallelism, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { ensureDatabase } from "./lib/database.mjs"
import { prepareMigratedCluster, TEMPLATE_ENV } from "./lib/migrated-cluster.mjs"

const suites = {
  unit: { testType: "unit", needsDatabase: false, dir: "src" },
  integration: { testType: "integration:http", needsDatabase: true, dir: "integration-tests/http" },
  browser: { testType: "browser", needsDatabase: true, dir: "integration-tests/browser" },
}

/** The arguments, with jest's name filter joined to its value (`-t route-fuzzing` → `--testNamePattern=route-fuzzing`). */
const args = process.argv.slice(2).flatMap((arg, i, all) =>
  (arg === "-t" || arg === "--testNamePattern") && i + 1 < all.length ? [`--testNamePattern=${all[i + 1]}`] : all[i - 1] === "-t" || all[i - 1] === "--testNamePattern" ? [] : [arg]
)
const requested = args.filter((a) => suites[a])
const extraJestArgs = args.filter((a) => !suites[a])
const selected = requested.length ? requested : Object.keys(suites)
const patterns = extraJestArgs.filter((a) => !a.startsWith("-"))
const flags = extraJestArgs.filter((a) => a.startsWith("-"))

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

/**
 * How long a file is expected to run, to start the longest first (a long file started last leaves a core idle at
 * the end): its size and the size of the local modules it imports (an area's parts, the helpers), and more for a
 * file that boots Medusa servers of its own (child-medusa). Only an order: a wrong guess costs time, never a result.
 */
function expectedWeight(file) {
  const seen = new Set()
  let text = ""
  const read = (path) => {
    if (seen.has(path) || !existsSync(path)) return
    seen.add(path)
    const source = readFileSync(path, "utf8")
    text += source
    for (const [, relative] of source.matchAll(/(?:from |require\()"(\.{1,2}\/[\w./-]+)"/g)) {
      if (relative.includes("/scripts/") || relative.includes("/src/")) continue
      const target = join(dirname(path), relative)
      read(existsSync(`${target}.ts`) ? `${target}.ts` : target)
    }
  }
  read(file)
  let weight = text.length
  if (/helpers\/child-medusa|admin-server/.test(text)) weight += 40_000
  // The fault suites wait for timeouts and retries on every call of a provider.
  if (/helpers\/(faults|invoice-fault-suite)"/.test(text)) weight += 40_000
  // The example Next.js storefront's file builds it (`next build`, a minute or more) before its tests.
  if (/next\/dist\/bin\/next/.test(text)) weight += 40_000
  return weight
}

/** The integration files that also run against the simulator's minimal profile (their own row in the table). */
const MINIMAL_PROFILE_FILES = ["checkout", "after-sale", "accounts", "faults", "scale-out"].map((area) => `integration-tests/http/${area}.spec.ts`)
const PROFILE_ENV = "TRADE_CREDIT_SIMULATOR_PROFILE"
const MINIMAL_ROW = "integration (minimal)"

const configuredDatabase = Boolean(process.env.DATABASE_URL || process.env.DB_HOST)
/**
 * Two at a time by default (one on a one-core machine); TEST_CONCURRENCY asks for 1 to 4 whatever the cores: files
 * that wait (timeouts, a child Medusa booting) leave a core idle. A PostgreSQL named by the environment takes one.
 */
const concurrency = configuredDatabase
  ? 1
  : Math.max(1, Math.min(4, Number(process.env.TEST_CONCURRENCY) || Math.min(2, availableParallelism())))

const reports = mkdtempSync(join(tmpdir(), "trade-credit-jest-"))
let reportCount = 0
const started = Date.now()
const seconds = (ms) => `${Math.round(ms / 1000)} s`
const clock = () => new Date().toISOString().slice(11, 19)
let failed = false
/** One line per failed test, printed at the end. */
const failures = []
/** Per suite: files, tests passed and failed, the span from its first file's start to its last file's end. */
const totals = {}

/**
 * The jobs: the unit suite as one (first), and every integration and browser file as one, longest first across the
 * suites (a long browser file left to the end would run alone). A file that serves the built admin
 * (scripts/lib/admin-server.js) waits for the one admin build this run makes at its start.
 */
const jobs = []
const fileJobs = []
for (const name of selected) {
  const suite = suites[name]
  const files = specFiles(suite.dir)
  if (!files.length) {
    console.log(`\n== ${name}: no test files in ${suite.dir}`)
    continue
  }
  totals[name] = { files: 0, passed: 0, failed: 0, first: undefined, last: undefined, pending: 0 }
  if (name === "unit") {
    jobs.push({ suite: name, label: "unit tests", jestArgs: extraJestArgs })
    continue
  }
  const chosen = files.filter((file) => !patterns.length || patterns.some((p) => file.includes(p)))
  for (const file of chosen) {
    const source = readFileSync(file, "utf8")
    const needsAdmin = /scripts\/lib\/admin-server/.test(source)
    // A file that runs the demo (names "scripts/demo.mjs" in a string: `medusa develop` restarts its server on any
    // change in the checkout) runs alone, after the others: their screenshots and built packages would restart it.
    const alone = /["'`]scripts\/demo\.mjs["'`]/.test(source)
    fileJobs.push({ suite: name, row: name, label: file, file, jestArgs: [...flags, file], weight: expectedWeight(file), needsAdmin, alone, env: {} })
    if (name === "integration" && MINIMAL_PROFILE_FILES.includes(file) && !process.env[PROFILE_ENV]) {
      totals[MINIMAL_ROW] ??= { files: 0, passed: 0, failed: 0, first: undefined, last: undefined, pending: 0 }
      fileJobs.push({
        suite: name,
        row: MINIMAL_ROW,
        label: `${file} (minimal)`,
        file,
        jestArgs: [...flags, file],
        weight: expectedWeight(file),
        needsAdmin,
        env: { [PROFILE_ENV]: "minimal" },
      })
    }
  }
}
jobs.push(...fileJobs.filter((job) => !job.alone).sort((a, b) => b.weight - a.weight))
/** The files that run alone, after every other job has ended. */
const aloneJobs = fileJobs.filter((job) => job.alone)
jobs.push(...aloneJobs)
for (const job of jobs) totals[job.row ?? job.suite].pending++

/** Child process groups still running, stopped if this script is interrupted. */
const running = new Set()
let migrated // the migrated cluster, once made
let migratedReady // its promise
const databaseJobs = jobs.filter((job) => suites[job.suite].needsDatabase)

function runJest(job, env) {
  const report = join(reports, `${++reportCount}.json`)
  const isUnit = job.suite === "unit"
  // Alongside files of the other suites, the unit suite takes one core: its own workers would take them all.
  const unitWorkers = isUnit && databaseJobs.length && concurrency > 1 && !flags.some((f) => /^(-w|--maxWorkers|-i|--runInBand)/.test(f)) ? ["--maxWorkers=1"] : []
  const child = spawn(
    process.execPath,
    [
      "node_modules/jest/bin/jest.js",
      ...(isUnit ? unitWorkers : ["--runInBand"]),
      "--forceExit",
      "--json",
      `--outputFile=${report}`,
      ...(isUnit ? [] : ["--silent=false"]),
      ...job.jestArgs,
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // a group of its own: a stuck file is stopped with everything it started
      env: {
        ...process.env,
        ...env,
        TEST_TYPE: suites[job.suite].testType,
        NODE_OPTIONS: [process.env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" "),
        // jest colours its output for a terminal; the output is held, then printed to this script's.
        ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : {}),
      },
    }
  )
  running.add(child)
  const output = []
  child.stdout.on("data", (chunk) => output.push(chunk))
  child.stderr.on("data", (chunk) => output.push(chunk))
  // A file that hangs (a stuck hook, an open handle) fails instead of holding CI until its limit. The unit suite is one
  // jest run of every unit file, beside the first integration files on a 2-core machine: about 9 minutes there, so
  // its limit is the integration files' 20.
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {}
  }, 20 * 60_000)
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer)
      running.delete(child)
      // Whatever the file left behind in its group (a child Medusa, a redis-server) goes with it.
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
      resolve({ status: code, signal, timedOut, output: Buffer.concat(output), report })
    })
  })
}

async function runJob(job) {
  const suite = suites[job.suite]
  const total = totals[job.row ?? job.suite]
  const jobStarted = Date.now()
  total.first ??= jobStarted
  let database
  const lines = []
  try {
    if (suite.needsDatabase) {
      await migratedReady
      database = await ensureDatabase({ copyOf: migrated?.dataDir, log: (m) => lines.push(m) })
      lines.push(`Using ${database.description}`)
    }
    const env = {
      ...(job.env ?? {}),
      ...(database?.env ?? {}),
      ...(suite.needsDatabase && migrated
        ? { [TEMPLATE_ENV]: migrated.database, TRADE_CREDIT_TEST_TEMPLATE_REDIS_URL: process.env.REDIS_URL ?? "" }
        : {}),
    }
    const result = await runJest(job, env)
    if (lines.length) process.stdout.write(`${lines.join("\n")}\n`)
    process.stdout.write(result.output)
    try {
      const json = JSON.parse(readFileSync(result.report, "utf8"))
      total.files += json.numTotalTestSuites
      total.passed += json.numPassedTests
      total.failed += json.numFailedTests + json.numRuntimeErrorTestSuites
      failures.push(...failuresOf(json, job.label))
    } catch {
      total.failed += 1 // no report: the run died before jest could write one
      failures.push(`${job.label}: no test report (the run died before jest could write one)`)
    }
    if (job.file) console.log(`== ${job.label}: ${seconds(Date.now() - jobStarted)}`)
    if (result.timedOut) console.error(`\n== ${job.label} did not finish in time and was stopped`)
    if (result.status !== 0) {
      failed = true
      console.error(`\n== ${job.row ?? job.suite} tests failed: ${job.jestArgs.join(" ") || "(all)"} (exit ${result.status ?? result.signal})`)
    }
  } catch (error) {
    if (lines.length) process.stdout.write(`${lines.join("\n")}\n`)
    failed = true
    total.failed += 1
    console.error(`\n== ${job.label} could not run: ${error?.stack ?? error}`)
  } finally {
    await database?.stop().catch(() => {})
    total.last = Date.now()
    if (--total.pending === 0) {
      console.log(`== ${job.row ?? job.suite} tests: ${total.files} files, ${total.passed} passed, ${total.failed} failed in ${seconds(total.last - total.first)}`)
    }
  }
}

/**
 * The failed tests of one jest report, a line each with the start of the failure (ANSI colours stripped): printed
 * again at the very end of the run, so that the last lines of a long log name what failed.
 */
function failuresOf(json, label) {
  const plain = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "")
  return (json.testResults ?? []).flatMap((file) => {
    const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed")
    const failedTests = tests.map((t) => {
      const why = plain(t.failureMessages?.[0]).split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 3).join(" / ")
      return `${label} › ${t.fullName}: ${why.slice(0, 400)}`
    })
    if (!failedTests.length && file.status === "failed") {
      failedTests.push(`${label}: ${plain(file.message).split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 3).join(" / ").slice(0, 400)}`)
    }
    return failedTests
  })
}

const stopAll = (signal) => {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {}
  }
  migrated?.remove()
  rmSync(reports, { recursive: true, force: true })
  process.exit(signal === "SIGINT" ? 130 : 143)
}
process.on("SIGINT", stopAll)
process.on("SIGTERM", stopAll)

try {
  console.log(
    `\n== ${Object.keys(totals).join(", ")} tests (${clock()}): ${jobs.length} jobs, ${concurrency} at a time` +
      (process.env[PROFILE_ENV] ? ` (simulator profile ${process.env[PROFILE_ENV]})` : "")
  )
  migratedReady =
    databaseJobs.length && !configuredDatabase && process.env.TEST_MIGRATED_CLUSTER !== "off"
      ? prepareMigratedCluster().then((cluster) => {
          migrated = cluster
          if (cluster) console.log(`== migrated cluster ready in ${Math.round(cluster.seconds)} s (${clock()})`)
        })
      : Promise.resolve()
  // The admin bundle, built once for every file that serves it (scripts/lib/admin-server.js caches it by the digest
  // of src/admin: a second run with the same sources finds it built).
  let adminBuilt = false
  const adminReady = jobs.some((job) => job.needsAdmin)
    ? (async () => {
        const t = Date.now()
        await createRequire(import.meta.url)("./lib/admin-server.js").prepareServerRoot()
        adminBuilt = true
        console.log(`== admin bundle ready in ${seconds(Date.now() - t)} (${clock()})`)
      })()
    : Promise.resolve()
  adminReady.catch(() => {}) // a failed build fails the files that need it, each with the error
  const queue = jobs.filter((job) => !job.alone)
  /** The next job that can start: the first in order, passing over those that wait for the admin bundle. */
  const nextJob = async () => {
    const ready = queue.findIndex((job) => !job.needsAdmin || adminBuilt)
    if (ready >= 0) return queue.splice(ready, 1)[0]
    if (!queue.length) return undefined
    await adminReady.catch(() => {})
    adminBuilt = true // built, or failed: either way the files now start (and a failure is theirs to report)
    return queue.shift()
  }
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let job = await nextJob(); job; job = await nextJob()) await runJob(job)
    })
  )
  for (const job of aloneJobs) {
    console.log(`== ${job.label} runs alone (${clock()})`)
    await adminReady.catch(() => {})
    await runJob(job)
  }
} finally {
  await migratedReady
  migrated?.remove()
  rmSync(reports, { recursive: true, force: true })
}
const rows = Object.entries(totals)
if (rows.length) {
  console.log("\n| Suite | Files | Passed | Failed | Time |\n|---|---|---|---|---|")
  for (const [name, t] of rows) console.log(`| ${name} | ${t.files} | ${t.passed} | ${t.failed} | ${seconds((t.last ?? 0) - (t.first ?? 0))} |`)
  console.log(`\nnpm test took ${seconds(Date.now() - started)}${concurrency > 1 ? ` (${concurrency} jobs at a time: the suites' times overlap)` : ""}`)
  const sum = (key) => rows.reduce((n, [, t]) => n + t[key], 0)
  console.log(`${sum("passed")} passed, ${sum("failed")} failed`)
}
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join("\n")}`)
process.exit(failed ? 1 : 0)
