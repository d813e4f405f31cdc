import { readdirSync, readFileSync } from "node:fs"
import { builtinModules } from "node:module"
import path from "node:path"

/**
 * The simulator is a second, independent reading of the contract: if it shared the client's schemas (or anything
 * else of the plugin), a misreading would pass on both sides. So nothing under packages/simulator/src may import
 * code from outside it, and every package it imports is one of its own dependencies (its package.json), so the
 * package installs and runs on its own. Its tests (__tests__) may cross-check it against the plugin's client and the
 * published documents, so they are not scanned.
 */

const SIMULATOR_DIR = path.resolve(__dirname, "..")
const PACKAGE_NAME = "medusa-payment-trade-credit"
const OWN_DEPENDENCIES = Object.keys(
  (
    JSON.parse(readFileSync(path.resolve(SIMULATOR_DIR, "..", "package.json"), "utf8")) as {
      dependencies: Record<string, string>
    }
  ).dependencies,
)

/** `import ... from "x"`, `export ... from "x"`, `import "x"`, `require("x")`, `import("x")`, `jest.mock("x")`. */
const SPECIFIER_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      return entry.name === "__tests__" || entry.name === "node_modules" ? [] : sourceFiles(full)
    }
    return /\.(c|m)?[jt]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

/** Comments may name a path (`// see ../service/schemas`) without importing it. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")
}

function specifiers(source: string): string[] {
  const text = withoutComments(source)
  return SPECIFIER_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]))
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/")

/** Why a specifier leaves the simulator, or null when it stays inside (or is Node's or one of its dependencies). */
function leaves(file: string, specifier: string): string | null {
  if (specifier === PACKAGE_NAME || specifier.startsWith(`${PACKAGE_NAME}/`)) {
    return "the plugin's own package"
  }
  if (!specifier.startsWith(".")) {
    const name = packageOf(specifier)
    if (specifier.startsWith("node:") || builtinModules.includes(name) || OWN_DEPENDENCIES.includes(name)) return null
    return "a package that is not among the simulator's dependencies"
  }
  const target = path.resolve(path.dirname(file), specifier)
  const relative = path.relative(SIMULATOR_DIR, target)
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) {
    return null
  }
  return path.relative(path.resolve(SIMULATOR_DIR, "..", "..", ".."), target)
}

function simulatorImportsFromOutside(): string[] {
  const offences: string[] = []
  for (const file of sourceFiles(SIMULATOR_DIR)) {
    for (const specifier of specifiers(readFileSync(file, "utf8"))) {
      const target = leaves(file, specifier)
      if (target) {
        offences.push(`${path.relative(SIMULATOR_DIR, file)}: "${specifier}" (${target})`)
      }
    }
  }
  return offences.sort()
}

describe("simulator independence", () => {
  it("finds the simulator's sources", () => {
    expect(sourceFiles(SIMULATOR_DIR).length).toBeGreaterThan(10)
  })

  it("recognises every form of import", () => {
    const source = [
      'import { a } from "../service/schemas"',
      'import type { B } from "../../client"',
      'export * from "../providers/trade-credit"',
      'import "../modules/x"',
      'const c = require("../api/store")',
      'const d = await import("../service/order-arithmetic")',
      '// import { e } from "../service/commented-out"',
      'import { f } from "./state/orders"',
      'import { g } from "express"',
      'import { h } from "node:crypto"',
      'import { z } from "@medusajs/framework/zod"',
      'import { i } from "zod"',
    ].join("\n")
    const file = path.join(SIMULATOR_DIR, "example.ts")
    const outside = specifiers(source).filter((s) => leaves(file, s))
    expect(outside.sort()).toEqual([
      "../../client",
      "../api/store",
      "../modules/x",
      "../providers/trade-credit",
      "../service/order-arithmetic",
      "../service/schemas",
      "@medusajs/framework/zod",
    ])
  })

  it("imports nothing from the plugin (src/service, src/client, src/providers, src/modules, src/api, ...)", () => {
    const offences = simulatorImportsFromOutside()
    if (offences.length) {
      // The list is the message: every offending file and import, one a line.
      throw new Error(
        `packages/simulator/src imports from outside itself (${offences.length}):\n  ${offences.join("\n  ")}`,
      )
    }
  })
})
