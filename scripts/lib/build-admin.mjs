#!/usr/bin/env node
// `node scripts/lib/build-admin.mjs <outDir>`: bundles Medusa's admin dashboard with this repository's
// extensions (src/admin: the order widget, Settings → Trade credit) into <outDir>, the folder a Medusa
// server serves as /app from `<its root>/public/admin`. Used by scripts/lib/admin-server.js (browser tests).
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const outDir = process.argv[2]
if (!outDir) {
  console.error("usage: build-admin.mjs <outDir>")
  process.exit(2)
}
const { build } = await import(join(root, "node_modules/@medusajs/admin-bundler/dist/index.js"))
const started = Date.now()
await build({ path: "/app", backendUrl: "/", sources: [join(root, "src/admin")], plugins: [], outDir })
console.log(`admin built into ${outDir} in ${Math.round((Date.now() - started) / 1000)} s`)
