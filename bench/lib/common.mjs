// What every bench shares: the machine, the load, statistics, the markdown rows of docs/performance.md,
// a simulator in a child process and its control API.
import { simulatorControl } from "../../scripts/lib/simulator-control.js"
import { spawn, execFileSync } from "node:child_process"
import { cpus, loadavg, totalmem } from "node:os"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { dirname, join } from "node:path"

export const require = createRequire(import.meta.url)
export const { requireTs, root } = require("./ts.cjs")
export const here = dirname(fileURLToPath(import.meta.url))

/** `uptime`'s load averages now: "1.23 / 1.10 / 0.90". */
export const load = () => loadavg().map((v) => v.toFixed(2)).join(" / ")

export function machine() {
  const kind = "node-svc (the project's machine kind, /work/.library/env)"
  return {
    kind,
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  }
}

export function printMachine() {
  const m = machine()
  console.log(`Machine: ${m.kind}; nproc ${m.cores} (${m.cpu}); ${m.memory}; node ${m.node}; load ${load()}`)
}

export const sorted = (values) => [...values].sort((a, b) => a - b)
export function quantile(values, q) {
  const s = sorted(values)
  if (!s.length) return NaN
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]
}
export const median = (values) => quantile(values, 0.5)
export const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n))

/**
 * One row of the table in docs/performance.md, printed ready to paste:
 * | figure | value | target | met? | load 1/5/15 min | command |
 */
export function row(figure, value, target, met, command) {
  const mark = met === undefined || met === null ? "n/a" : met ? "yes" : "**no**"
  const line = `| ${figure} | ${value} | ${target} | ${mark} | ${load()} | \`${command}\` |`
  console.log(line)
  return line
}

export function tableHeader() {
  console.log("| Figure | Value | Target | Met? | Load (1/5/15 min) | Command |")
  console.log("|---|---|---|---|---|---|")
}

/** Starts the simulator in a child process. */
export async function startSimulatorProcess(options = {}) {
  const child = spawn(process.execPath, [join(here, "simulator-child.cjs")], {
    cwd: root,
    env: { ...process.env, BENCH_SIMULATOR_OPTIONS: JSON.stringify(options) },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const url = await new Promise((resolve, reject) => {
    let buffer = ""
    child.stdout.on("data", (chunk) => {
      buffer += chunk
      const line = buffer.split("\n")[0]
      if (buffer.includes("\n")) {
        try {
          resolve(JSON.parse(line).url)
        } catch (error) {
          reject(error)
        }
      }
    })
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code}) before it listened`)))
  })
  child.stdout.resume()
  const control = simulatorControl(url)
  return {
    url,
    pid: child.pid,
    control,
    /** The simulator process's own CPU time so far, in ms (from /proc). */
    cpuMs: () => processCpuMs(child.pid),
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await exited
    },
  }
}

/** User + system CPU time of a process in ms, from /proc/PID/stat (Linux). */
export function processCpuMs(pid) {
  try {
    const stat = require("node:fs").readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    const ticks = Number(fields[11]) + Number(fields[12])
    const hz = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100
    return (ticks * 1000) / hz
  } catch {
    return NaN
  }
}

/** Whether this module is the script node was asked to run. */
export const isMain = (importMetaUrl) => process.argv[1] && fileURLToPath(importMetaUrl) === process.argv[1]
