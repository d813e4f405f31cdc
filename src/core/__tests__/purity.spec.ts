import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

/**
 * The domain core is pure (issue #19): it maps Medusa data to the service's bodies and the service's answers to
 * Medusa state with no Medusa container, no HTTP and no database. So its code imports only the core itself, the
 * service's contract (src/service: schemas, amount rules, the instalment split), a few pure helpers of src/utils,
 * and libraries without I/O. A type-only import is erased and may name anything.
 */
const CORE = path.join(__dirname, "..")
const SRC = path.join(CORE, "..")
const ALLOWED_INSIDE_SRC = [/^core\//, /^service\//, /^utils\/(quote|frozen-json|url|buyer-texts|assert-never)\.ts$/]
const ALLOWED_PACKAGES = [
  "bignumber.js",
  "libphonenumber-js",
  "@medusajs/framework/utils",
  "@medusajs/framework/zod",
  "node:crypto",
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === "__tests__" ? [] : sourceFiles(full)
    return /\.ts$/.test(name) ? [full] : []
  })
}

/** The value imports of a file (`import type` and `export type` left out), as written. */
function valueImports(source: string): string[] {
  const specs: string[] = []
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+"([^"]+)"/gms)) {
    if (!m[2]) specs.push(m[4])
  }
  for (const m of source.matchAll(/^\s*import\s+"([^"]+)"/gm)) specs.push(m[1])
  for (const m of source.matchAll(/\b(?:require|import)\(\s*"([^"]+)"\s*\)/g)) specs.push(m[1])
  return specs
}

function resolved(file: string, spec: string): string {
  if (!spec.startsWith(".")) return spec
  const target = path
    .relative(SRC, path.resolve(path.dirname(file), spec))
    .split(path.sep)
    .join("/")
  return target.endsWith(".ts")
    ? target
    : /\/(order|plan|money)$|^core$/.test(target)
      ? `${target}/index.ts`
      : `${target}.ts`
}

describe("the domain core", () => {
  const files = sourceFiles(CORE)

  it("finds the core's sources", () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it("sees every form of import, and leaves type-only ones out", () => {
    const source = [
      'import { a } from "../../client"',
      'import type { B } from "../../modules/trade-credit"',
      'export { c } from "./lines"',
      'import {\n  d,\n  e,\n} from "@medusajs/framework"',
      'const f = require("node:http")',
    ].join("\n")
    expect(valueImports(source)).toEqual(["../../client", "./lines", "@medusajs/framework", "node:http"])
  })

  it("imports no container, HTTP, database, client, module, provider or workflow code", () => {
    const offences = files.flatMap((file) =>
      valueImports(readFileSync(file, "utf8"))
        .map((spec) => ({ spec, target: resolved(file, spec) }))
        .filter(({ spec, target }) =>
          spec.startsWith(".") ? !ALLOWED_INSIDE_SRC.some((ok) => ok.test(target)) : !ALLOWED_PACKAGES.includes(spec),
        )
        .map(({ spec }) => `${path.relative(SRC, file)} imports ${spec}`),
    )
    expect(offences).toEqual([])
  })
})
