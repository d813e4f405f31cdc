import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync } from "node:fs"
import path from "node:path"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"

/** A system Chromium: CHROMIUM_PATH, else Debian's when installed; `undefined` when neither is there. */
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)

/**
 * The Chromium binary the browser tests drive: the system one when there is one, else the one npm brought
 * (`@sparticuz/chromium` ships a headless Chromium inside the package and unpacks it to the temp folder once).
 */
export function chromiumExecutable(): string {
  if (SYSTEM_CHROMIUM) {
    if (!existsSync(SYSTEM_CHROMIUM)) throw new Error(`CHROMIUM_PATH names ${SYSTEM_CHROMIUM}, which does not exist`)
    return SYSTEM_CHROMIUM
  }
  // The package is an ES module, which jest's CommonJS runtime cannot import: a child process unpacks it.
  const script = path.resolve(__dirname, "../../scripts/lib/packaged-chromium.mjs")
  return execFileSync(process.execPath, [script], { encoding: "utf8", timeout: 120_000 }).trim()
}

/** Screenshots of browser tests land here (README: "Screenshots"), one folder per spec. */
export const SCREENSHOT_ROOT = path.resolve(__dirname, "../../screenshots")

export function screenshotDir(spec: string): string {
  const dir = path.join(SCREENSHOT_ROOT, spec)
  mkdirSync(dir, { recursive: true })
  return dir
}

/** A headless Chromium; `--no-sandbox` because CI runs as root. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  })
}

/**
 * A fresh buyer: a browser context of their own (cookies and storage; the browser's languages from `locale`), kept in
 * `contexts` for the suite's clean-up, its page, and the page's uncaught errors collected (console errors printed).
 */
export async function newBuyer(
  browser: Browser,
  contexts: BrowserContext[],
  { locale, height = 900 }: { locale?: string; height?: number } = {}
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1200, height }, locale })
  contexts.push(context)
  // Every wait of a step (a click, a navigation) gets a minute: CI runs two test files beside the unit suite on two
  // cores, where Playwright's default of 30 s has been too short for a page served by a loaded Medusa.
  context.setDefaultTimeout(60_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on("pageerror", (error) => errors.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error") console.error(`[browser] ${message.text()}`)
  })
  return { context, page, errors }
}
