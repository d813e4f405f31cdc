import { mkdirSync } from "node:fs"
import path from "node:path"
import { chromium, type Browser } from "playwright-core"

/** Debian's Chromium (installed by .ci/run when missing); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

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
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  })
}
