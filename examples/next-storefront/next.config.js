// The dtc-starter's next.config.js, less what this example does not use (its environment check, Medusa Cloud's image
// hosts): React's strict mode, ESLint left out of the build (the example installs no ESLint), images unoptimized.
// TypeScript errors fail the build: the starter's `ignoreBuildErrors` is not here, and the kit needs nothing else
// (it is an installed package, medusa-payment-trade-credit-storefront, resolved from node_modules like any other).

/**
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  reactStrictMode: true,
  eslint: {
    ignoreDuringBuilds: true,
  },
  images: {
    unoptimized: true,
  },
}

module.exports = nextConfig
