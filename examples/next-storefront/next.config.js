// The example storefront's Next.js configuration. As in the dtc-starter (reactStrictMode, no type check or lint in
// the build: `npm run typecheck` at the repository root checks this app with tsconfig.json here), plus one thing of
// this repository: the plugin's storefront kit is imported by its package name, `medusa-payment-trade-credit/storefront`
// and `…/storefront/react`, exactly as a storefront that installs the package imports it, but read from this
// repository's sources (../../src/storefront), as storefront/vite.config.mjs does for the Vite demo. A storefront that
// installs the package needs none of this: the package's exports name the built kit.
const path = require("node:path")

const kit = (file) => path.resolve(__dirname, "../../src/storefront", file)
const KIT = {
  "medusa-payment-trade-credit/storefront/react": kit("react/index.ts"),
  "medusa-payment-trade-credit/storefront": kit("index.ts"),
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
  images: { unoptimized: true },
  // The kit's sources are outside this app's folder: compile them like the app's own.
  experimental: { externalDir: true },
  webpack: (config) => {
    // Exact names only (`$`): `…/storefront` must not swallow `…/storefront/react`.
    for (const [name, file] of Object.entries(KIT)) config.resolve.alias[`${name}$`] = file
    return config
  },
  // `next dev --turbopack`, as the dtc-starter's dev script runs.
  turbopack: { resolveAlias: KIT },
}

module.exports = nextConfig
