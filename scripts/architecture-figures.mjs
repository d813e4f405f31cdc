#!/usr/bin/env node
// The figures of docs/architecture.md ("Figures"), measured on the checkout it runs in: `node scripts/architecture-figures.mjs`
// (add --json for one object). Every figure is read from the files as they are, with TypeScript's own parser.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const src = join(root, "src")

function walk(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...walk(path))
    else if (/\.(ts|tsx)$/.test(name)) out.push(path)
  }
  return out
}

const isTest = (file) => /__tests__|\.spec\.tsx?$|\.test\.tsx?$/.test(file)
const files = walk(src)
const sources = files.filter((f) => !isTest(f))
const rel = (file) => relative(src, file)
const text = new Map(files.map((f) => [f, readFileSync(f, "utf8")]))
const parsed = new Map()
function sourceFile(file) {
  if (!parsed.has(file)) {
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    parsed.set(file, ts.createSourceFile(file, text.get(file), ts.ScriptTarget.Latest, true, kind))
  }
  return parsed.get(file)
}

/** Relative imports and re-exports of a file that are not type-only, resolved to files. */
function importsOf(file) {
  const out = []
  for (const statement of sourceFile(file).statements) {
    let spec
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue
      const bindings = statement.importClause?.namedBindings
      const allTypes =
        bindings &&
        ts.isNamedImports(bindings) &&
        !statement.importClause.name &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly)
      if (allTypes) continue
      spec = statement.moduleSpecifier.text
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue
      spec = statement.moduleSpecifier.text
    }
    if (!spec || !spec.startsWith(".")) continue
    const base = resolve(dirname(file), spec)
    const target = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((p) =>
      existsSync(p),
    )
    if (target) out.push(target)
  }
  return out
}

function closureOf(entry) {
  const seen = new Set([entry])
  const queue = [entry]
  while (queue.length) {
    for (const next of importsOf(queue.shift())) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  }
  return [...seen]
}
const linesOf = (file) => text.get(file).split("\n").length

const figures = {}

// The invoice provider's import closure (value imports only).
const invoiceEntry = join(src, "providers/trade-credit/services/trade-credit-invoice.ts")
const closure = closureOf(invoiceEntry)
figures.invoice_provider_closure = {
  files: closure.length,
  lines: closure.reduce((sum, f) => sum + linesOf(f), 0),
}

// Who imports what, between the rooms.
const importers = new Map()
for (const file of sources) {
  for (const target of importsOf(file)) importers.set(target, [...(importers.get(target) ?? []), file])
}
const providerLib = join(src, "providers/trade-credit/lib")
const outsideProviders = (file) => !rel(file).startsWith("providers/")
figures.provider_lib_importers_outside_providers = Object.fromEntries(
  sources
    .filter((f) => f.startsWith(providerLib + "/"))
    .map((f) => [rel(f), (importers.get(f) ?? []).filter(outsideProviders).length])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]),
)
figures.layers = {
  files_outside_providers_importing_a_provider: sources
    .filter(outsideProviders)
    .filter((f) => importsOf(f).some((t) => rel(t).startsWith("providers/"))).length,
  module_files_importing_providers: sources
    .filter((f) => rel(f).startsWith("modules/"))
    .filter((f) => importsOf(f).some((t) => rel(t).startsWith("providers/"))).length,
}

// Routes: how long, and how many call a workflow.
const routes = sources.filter((f) => /\/route\.ts$/.test(f) && rel(f).startsWith("api/"))
const callsWorkflow = (f) => importsOf(f).some((t) => rel(t).startsWith("workflows/") || rel(t).startsWith("use-cases/"))
figures.routes = {
  count: routes.length,
  calling_a_workflow_or_use_case: routes.filter(callsWorkflow).length,
  store_routes_over_40_lines: routes
    .filter((f) => rel(f).startsWith("api/store/"))
    .filter((f) => linesOf(f) > 40)
    .map((f) => `${rel(f)} (${linesOf(f)})`),
  longest_store_route: routes
    .filter((f) => rel(f).startsWith("api/store/"))
    .map((f) => [rel(f), linesOf(f)])
    .sort((a, b) => b[1] - a[1])[0],
}

// Money.
const bignumberImporters = sources.filter((f) => /from "bignumber\.js"/.test(text.get(f)))
figures.money = {
  files_importing_bignumber_js: bignumberImporters.length,
  of_which_outside_core_money: bignumberImporters.filter((f) => !rel(f).startsWith("core/money/")).length,
  number_of_an_amount: sources.filter((f) =>
    /Number\((?:[\w.?]*\.)?(amount|total|subtotal|\w*_amount|\w*Amount|\w*total)\b/.test(text.get(f)),
  ).map(rel),
}

// Tests of the provider's flows.
const flowDirs = ["providers/trade-credit/lib", "use-cases"].map((d) => join(src, d)).filter(existsSync)
figures.flows = {
  files: sources.filter((f) => flowDirs.some((d) => f.startsWith(d + "/"))).length,
  unit_specs: files.filter((f) => isTest(f) && flowDirs.some((d) => f.startsWith(d + "/"))).length,
  promise_reject_reentries: sources.filter((f) => /\(\)\s*=>\s*Promise\.reject\(/.test(text.get(f))).length,
}

// Style.
let over120 = 0
let over160 = 0
let asAny = 0
let asAnyWithoutReason = 0
let asAnyInTests = 0
for (const file of files) {
  const lines = text.get(file).split("\n")
  lines.forEach((line, i) => {
    if (line.length > 120) over120++
    if (line.length > 160) over160++
    if (/\bas any\b/.test(line) && isTest(file)) asAnyInTests++
    else if (/\bas any\b/.test(line)) {
      asAny++
      const reason = /\/\/|\/\*/.test(line) || /\/\/|\/\*/.test(lines[i - 1] ?? "")
      if (!reason) asAnyWithoutReason++
    }
  })
}
figures.style = {
  lines_over_120: over120,
  lines_over_160: over160,
  as_any_outside_tests: asAny,
  of_which_without_a_reason: asAnyWithoutReason,
  // Tests build partial and hostile inputs on purpose (eslint.config.mjs says so once for every test).
  as_any_in_tests: asAnyInTests,
}

// The longest React components (functions in .tsx files, by lines).
const functions = []
for (const file of sources.filter((f) => f.endsWith(".tsx"))) {
  const sf = sourceFile(file)
  const visit = (node, name) => {
    let own = name
    if (ts.isFunctionDeclaration(node) && node.name) own = node.name.text
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) own = node.name.text
    const isFn = ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)
    if (isFn && own && /^[A-Z]/.test(own)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line
      functions.push([`${rel(file)} ${own}`, end - start + 1])
      own = undefined
    }
    ts.forEachChild(node, (child) => visit(child, ts.isVariableDeclaration(node) || isFn ? own : undefined))
  }
  visit(sf)
}
functions.sort((a, b) => b[1] - a[1])
figures.react_components = {
  over_100_lines: functions.filter(([, n]) => n > 100).length,
  longest: functions.slice(0, 5).map(([name, n]) => `${name} (${n})`),
}

if (process.argv.includes("--closure")) {
  // Each file of the invoice provider's closure, with the file that first brought it in.
  const parent = new Map([[invoiceEntry, undefined]])
  const queue = [invoiceEntry]
  while (queue.length) {
    const file = queue.shift()
    for (const next of importsOf(file)) if (!parent.has(next)) parent.set(next, file), queue.push(next)
  }
  for (const [file, from] of parent) console.log(`${rel(file)} (${linesOf(file)})${from ? ` <- ${rel(from)}` : ""}`)
  process.exit(0)
}
if (process.argv.includes("--json")) console.log(JSON.stringify(figures, null, 2))
else {
  const flat = (obj, prefix = "") =>
    Object.entries(obj).flatMap(([k, v]) =>
      v && typeof v === "object" && !Array.isArray(v) ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
    )
  for (const [k, v] of flat(figures)) console.log(`${k}: ${Array.isArray(v) ? (v.length ? v.join(", ") : "none") : v}`)
}
