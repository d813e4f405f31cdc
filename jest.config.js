const { loadEnv } = require("@medusajs/utils")
loadEnv("test", process.cwd())

const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true, tsx: true },
        transform: { react: { runtime: "automatic" } },
      },
    },
  ],
}

/**
 * TEST_TYPE selects a suite: "unit" (src/**\/__tests__, fast, no database),
 * "integration:http" (integration-tests/http, Medusa on PostgreSQL),
 * "browser" (integration-tests/browser, real Chromium). scripts/test.js runs them all.
 */
const suites = {
  unit: [
    "<rootDir>/src/**/__tests__/**/*.spec.[jt]s?(x)",
    "<rootDir>/packages/*/src/**/__tests__/**/*.spec.[jt]s?(x)",
    "<rootDir>/conformance/__tests__/**/*.spec.[jt]s?(x)",
  ],
  "integration:http": ["**/integration-tests/http/**/*.spec.[jt]s"],
  browser: ["**/integration-tests/browser/**/*.spec.[jt]s"],
}

const type = process.env.TEST_TYPE || "unit"
if (!suites[type]) {
  throw new Error(`Unknown TEST_TYPE "${type}": use one of ${Object.keys(suites).join(", ")}`)
}

module.exports = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  // The simulator is a workspace package (packages/simulator): tests run its TypeScript sources, no build needed.
  moduleNameMapper: { "^trade-credit-simulator$": "<rootDir>/packages/simulator/src/index.ts" },
  testMatch: suites[type],
  setupFiles: ["./integration-tests/setup.js"],
  testTimeout: type === "unit" ? 30_000 : 240_000,
}
