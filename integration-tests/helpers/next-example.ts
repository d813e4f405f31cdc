import { type ChildProcess, spawn } from "node:child_process"
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

// examples/next-storefront as a storefront developer meets it: the kit packed into a tarball (what npm would publish),
// the example copied OUT of the repository (into the system's temp folder, so that nothing resolves from the
// repository's node_modules, as Node's resolution walks up the folders), the kit's dependency pointed at the tarball,
// then what the developer runs: `npm install` (no flag), a later `npm install <package>` and `npm install` (each of
// which resolves the whole tree's peers again: where ERESOLVE shows up, issue #40), `npx tsc --noEmit` (the starter's
// tsconfig, `"moduleResolution": "node"`), `next build` (type checking on) and `next start`.

const ROOT = path.resolve(__dirname, "../..")
const EXAMPLE_DIR = path.join(ROOT, "examples/next-storefront")
const KIT = "medusa-payment-trade-credit-storefront"
const PACK_SCRIPT = path.join(ROOT, "scripts/lib/pack-storefront.mjs")
/** What is never copied: the example's own installs and builds, if someone ran it in place. */
const NOT_COPIED = /(^|[\\/])(node_modules|\.next|next-env\.d\.ts|tsconfig\.tsbuildinfo|package-lock\.json)$/
/**
 * The developer's later install: a small package that is certainly in npm's cache (the repository's own tree holds
 * ms@2.1.3), installed with `--prefer-offline`, so the step tests npm's resolution, not the network.
 */
const LATER_PACKAGE = "ms@2.1.3"
/** The backend, of which the kit pulls nothing: neither Medusa's server nor the plugin itself. */
const BACKEND = ["@medusajs/medusa", "@medusajs/framework", "medusa-payment-trade-credit"]

/**
 * A developer's shell: the variables `npm test` set for its own run (npm's `npm_*`, which a child npm would take as
 * its configuration, and jest's NODE_ENV, with which `npm install` might leave out the dev dependencies) left out.
 */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && name !== "NODE_ENV" && name !== "NODE_OPTIONS" && name !== "INIT_CWD") env[name] = value
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra }
}

/** Keeps a child's output: appended to `logFile`, and its last lines for the error of a failed step. */
function collect(child: ChildProcess, logFile: string, tail: string[]) {
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString())
    if (tail.length > 400) tail.splice(0, 100)
    appendFileSync(logFile, chunk)
  }
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
}

/** Runs a command to its end in `cwd`; throws with the end of its output when it fails. Answers its stdout. */
async function run(command: string, args: string[], cwd: string, logFile: string, env = shellEnv()): Promise<string> {
  appendFileSync(logFile, `\n$ ${[command, ...args].join(" ")}   (in ${cwd})\n`)
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
  const tail: string[] = []
  let stdout = ""
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  collect(child, logFile, tail)
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", resolve)
  })
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed (${code}):\n${tail.join("").slice(-6000)}`)
  return stdout
}

/**
 * The kit's tarball: scripts/lib/pack-storefront.mjs (the build and `npm pack` of packages/storefront), run as a
 * child process (an ES module, which jest's CommonJS runtime cannot import), which prints the tarball's path.
 */
async function packKit(destination: string, logFile: string): Promise<string> {
  const out = await run(process.execPath, [PACK_SCRIPT, destination], ROOT, logFile, {
    ...process.env,
    NODE_OPTIONS: "",
  })
  const tarball = out.trim().split("\n").pop()!
  if (!tarball.endsWith(".tgz") || !path.isAbsolute(tarball))
    throw new Error(`pack-storefront.mjs named no tarball: ${out}`)
  return tarball
}

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10

export type NextExample = {
  /** The app's folder (outside the repository). */
  dir: string
  /** Seconds per step: the pack, `npm install`, the later installs, `tsc --noEmit`, `next build`. */
  timings: { pack?: number; install?: number; reinstall?: number; tsc?: number; build?: number }
  /** Removes the temp folder (the tarball and the app). */
  remove: () => void
}

/**
 * Throws unless the installed tree has the kit from the tarball (package-lock.json's entry resolved to a `file:`
 * tarball, the package in node_modules) and nothing of the backend (`BACKEND`) anywhere in it, nested or not.
 */
function checkInstalledTree(dir: string, after: string) {
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8"))
  const packages: Record<string, { resolved?: string }> = lock.packages ?? {}
  const resolved = packages[`node_modules/${KIT}`]?.resolved ?? ""
  if (!/^file:.*\.tgz$/.test(resolved) || !existsSync(path.join(dir, "node_modules", KIT, "package.json"))) {
    throw new Error(`after ${after}, ${KIT} is not installed from the tarball (package-lock.json: "${resolved}")`)
  }
  const backend = Object.keys(packages).filter((key) => BACKEND.some((name) => key.endsWith(`node_modules/${name}`)))
  if (backend.length) throw new Error(`after ${after}, the example's tree holds the backend: ${backend.join(", ")}`)
}

/**
 * Packs the kit, copies the example to a temp folder outside the repository, installs its dependencies with the kit
 * from the tarball, installs again as a developer later does (a package added, then a plain `npm install`), checks
 * the tree (`checkInstalledTree`) and type-checks it. Every command's output goes to `logFile`.
 */
export async function installNextExample(logFile: string): Promise<NextExample> {
  const root = mkdtempSync(path.join(os.tmpdir(), "trade-credit-next-example-"))
  if (!path.relative(ROOT, root).startsWith("..")) throw new Error(`the temp folder ${root} is inside ${ROOT}`)
  const example: NextExample = {
    dir: path.join(root, "app"),
    timings: {},
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
  try {
    let started = Date.now()
    const tarball = await packKit(root, logFile)
    example.timings.pack = seconds(started)

    cpSync(EXAMPLE_DIR, example.dir, { recursive: true, filter: (from) => !NOT_COPIED.test(from) })
    const manifestFile = path.join(example.dir, "package.json")
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"))
    if (!manifest.dependencies?.[KIT])
      throw new Error(`examples/next-storefront/package.json does not depend on ${KIT}`)
    manifest.dependencies[KIT] = `file:${tarball}`
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + "\n")

    started = Date.now()
    await run("npm", ["install", "--no-audit", "--no-fund"], example.dir, logFile)
    example.timings.install = seconds(started)
    checkInstalledTree(example.dir, "npm install")

    // A later install resolves the whole tree's peers again, the kit's among them.
    started = Date.now()
    const npmInstall = ["install", "--no-audit", "--no-fund"]
    await run("npm", [...npmInstall, "--prefer-offline", LATER_PACKAGE], example.dir, logFile)
    await run("npm", npmInstall, example.dir, logFile)
    example.timings.reinstall = seconds(started)
    checkInstalledTree(example.dir, `npm install ${LATER_PACKAGE} and npm install`)

    started = Date.now()
    await run("npx", ["tsc", "--noEmit"], example.dir, logFile)
    example.timings.tsc = seconds(started)
    return example
  } catch (error) {
    example.remove()
    throw error
  }
}

/** `next build` of the installed example (type checking on) with `env`: the starter's NEXT_PUBLIC_ variables are
 * written into the build. */
export async function buildNextExample(example: NextExample, env: Record<string, string>, logFile: string) {
  const started = Date.now()
  const buildEnv = shellEnv({ ...env, NODE_ENV: "production" })
  await run(process.execPath, [nextBin(example.dir), "build"], example.dir, logFile, buildEnv)
  example.timings.build = seconds(started)
}

/** The app's own Next.js (node_modules/next/dist/bin/next), never the repository's. */
const nextBin = (dir: string) => path.join(dir, "node_modules/next/dist/bin/next")

/**
 * `next start` of the built app on `127.0.0.1:port`, in a process group of its own (stop it with `stopNext`); its
 * output appended to `logFile` and its last lines to `tail`.
 */
export function startNextExample(
  dir: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
  tail: string[],
): ChildProcess {
  const child = spawn(process.execPath, [nextBin(dir), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: shellEnv({ ...env, NODE_ENV: "production" }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  collect(child, logFile, tail)
  return child
}

/** Stops `next start` and anything it started (its process group), and waits for it to exit. */
export async function stopNext(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  try {
    process.kill(-child.pid, "SIGTERM")
  } catch {}
  await exited
}
