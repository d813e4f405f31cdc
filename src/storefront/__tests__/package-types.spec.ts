import { execFile, execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { createRequire } from "node:module"
import { promisify } from "node:util"

/**
 * The kit as a storefront developer receives it: medusa-payment-trade-credit-storefront packed (packages/storefront,
 * scripts/lib/pack-storefront.mjs), installed into a consumer's node_modules and type-checked by the repository's
 * TypeScript, strict and with the package's declarations checked, under each module resolution a storefront uses:
 * "node" (Medusa's dtc-starter), "node16" and "bundler". The consumer lives inside the repository's
 * node_modules/.cache, so React and its types resolve from the repository as a storefront's own would.
 */
const root = path.resolve(__dirname, "../../..")
const NAME = "medusa-payment-trade-credit-storefront"
const run = promisify(execFile)
// npm's own range reader (a dependency of the repository's tooling; it ships no types of its own).
const semver = createRequire(__filename)("semver") as { satisfies(version: string, range: string): boolean }

/** The folders of the plugin's server (docs/architecture.md, "Layers") and its admin: none may ship in the kit. */
const SERVER_FOLDERS = [
  "admin",
  "api",
  "client",
  "config",
  "jobs",
  "links",
  "medusa",
  "modules",
  "providers",
  "subscribers",
  "use-cases",
  "workflows",
  "service/schemas",
]

const CONSUMER = `import {
  CART_COOKIE,
  isTradeCredit,
  KIT_TEXTS,
  kitText,
  placeTradeCreditOrder,
  TRADE_CREDIT_PROVIDER_IDS,
  type ClientSdk,
  type FundingState,
  type KitTextKey,
  type PaymentSdk,
  type StoreSdk,
} from "${NAME}"
import { FundingStatus, TradeCreditFields, TradeCreditPaymentButton, type TradeCreditFieldsProps } from "${NAME}/react"

export const cookie: string = CART_COOKIE
export const invoice: boolean = isTradeCredit(TRADE_CREDIT_PROVIDER_IDS.invoice)
export const text: string = kitText(Object.keys(KIT_TEXTS)[0] as KitTextKey, { language: "nb" })
export const place: typeof placeTradeCreditOrder = placeTradeCreditOrder
export const states: FundingState[] = ["pending", "accepted", "rejected"]
export type Sdks = [ClientSdk, PaymentSdk, StoreSdk]
export type FieldsProps = TradeCreditFieldsProps
export const components = [FundingStatus, TradeCreditFields, TradeCreditPaymentButton]
`

const CONSUMER_REACT = `"use client"
import { TRADE_CREDIT_FIELDS_CSS } from "${NAME}/react"
import { KIT_TEXTS } from "${NAME}"

export function TradeCreditStyles() {
  return <style data-texts={Object.keys(KIT_TEXTS).length}>{TRADE_CREDIT_FIELDS_CSS}</style>
}
`

const SDK_CONSUMER = `import Medusa from "@medusajs/js-sdk"
import type { ClientSdk, PaymentSdk, StoreSdk } from "${NAME}"

const sdk = new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_test" })
export const slices: [ClientSdk, PaymentSdk, StoreSdk] = [sdk, sdk, sdk]
`

const RESOLUTIONS = [
  { moduleResolution: "node", module: "commonjs" },
  { moduleResolution: "node16", module: "node16" },
  { moduleResolution: "bundler", module: "esnext" },
]

describe("the packed storefront kit (medusa-payment-trade-credit-storefront)", () => {
  let packDir: string
  let consumer: string
  let tarball: string
  let packed: string[]
  let manifest: {
    version: string
    dependencies?: Record<string, string>
    peerDependencies: Record<string, string>
  }

  beforeAll(() => {
    packDir = mkdtempSync(path.join(tmpdir(), "trade-credit-storefront-pack-"))
    const cache = path.join(root, "node_modules", ".cache")
    mkdirSync(cache, { recursive: true })
    consumer = mkdtempSync(path.join(cache, "trade-credit-storefront-consumer-"))
    // Jest's CommonJS runtime cannot import the ES module: the script packs it in a child process.
    const script = path.join(root, "scripts", "lib", "pack-storefront.mjs")
    tarball = execFileSync(process.execPath, [script, packDir], { encoding: "utf8", timeout: 240_000 }).trim()
    packed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((entry) => entry.replace(/^package\//, ""))
    const installed = path.join(consumer, "node_modules", NAME)
    mkdirSync(installed, { recursive: true })
    execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"])
    manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"))
    writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true }))
    writeFileSync(path.join(consumer, "consumer.ts"), CONSUMER)
    writeFileSync(path.join(consumer, "consumer-react.tsx"), CONSUMER_REACT)
  }, 300_000)

  afterAll(() => {
    for (const dir of [packDir, consumer]) if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it("ships only its build, README.md and package.json: nothing of the server or the admin", () => {
    expect(packed.filter((file) => !/^(dist\/.+|README\.md|package\.json)$/.test(file))).toEqual([])
    expect(packed.filter((file) => SERVER_FOLDERS.some((folder) => file.startsWith(`dist/${folder}/`)))).toEqual([])
    expect(packed).toEqual(expect.arrayContaining(["dist/storefront/index.js", "dist/storefront/react/index.d.ts"]))
    const rootVersion = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version
    expect(manifest.version).toBe(rootVersion)
  })

  it("requires at run time only its own files and the packages it declares", () => {
    const installed = path.join(consumer, "node_modules", NAME)
    const declared = new Set([...Object.keys(manifest.peerDependencies), ...Object.keys(manifest.dependencies ?? {})])
    const undeclared: string[] = []
    for (const file of packed.filter((f) => f.endsWith(".js"))) {
      for (const [, target] of readFileSync(path.join(installed, file), "utf8").matchAll(/require\("([^"]+)"\)/g)) {
        if (target.startsWith(".")) {
          const resolved = path.join(installed, path.dirname(file), target)
          if (!existsSync(`${resolved}.js`) && !existsSync(path.join(resolved, "index.js"))) {
            undeclared.push(`${file} → ${target}`)
          }
        } else if (!declared.has(target.startsWith("@") ? target.split("/", 2).join("/") : target.split("/")[0])) {
          undeclared.push(`${file} → ${target}`)
        }
      }
    }
    expect(undeclared).toEqual([])
  })

  it('keeps "use client" in the directive prologue of each React module', () => {
    const installed = path.join(consumer, "node_modules", NAME)
    const reactSources = readdirSync(path.join(root, "src", "storefront", "react")).filter((f) => /\.tsx?$/.test(f))
    const clientModules = reactSources.filter((f) =>
      readFileSync(path.join(root, "src", "storefront", "react", f), "utf8").startsWith('"use client"'),
    )
    expect(clientModules).toEqual(expect.arrayContaining(["index.ts", "trade-credit-fields.tsx"]))
    const withoutDirective = clientModules.filter((f) => {
      const built = readFileSync(path.join(installed, "dist/storefront/react", f.replace(/\.tsx?$/, ".js")), "utf8")
      const lines = built.split("\n")
      const prologue = lines.slice(
        0,
        lines.findIndex((line) => !/^(["'])[^"']*\1;?$/.test(line.trim())),
      )
      return !prologue.some((line) => /^["']use client["'];?$/.test(line.trim()))
    })
    expect(withoutDirective).toEqual([])
  })

  it("accepts the storefront's React and @medusajs/js-sdk: the dtc-starter's and the plugin's", () => {
    const peers = manifest.peerDependencies
    for (const version of ["2.18.0", "2.21.2"]) expect(semver.satisfies(version, peers["@medusajs/js-sdk"])).toBe(true)
    for (const version of ["18.3.1", "19.0.0"]) expect(semver.satisfies(version, peers.react)).toBe(true)
  })

  it("loads both entries through its exports in Node", async () => {
    const load = `const kit = require("${NAME}"); const react = require("${NAME}/react");
      console.log(typeof kit.placeTradeCreditOrder, typeof react.TradeCreditFields)`
    const { stdout } = await run(process.execPath, ["-e", load], { cwd: consumer })
    expect(stdout.trim()).toBe("function function")
  })

  it.each(RESOLUTIONS)(
    'type-checks a consumer of both entries with "moduleResolution": "$moduleResolution"',
    async ({ moduleResolution, module }) => {
      const result = await typeCheck(consumer, ["consumer.ts", "consumer-react.tsx"], {
        moduleResolution,
        module,
        skipLibCheck: false,
      })
      expect(result).toEqual({ code: 0, output: "" })
    },
    120_000,
  )

  it("takes the storefront's @medusajs/js-sdk for each slice of the SDK it asks for", async () => {
    writeFileSync(path.join(consumer, "sdk.ts"), SDK_CONSUMER)
    // The SDK's own declarations do not check clean under "node" (they name @medusajs/deps subpaths through
    // exports only), so this one skips the libraries' checks, as the dtc-starter's tsconfig does.
    const result = await typeCheck(consumer, ["sdk.ts"], {
      moduleResolution: "node",
      module: "commonjs",
      skipLibCheck: true,
    })
    expect(result).toEqual({ code: 0, output: "" })
  }, 120_000)
})

/** The repository's TypeScript on `files` in `cwd`, strict, as a storefront would run it; its exit code and output. */
async function typeCheck(
  cwd: string,
  files: string[],
  options: { moduleResolution: string; module: string; skipLibCheck: boolean },
): Promise<{ code: number; output: string }> {
  const args = [
    path.join(root, "node_modules", "typescript", "bin", "tsc"),
    "--noEmit",
    "--skipLibCheck",
    String(options.skipLibCheck),
    "--strict",
    "--isolatedModules",
    "--esModuleInterop",
    "--target",
    "ES2021",
    "--lib",
    "ES2021,DOM,DOM.Iterable",
    "--jsx",
    "react-jsx",
    "--types",
    "react",
    "--module",
    options.module,
    "--moduleResolution",
    options.moduleResolution,
    ...files,
  ]
  const result = await run(process.execPath, args, { cwd }).then(
    () => ({ code: 0, output: "" }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
    }),
  )
  if (result.code !== 0) console.error(`tsc (${options.moduleResolution}) failed in ${cwd}:\n${result.output}`)
  return result
}
