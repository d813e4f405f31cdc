// docs/storefront.md's "Into the dtc-starter" section and the example storefront that runs it
// (examples/next-storefront, a Next.js app shaped like the dtc-starter, which integration-tests/browser/
// next-storefront.spec.ts installs with the packed kit, builds and buys through in Chromium) must say the same: every
// line the guide adds is in the example's file of the same path (its package.json's dependency included), verbatim
// and in the guide's order among the guide's context lines; every line the guide removes is gone; the guide's new
// files are the example's files exactly; and the guide's counts (per file, the table, the totals) are the diffs' own.
// And the example is set up as the guide says a starter is: the versions it names, the starter's tsconfig
// ("moduleResolution": "node"), a next.config.js with no `ignoreBuildErrors` or alias, and not one import of this
// repository's files. So what the browser test runs is what a developer copies.

import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "../../..")
const GUIDE = path.join(ROOT, "docs/storefront.md")
const EXAMPLE = path.join(ROOT, "examples/next-storefront")

type Change = {
  file: string
  /** The count the section's paragraph states ("(4 lines)"). */
  stated: number
  kind: "diff" | "new"
  /** Every line of the block in order: " context", "+added", "-removed" ("@@" hunk headers left out); a new file's
   * lines as they are. */
  lines: string[]
}

/** The dtc-starter section: from its heading to the next "## " heading. */
function starterSection(markdown: string) {
  const start = markdown.search(/^## Into the dtc-starter: \d+ added lines$/m)
  if (start < 0) throw new Error('docs/storefront.md has no "## Into the dtc-starter: N added lines" section')
  const rest = markdown.slice(start)
  const end = rest.slice(3).search(/^## /m)
  return end < 0 ? rest : rest.slice(0, end + 3)
}

/** The numbered changes: `**N. \`path\`** ... (K lines).` then the first fenced block after it. */
function changesOf(section: string): Change[] {
  const changes: Change[] = []
  const heading = /^\*\*(\d+)\. `([^`]+)`\*\*([\s\S]*?)\((\d+) lines?\)\.?\s*$/gm
  for (let match = heading.exec(section); match; match = heading.exec(section)) {
    const after = section.slice(heading.lastIndex)
    const fence = after.match(/^```(diff|ts|tsx)\n([\s\S]*?)\n```/m)
    if (!fence) throw new Error(`no code block after change ${match[1]} (${match[2]})`)
    const lines = fence[2].split("\n")
    changes.push({
      file: match[2],
      stated: Number(match[4]),
      kind: fence[1] === "diff" ? "diff" : "new",
      lines: fence[1] === "diff" ? lines.filter((line) => !line.startsWith("@@")) : lines,
    })
  }
  return changes
}

/** The table's rows: `| \`path\` | N |`, and its total. */
function tableOf(section: string) {
  const rows = [...section.matchAll(/^\| `([^`]+)` \| (\d+) \|$/gm)].map(([, file, count]) => ({
    file,
    count: Number(count),
  }))
  const total = section.match(/^\| \*\*Total\*\* \| \*\*(\d+)\*\* \|$/m)
  return { rows, total: total ? Number(total[1]) : undefined }
}

const markdown = readFileSync(GUIDE, "utf8")
const section = starterSection(markdown)
const changes = changesOf(section)
const added = (change: Change) =>
  change.kind === "new"
    ? change.lines.filter((l) => l.trim())
    : change.lines.filter((l) => l.startsWith("+")).map((l) => l.slice(1))
const fileLines = (file: string) =>
  readFileSync(path.join(EXAMPLE, file), "utf8")
    .split("\n")
    .map((line) => line.trimEnd())

describe("docs/storefront.md's dtc-starter changes and examples/next-storefront", () => {
  it("finds the nine changes of the guide", () => {
    expect(changes.map((c) => c.file)).toEqual([
      "package.json",
      "src/lib/constants.tsx",
      "src/lib/data/cart.ts",
      "src/lib/data/orders.ts",
      "src/modules/checkout/components/payment/index.tsx",
      "src/modules/checkout/components/review/index.tsx",
      "src/modules/checkout/components/payment-button/index.tsx",
      "src/app/[countryCode]/(checkout)/checkout/trade-credit/return/route.ts",
      "src/modules/order/components/payment-details/index.tsx",
    ])
  })

  describe.each(changes.map((change) => [change.file, change] as const))("%s", (file, change) => {
    it("is in the example, with every added line verbatim, in the guide's order among its context lines", () => {
      expect(existsSync(path.join(EXAMPLE, file))).toBe(true)
      const lines = fileLines(file)
      const missing = added(change).filter((line) => !lines.includes(line.trimEnd()))
      expect(missing).toEqual([])
      // Added and context lines (blank ones aside) appear in the file in the guide's order.
      const wanted =
        change.kind === "new" ? change.lines : change.lines.filter((l) => !l.startsWith("-")).map((l) => l.slice(1))
      let at = 0
      for (const line of wanted.map((l) => l.trimEnd()).filter(Boolean)) {
        const found = lines.indexOf(line, at)
        if (found < 0) throw new Error(`${file}: "${line}" is not in the example after line ${at} (the guide's order)`)
        at = found + 1
      }
    })

    if (change.kind === "diff") {
      it("has none of the lines the guide removes", () => {
        const kept = new Set(added(change))
        const removed = change.lines
          .filter((l) => l.startsWith("-"))
          .map((l) => l.slice(1))
          .filter((l) => !kept.has(l))
        const lines = fileLines(file)
        expect(removed.filter((line) => lines.includes(line.trimEnd()))).toEqual([])
      })
    } else {
      it("is the guide's new file exactly", () => {
        expect(readFileSync(path.join(EXAMPLE, file), "utf8").trimEnd()).toBe(change.lines.join("\n").trimEnd())
      })
    }

    it("states its own count of added lines", () => {
      expect(change.stated).toBe(added(change).length)
    })
  })

  it("counts the same in the table and the totals", () => {
    const table = tableOf(section)
    expect(table.rows).toEqual(changes.map((change) => ({ file: change.file, count: added(change).length })))
    const total = changes.reduce((sum, change) => sum + added(change).length, 0)
    expect(table.total).toBe(total)
    expect(section.match(/^## Into the dtc-starter: (\d+) added lines$/m)?.[1]).toBe(String(total))
    expect(section.match(/\*\*(\d+) added lines\s+in (\d+) files\*\*/)?.slice(1)).toEqual([
      String(total),
      String(changes.length),
    ])
  })

  describe("the example's setup", () => {
    const manifest = JSON.parse(readFileSync(path.join(EXAMPLE, "package.json"), "utf8"))
    const versions: Record<string, string> = { ...manifest.dependencies, ...manifest.devDependencies }
    const exampleSection = markdown.slice(markdown.search(/^## The example Next\.js storefront$/m))

    it("depends on the storefront package, at the versions the guide names (React 19, one @medusajs/*)", () => {
      expect(manifest.dependencies).toHaveProperty(["medusa-payment-trade-credit-storefront"])
      expect(section).toContain("npm install medusa-payment-trade-credit-storefront\n")
      expect(versions.react).toMatch(/^19\./)
      expect(versions["react-dom"]).toBe(versions.react)
      expect(versions["@types/react"]).toMatch(/^19\./)
      const medusa = Object.keys(versions).filter((name) => name.startsWith("@medusajs/"))
      expect(new Set(medusa.map((name) => versions[name])).size).toBe(1)
      // Each pinned version in the guide's description of the example: "`next` 15.5.21", "`react` and `react-dom`
      // 19.0.5", "`@medusajs/js-sdk`, … 2.18.0".
      for (const name of ["next", "react", "react-dom", ...medusa]) {
        const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
        expect(exampleSection).toMatch(new RegExp(`\`${escaped(name)}\`[^.;]*?${escaped(versions[name])}`))
      }
    })

    it("has the starter's tsconfig: moduleResolution node, paths inside its own src", () => {
      const { compilerOptions } = JSON.parse(readFileSync(path.join(EXAMPLE, "tsconfig.json"), "utf8"))
      expect(compilerOptions.moduleResolution).toBe("node")
      expect(section).toContain('`"moduleResolution": "node"`')
      expect(Object.keys(compilerOptions.paths)).toEqual(expect.arrayContaining(["@lib/*", "@modules/*"]))
      const targets: string[] = Object.values(compilerOptions.paths as Record<string, string[]>).flat()
      expect(targets.filter((target) => target.includes(".."))).toEqual([])
    })

    it("builds with type checking on: next.config.js has no ignoreBuildErrors, alias or external folder", () => {
      const config = readFileSync(path.join(EXAMPLE, "next.config.js"), "utf8")
      // The code, its comments left out (they may name what is not there).
      const code = config.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")
      expect(code).not.toMatch(/ignoreBuildErrors|alias|externalDir|transpilePackages|webpack|src\/storefront/)
    })

    it("imports nothing of this repository: no relative path out of the example, no plugin entry", () => {
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        )
      const outside: string[] = []
      for (const file of files(path.join(EXAMPLE, "src")).filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))) {
        for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
          const escapes =
            spec.startsWith(".") && path.relative(EXAMPLE, path.resolve(path.dirname(file), spec)).startsWith("..")
          if (escapes || spec.startsWith("medusa-payment-trade-credit/"))
            outside.push(`${path.relative(EXAMPLE, file)}: ${spec}`)
        }
      }
      expect(outside).toEqual([])
    })
  })
})
