import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { PAYLOAD_ERROR_CODES } from "../../../core/order/errors"
import { ERROR_CODES, isErrorCode } from "../codes"

const ROOT = path.resolve(__dirname, "../../../..")
const SRC = path.join(ROOT, "src")
const API = path.join(SRC, "api")
const CATALOGUE = path.join(API, "errors", "codes.ts")

/** The TypeScript sources under `dir`, tests left out (they may name codes that must not exist). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" || entry.name === "node_modules" ? [] : sources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every string literal of the form "TRADE_CREDIT_..." (quotes of any kind) in `file`. */
const codeLiterals = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/["'`](TRADE_CREDIT_[A-Z0-9_]+)["'`]/g)].map((m) => m[1])

/** The codes of README's error table (the section "## Errors"), with their status and type. */
function readmeTable(): Map<string, { status: number; type: string }> {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8")
  const section = readme.slice(
    readme.indexOf("\n## Errors\n"),
    readme.indexOf("\n## ", readme.indexOf("\n## Errors\n") + 1),
  )
  const rows = new Map<string, { status: number; type: string }>()
  for (const line of section.split("\n")) {
    const cells = line.match(/^\| `([A-Z0-9_]+)` \| (\d{3}) \| `([a-z_]+)` \|/)
    if (!cells) continue
    expect(rows.has(cells[1])).toBe(false)
    rows.set(cells[1], { status: Number(cells[2]), type: cells[3] })
  }
  return rows
}

describe("the error code catalogue", () => {
  it("holds every TRADE_CREDIT_ code literal of the sources, and every payload error code", () => {
    const found = new Set(sources(SRC).flatMap(codeLiterals))
    expect(found.size).toBeGreaterThan(20)
    expect([...found].filter((code) => !isErrorCode(code))).toEqual([])
    expect(PAYLOAD_ERROR_CODES.filter((code) => !isErrorCode(code))).toEqual([])
  })

  it("is the only place under src/api that spells a code as a string: route code uses `Codes`", () => {
    const codes = Object.keys(ERROR_CODES)
    const spelled = sources(API)
      .filter((file) => file !== CATALOGUE)
      .flatMap((file) => {
        const text = readFileSync(file, "utf8")
        return codes
          .filter((code) => new RegExp(`["'\`]${code}["'\`]`).test(text))
          .map((code) => `${path.relative(API, file)}: ${code}`)
      })
    expect(spelled).toEqual([])
  })

  it("gives every code a status and type that agree", () => {
    const typeOfStatus: Record<number, string[]> = {
      400: ["invalid_data", "not_allowed"],
      401: ["unauthorized"],
      403: ["forbidden"],
      404: ["not_found"],
      405: ["method_not_allowed"],
      409: ["conflict"],
      413: ["payload_too_large"],
      415: ["unsupported_media_type"],
      429: ["rate_limited"],
      500: ["unknown_error", "unexpected_state"],
      502: ["unexpected_state"],
      503: ["unavailable"],
    }
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect({ code, ok: typeOfStatus[entry.status]?.includes(entry.type) ?? false }).toEqual({ code, ok: true })
      expect(entry.description.length).toBeGreaterThan(10)
    }
  })

  it("is what README's error table lists, code for code, with the same status and type", () => {
    const table = readmeTable()
    expect([...table.keys()].sort()).toEqual(Object.keys(ERROR_CODES).sort())
    for (const [code, entry] of Object.entries(ERROR_CODES))
      expect({ code, ...table.get(code) }).toEqual({ code, status: entry.status, type: entry.type })
  })
})
