// docs/storefront.md's "Into the dtc-starter" section and the example storefront that runs it
// (examples/next-storefront, a Next.js app shaped like the dtc-starter, which integration-tests/browser/
// next-storefront.spec.ts builds and buys through in Chromium) must say the same: every line the guide adds is in the
// example's file of the same path, verbatim and in the guide's order among the guide's context lines; every line the
// guide removes is gone; the guide's new files are the example's files exactly; and the guide's counts (per file, the
// table, the totals) are the diffs' own. So what the browser test runs is what a developer copies.

import { existsSync, readFileSync } from "node:fs"
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
  it("finds the seven changes of the guide", () => {
    expect(changes.map((c) => c.file)).toEqual([
      "src/lib/constants.tsx",
      "src/lib/data/cart.ts",
      "src/lib/data/orders.ts",
      "src/modules/checkout/components/payment/index.tsx",
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
})
