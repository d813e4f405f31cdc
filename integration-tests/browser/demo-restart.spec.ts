import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { launchBrowser, newBuyer, screenshotDir } from "../helpers/browser"
import { freePort } from "../helpers/ports"
import { waitUntil } from "../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { simulatorControl } = require("../../scripts/lib/simulator-control.js")

// The demo as a user runs it (`npm run demo`: node scripts/demo.mjs), stopped with Ctrl-C in the middle of a checkout and
// started again: the buyer, left on the service's verification page while the demo was down, approves there and comes
// back to the storefront, where the order is confirmed, once. The demo runs as a child process on free ports, with its
// own folder (TRADE_CREDIT_DEMO_HOME, a fresh temp folder) and so its own embedded PostgreSQL in it, as a user's does:
// the test file's database (scripts/test.mjs's) is not given to it. The admin UI is left out (MEDUSA_ADMIN_DISABLE):
// its first bundling is a minute of two cores, and `npm run demo -- --check` is the admin's check.

const ROOT = path.resolve(__dirname, "../..")
const DEMO_SCRIPT = path.join(ROOT, "scripts/demo.mjs")
const DEMO_HOME_MODULE = path.join(ROOT, "scripts/lib/demo-home.mjs")
const ADMIN = { email: "admin@example.com", password: "supersecret" } // the demo's, as it prints them
/** A fresh demo (its Medusa migrated, the store seeded) on two loaded cores: about a minute, allowed several. */
const START_TIMEOUT_MS = 6 * 60_000

jest.setTimeout(15 * 60_000)

/**
 * The screenshots and the demo's output, kept in memory and written to screenshots/demo-restart at the end: `medusa
 * develop` restarts its server on any change in the checkout (its watcher ignores only node_modules, dist, .medusa and
 * the like), and a file written there while the demo runs would take its Medusa away mid-step.
 */
const shots = screenshotDir("demo-restart")
const pendingShots: [string, Buffer][] = []
const shot = async (page: Page, name: string) => {
  pendingShots.push([`${name}.png`, await page.screenshot({ fullPage: true })])
}
let demoOutput = ""


/** Whether a process with that id is running (another user's included). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * Every process below `pid`: the demo starts the simulator and Medusa in process groups of their own (`medusa
 * develop` starts the server as a grandchild), out of the reach of a signal to the demo's group, and they outlive a
 * killed demo. Read while the demo runs, to stop them whatever happens.
 */
function descendants(pid: number): number[] {
  const table = execFileSync("ps", ["-Ao", "pid=,ppid="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([child, parent]) => child && parent)
  const found: number[] = []
  const visit = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent && !found.includes(child)) {
        found.push(child)
        visit(child)
      }
    }
  }
  visit(pid)
  return found
}

type Demo = { child: ChildProcess; output: string; exit?: number | string; exited: Promise<void>; family: Set<number> }
type DemoUrls = { medusa: string; simulator: string; storefront: string; publishableKey: string }

/**
 * The demo's environment: a user's shell, not the test runner's. Left out: the test file's PostgreSQL (DATABASE_URL,
 * DB_*), so that the demo runs its own in its folder; the runner's and npm's variables; the plugin's settings of the
 * other tests (TRADE_CREDIT_*), CORS and Redis.
 */
function demoEnv(home: string, ports: { medusa: number; simulator: number; storefront: number }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  const dropped = /^(npm_|DB_|JEST_|TRADE_CREDIT_|MEDUSA_)|^(DATABASE_URL|NODE_ENV|NODE_OPTIONS|INIT_CWD|TEST_TYPE|REDIS_URL|STORE_CORS|ADMIN_CORS|AUTH_CORS|PORT|FORCE_COLOR)$/
  for (const [name, value] of Object.entries(process.env)) if (!dropped.test(name)) env[name] = value
  return {
    ...env,
    TRADE_CREDIT_DEMO_HOME: home,
    PORT: String(ports.medusa),
    SIMULATOR_PORT: String(ports.simulator),
    STOREFRONT_PORT: String(ports.storefront),
    MEDUSA_ADMIN_DISABLE: "true",
  }
}

/** `node scripts/demo.mjs`, leading a process group of its own (as a terminal's foreground job), its output kept. */
function startDemo(env: NodeJS.ProcessEnv, label: string): Demo {
  demoOutput += `\n===== ${label} (${new Date().toISOString()}) =====\n`
  const child = spawn(process.execPath, [DEMO_SCRIPT], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  const demo: Demo = { child, output: "", family: new Set(), exited: Promise.resolve() }
  const keep = (chunk: Buffer) => {
    demo.output += chunk.toString()
    demoOutput += chunk.toString()
  }
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  demo.exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      demo.exit = signal ?? code ?? "unknown"
      resolve()
    })
  })
  return demo
}

/** The URLs the demo prints once it is up ("Trade credit demo is running", then a line per URL); fails if it exits. */
async function demoUp(demo: Demo): Promise<DemoUrls> {
  const url = (name: string) => demo.output.match(new RegExp(`^\\s*${name}:\\s+(http://\\S+)`, "m"))?.[1]
  const up = waitUntil(
    "the demo's ready line and URLs",
    () => {
      if (!/Trade credit demo is running/.test(demo.output)) return undefined
      const [health, simulator, storefront] = [url("Health"), url("Simulator"), url("Storefront")]
      const publishableKey = demo.output.match(/x-publishable-api-key: (pk_\w+)/)?.[1]
      return health && simulator && storefront && publishableKey
        ? { medusa: new URL(health).origin, simulator, storefront, publishableKey }
        : undefined
    },
    { timeoutMs: START_TIMEOUT_MS, intervalMs: 250 }
  )
  const exited = demo.exited.then(() => {
    throw new Error(`the demo exited (${demo.exit}) before it was up:\n${demo.output}`)
  })
  const urls = await Promise.race([up, exited])
  for (const pid of descendants(demo.child.pid!)) demo.family.add(pid)
  return urls
}

/**
 * Ctrl-C: SIGINT to the demo's process group, as a terminal sends it. Waits for the demo to exit and for every process
 * it had started (simulator, Medusa, PostgreSQL) to be gone. With `force` (the clean-up), whatever is left after that
 * is killed.
 */
async function stopDemo(demo: Demo, { force = false } = {}) {
  const pid = demo.child.pid!
  if (demo.exit === undefined) for (const child of descendants(pid)) demo.family.add(child)
  const gone = async () => {
    if (demo.exit === undefined) {
      try {
        process.kill(-pid, "SIGINT")
      } catch {
        // already gone
      }
      await waitUntil("the demo to exit after Ctrl-C", () => demo.exit !== undefined, { timeoutMs: 60_000, intervalMs: 200 })
    }
    await waitUntil(
      "the demo's processes (simulator, Medusa, PostgreSQL) to be gone",
      () => [...demo.family].every((child) => !alive(child)),
      { timeoutMs: 60_000, intervalMs: 200 }
    )
  }
  if (!force) return await gone()
  await gone().catch((error) => console.error(`demo-restart clean-up: ${(error as Error).message}; killing what is left`))
  for (const target of [-pid, pid, ...[...demo.family].flatMap((child) => [-child, child])]) {
    try {
      process.kill(target, "SIGKILL")
    } catch {
      // not there
    }
  }
}

/** The admin API of the demo's Medusa, logged in with the credentials the demo prints. */
async function demoAdmin(medusa: string) {
  const login = await fetch(`${medusa}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  if (!login.ok) throw new Error(`the demo's admin login answered ${login.status}: ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  return async (pathAndQuery: string) => {
    const res = await fetch(`${medusa}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } })
    if (!res.ok) throw new Error(`GET ${pathAndQuery} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as any
  }
}

describe("the demo, restarted in the middle of a checkout", () => {
  let home: string
  let env: NodeJS.ProcessEnv
  const demos: Demo[] = []
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), "trade-credit-demo-restart-"))
    env = demoEnv(home, { medusa: await freePort(), simulator: await freePort(), storefront: await freePort() })
  })

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await browser?.close().catch(() => undefined)
    for (const demo of demos) await stopDemo(demo, { force: true })
    for (const [name, image] of pendingShots) writeFileSync(path.join(shots, name), image)
    writeFileSync(path.join(shots, "demo-output.log"), demoOutput)
    // The demo's own log (migrations, Medusa, the simulator), for a failure's reasons.
    if (home && existsSync(path.join(home, "demo.log"))) copyFileSync(path.join(home, "demo.log"), path.join(shots, "demo.log"))
    if (home) rmSync(home, { recursive: true, force: true })
  }, 180_000)

  it("removes an older version's fixed folders in the temp folder only when they are clearly its own and unused", () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "trade-credit-old-demo-"))
    try {
      const make = (folder: string, files: string[]) => {
        for (const file of files) {
          mkdirSync(path.dirname(path.join(tmp, folder, file)), { recursive: true })
          writeFileSync(path.join(tmp, folder, file), "")
        }
      }
      const run = (demoRunning: boolean): string =>
        execFileSync(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `import { removeOldDemoFolders } from ${JSON.stringify(DEMO_HOME_MODULE)}
             console.log(removeOldDemoFolders(${JSON.stringify(tmp)}, { demoRunning: () => ${demoRunning} }) ?? "nothing")`,
          ],
          { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } }
        ).trim()
      const there = (folder: string) => existsSync(path.join(tmp, folder))
      make("medusa-trade-credit-demo-postgres", ["PG_VERSION", "base/1/112"])
      make("medusa-trade-credit-demo-storefront", ["index.html", "assets/index-abc.js"])
      // Not the old folders: another name, and the old name holding something else than a built storefront.
      make("medusa-trade-credit-demo-postgres-2", ["PG_VERSION"])

      // Another demo running: nothing goes.
      expect(run(true)).toBe("nothing")
      expect(there("medusa-trade-credit-demo-postgres") && there("medusa-trade-credit-demo-storefront")).toBe(true)

      // A server running on the old data folder (this process's id in its postmaster.pid): the storefront goes, not it.
      writeFileSync(path.join(tmp, "medusa-trade-credit-demo-postgres", "postmaster.pid"), `${process.pid}\n`)
      expect(run(false)).toBe(`Removed the files an older version of the demo left in ${tmp}: medusa-trade-credit-demo-storefront`)
      expect(there("medusa-trade-credit-demo-postgres")).toBe(true)

      // Its server gone (a stale pid file), and a folder at the storefront's old name holding a user's own file.
      writeFileSync(path.join(tmp, "medusa-trade-credit-demo-postgres", "postmaster.pid"), "2147483646\n")
      make("medusa-trade-credit-demo-storefront", ["index.html", "notes.txt"])
      expect(run(false)).toBe(`Removed the files an older version of the demo left in ${tmp}: medusa-trade-credit-demo-postgres`)
      expect(there("medusa-trade-credit-demo-postgres")).toBe(false)
      expect(there("medusa-trade-credit-demo-storefront")).toBe(true)
      expect(there("medusa-trade-credit-demo-postgres-2")).toBe(true)
      expect(run(false)).toBe("nothing")
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  it("a buyer on the service's verification page while the demo restarts approves there, and the order is confirmed once", async () => {
    const timings: string[] = []
    const t0 = Date.now()
    const first = startDemo(env, "first start")
    demos.push(first)
    const urls = await demoUp(first)
    timings.push(`first start ${Math.round((Date.now() - t0) / 1000)} s`)
    expect(first.output).toMatch(/A fresh demo/)
    expect(first.output).toContain(`Demo files: ${home}`)

    browser = await launchBrowser()
    const { page, errors } = await newBuyer(browser, contexts, { locale: "en-GB" })
    const completions: number[] = []
    page.on("response", (response) => {
      if (response.request().method() === "POST" && /\/store\/carts\/[^/]+\/complete$/.test(new URL(response.url()).pathname))
        completions.push(response.status())
    })

    // Shop → checkout → contact and delivery details (the storefront's defaults) → company → trade credit invoice.
    await page.goto(urls.storefront)
    await page.locator("form.product").first().waitFor({ timeout: 60_000 })
    await shot(page, "01-shop")
    await page.locator("form.product button[type=submit]").first().click()
    await page.waitForURL(`${urls.storefront}/checkout`, { timeout: 60_000 })
    await page.locator("#details-continue").click()
    await page.locator("#step-details .done").waitFor({ timeout: 60_000 })
    await page.locator("#company-search").pressSequentially("acme", { delay: 60 })
    await page.locator("#company-results li").first().waitFor({ timeout: 60_000 })
    await page.locator("#company-results li").first().click()
    await page.locator("#company-chosen").waitFor({ timeout: 60_000 })
    const invoice = page.locator("#method-invoice")
    await invoice.waitFor({ timeout: 60_000 })
    await waitUntil("the invoice method offered (the credit check answered)", () => invoice.isEnabled(), { timeoutMs: 60_000 })
    await invoice.check()
    await page.locator("#po-number").fill("PO-RESTART-1")
    await shot(page, "02-payment-invoice")
    const cartId = await page.evaluate(() => localStorage.getItem("trade-credit-demo:cart-id"))
    expect(cartId).toMatch(/^cart_/)

    await page.locator("#place-order").click()
    await page.waitForURL((url) => url.href.startsWith(`${urls.simulator}/verify/`), { timeout: 60_000 })
    const verifyUrl = page.url()
    await page.locator("[data-testid=approve]").waitFor({ timeout: 60_000 })
    await shot(page, "03-verification-page")
    expect(completions).toEqual([]) // nothing completed before the verification

    // Ctrl-C while the buyer reads the service's page, and the demo started again with the same folder and ports.
    let t = Date.now()
    await stopDemo(first)
    timings.push(`stop ${Math.round((Date.now() - t) / 1000)} s`)
    expect(first.exit).toBe(0)
    t = Date.now()
    const second = startDemo(env, "restart")
    demos.push(second)
    const again = await demoUp(second)
    timings.push(`restart ${Math.round((Date.now() - t) / 1000)} s`)
    expect(again).toEqual(urls) // the same origins, and the same publishable key printed
    expect(second.output).toMatch(/Resuming the demo of .*: 1 order with the service/)
    expect(second.output).not.toMatch(/Store seeded/)

    // The service's page, from the same URL, after the restart: still the purchase to approve.
    await page.reload()
    expect(page.url()).toBe(verifyUrl)
    const approve = page.locator("[data-testid=approve]")
    await approve.waitFor({ timeout: 60_000 })
    await shot(page, "04-verification-page-after-restart")
    await approve.click()

    // Back on the storefront: the return page completes the cart, and the order is confirmed.
    await page.waitForURL((url) => url.href.startsWith(`${urls.storefront}/order/confirmed?id=order_`), { timeout: 120_000 })
    await page.locator("#order-confirmation").waitFor({ timeout: 60_000 })
    await shot(page, "05-confirmation")
    const orderId = new URL(page.url()).searchParams.get("id")!
    expect(completions).toEqual([200])

    // Exactly one order, of this cart, at Medusa; the number on screen is its number.
    const admin = await demoAdmin(urls.medusa)
    const { orders } = await admin("/admin/orders?fields=id,display_id,cart.id,*payment_collections.payments&limit=50")
    expect(orders.map((o: any) => o.id)).toEqual([orderId])
    expect(orders[0].cart?.id).toBe(cartId)
    expect(await page.locator("#order-number").textContent()).toBe(`#${orders[0].display_id}`)
    // The service has the order confirmed, once.
    const payment = orders[0].payment_collections[0].payments[0]
    expect(payment.provider_id).toBe("pp_trade-credit_default")
    const control = simulatorControl(urls.simulator)
    const { order: atService } = await control("GET", `/_sim/orders/${payment.data.order_id}`)
    expect(atService.state).toBe("CONFIRMED")

    // What the buyer reads: no raw error text, no internal ids.
    const text = await page.locator("body").innerText()
    expect(text).not.toMatch(/\b(payses|cart|order|pay|paycol|cus)_[0-9A-Za-z]{6,}/)
    expect(text).not.toMatch(/\b(Error|TypeError|undefined|null|NaN)\b|\[object Object\]|ECONNREFUSED/)
    expect(errors).toEqual([])
    console.log(`demo-restart timings: ${timings.join(", ")}`)
  })
})
