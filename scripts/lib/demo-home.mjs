// The demo's own folder: its database, the simulator's state, its credentials and its log, in the system temp folder
// under a name derived from this checkout's absolute path, so that two checkouts on one machine never share them and
// a restart of one finds its own again. `--reset` removes it whole: the database and the simulator's memory go
// together, never one without the other.
import { spawnSync } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"

/** The folder of the checkout at `root`: `medusa-trade-credit-demo-<12 hex digits of its path's digest>`. */
export function demoHome(root) {
  const digest = createHash("sha256").update(realpathSync(root)).digest("hex").slice(0, 12)
  return join(tmpdir(), `medusa-trade-credit-demo-${digest}`)
}

/** Where each of the demo's files lives in its folder. */
export function demoFiles(home) {
  return {
    home,
    database: join(home, "postgres"),
    simulatorState: join(home, "simulator-state.json"),
    settings: join(home, "demo.json"),
    storefront: join(home, "storefront"),
    log: join(home, "demo.log"),
  }
}

/**
 * The demo's settings, made on its first start and kept: the simulator's port and the credentials it shares with
 * Medusa (the simulator's state belongs to the merchant of that API key, and Medusa signs nothing it could check
 * with a new webhook secret). Readable by this user only. `simulatorPort` is used when the demo has none yet.
 */
export function loadSettings(files, { simulatorPort }) {
  if (existsSync(files.settings)) return { ...JSON.parse(readFileSync(files.settings, "utf8")), fresh: false }
  const settings = {
    created_at: new Date().toISOString(),
    simulator_port: simulatorPort,
    // Of the service's own shapes; through the environment only, never a command line (which every user sees).
    api_key: `secret_test_${randomBytes(32).toString("base64url")}`,
    webhook_secret: `whsec_${randomBytes(24).toString("base64")}`,
  }
  // Others may pass through (as root, the embedded PostgreSQL runs as the "postgres" user and must reach its
  // folder) but not list it; the files in it are this user's alone.
  mkdirSync(files.home, { recursive: true })
  chmodSync(files.home, 0o711)
  writeFileSync(files.settings, JSON.stringify(settings, null, 2), { mode: 0o600 })
  return { ...settings, fresh: true }
}

/** Removes the demo's folder (database, simulator state, settings, log): the next start is a fresh demo. */
export function resetDemo(files) {
  rmSync(files.home, { recursive: true, force: true })
}

/**
 * Whether a start resumes: the database folder (when the demo runs its own PostgreSQL) and the settings both there.
 * A database without the settings, or the settings without the database, is half a demo: it is reset whole.
 */
export function resumable(files, { ownDatabase }) {
  const database = !ownDatabase || existsSync(join(files.database, "PG_VERSION"))
  const settings = existsSync(files.settings)
  if (database && settings) return true
  if (database || settings) resetDemo(files)
  return false
}

/** The one line that says what this start is: "Resuming the demo of <date>: N orders" or "A fresh demo". */
export function resumeLine(settings, summary) {
  if (settings.fresh) return "A fresh demo"
  const date = new Date(settings.created_at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })
  const orders = (summary?.orders ?? 0) + (summary?.repayment_plans ?? 0)
  return `Resuming the demo of ${date}: ${orders} order${orders === 1 ? "" : "s"} with the service`
}

/** The summary line of the simulator's state file (its `summary`), without loading the state; undefined without one. */
export function readStateSummary(path) {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, "utf8")).summary
  } catch {
    return undefined
  }
}

/**
 * The folders older versions of the demo kept in the system temp folder under fixed names (before the folder of the
 * checkout above): the embedded PostgreSQL's data, and the built storefront.
 */
export const OLD_DEMO_FOLDERS = { database: "medusa-trade-credit-demo-postgres", storefront: "medusa-trade-credit-demo-storefront" }

/** Whether a process runs with that id (one of another user, as the "postgres" user's server is to root, included). */
function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error?.code === "EPERM"
  }
}

/** Whether a demo other than this process runs on this machine (any checkout, any version); true when unknown. */
function anotherDemoRunning() {
  const ps = spawnSync("ps", ["-Ao", "pid=,args="], { encoding: "utf8" })
  if (ps.status !== 0) return true
  return ps.stdout.split("\n").some((line) => {
    const [, pid, args] = line.match(/^\s*(\d+)\s+(.*)$/) ?? []
    return pid && Number(pid) !== process.pid && Number(pid) !== process.ppid && /\bdemo\.mjs\b/.test(args)
  })
}

/** A folder (not a link) of this user's (any, for root), holding `marker`, and nothing but `allowed` when given. */
function clearly(path, marker, allowed) {
  try {
    const stat = lstatSync(path)
    if (!stat.isDirectory()) return false
    if (process.getuid && process.getuid() !== 0 && stat.uid !== process.getuid()) return false
    const entries = readdirSync(path)
    return entries.includes(marker) && (!allowed || entries.every((entry) => allowed.includes(entry)))
  } catch {
    return false
  }
}

/**
 * Removes what older versions of the demo left in the system temp folder `tmp`, by their exact old names, only when
 * each is clearly that (a PostgreSQL data folder; a built storefront: its index.html and assets) and not in use (no
 * demo running, no server on the data folder). Answers the one line that says so, or undefined when nothing went.
 * `demoRunning` is the check for another running demo (a test's to replace).
 */
export function removeOldDemoFolders(tmp = tmpdir(), { demoRunning = anotherDemoRunning } = {}) {
  const database = join(tmp, OLD_DEMO_FOLDERS.database)
  const storefront = join(tmp, OLD_DEMO_FOLDERS.storefront)
  const candidates = [
    clearly(database, "PG_VERSION") && database,
    clearly(storefront, "index.html", ["index.html", "assets"]) && storefront,
  ].filter(Boolean)
  if (!candidates.length || demoRunning()) return undefined
  const removed = candidates.filter((path) => {
    if (path === database) {
      const pid = Number(readFileSafe(join(database, "postmaster.pid")).split("\n")[0])
      if (pid && alive(pid)) return false
    }
    try {
      rmSync(path, { recursive: true, force: true })
      return true
    } catch {
      return false
    }
  })
  if (!removed.length) return undefined
  return `Removed the files an older version of the demo left in ${tmp}: ${removed.map((path) => basename(path)).join(", ")}`
}

function readFileSafe(path) {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return ""
  }
}
