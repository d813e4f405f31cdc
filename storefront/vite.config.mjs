// The demo storefront's build: JSX through esbuild (React's automatic runtime; React comes with Medusa's admin), and
// the plugin's storefront kit imported by its package name, as a storefront that installs the package imports it, but
// read from this repository's sources (no build of the plugin needed).
import { fileURLToPath } from "node:url"

const source = (path) => fileURLToPath(new URL(path, import.meta.url))

export default {
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: [
      { find: /^medusa-payment-trade-credit\/storefront\/react$/, replacement: source("../src/storefront/react/index.ts") },
      { find: /^medusa-payment-trade-credit\/storefront$/, replacement: source("../src/storefront/index.ts") },
    ],
  },
  plugins: [
    {
      // The kit's components say "use client" for Next.js; a plain bundle has no use for it (Rollup warns about it).
      name: "drop-use-client",
      transform(code, id) {
        if (/[\\/]src[\\/]storefront[\\/]react[\\/]/.test(id) && /^"use client";?/.test(code)) return { code: code.replace(/^"use client";?/, ""), map: null }
      },
    },
  ],
}
