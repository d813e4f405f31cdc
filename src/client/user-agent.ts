import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"

export const PACKAGE_NAME = "medusa-payment-trade-credit"

let cached: string | undefined

/**
 * The plugin's version, read from its own package.json (found by walking up
 * from this file, so it works from `src/` and from the built `.medusa/server`).
 */
export function packageVersion(): string {
  if (cached) return cached
  let dir = __dirname
  for (let depth = 0; depth < 8; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string }
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === "string") return (cached = pkg.version)
    } catch {
      // no package.json here: keep walking up
    }
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  return (cached = "0.0.0")
}

/** `medusa-payment-trade-credit/<version> node/<version>` */
export function defaultUserAgent(): string {
  return `${PACKAGE_NAME}/${packageVersion()} node/${process.versions.node}`
}
