import { buildSync } from "esbuild"
import path from "node:path"

/**
 * The kit runs in the browser (client components, the demo storefront) as well as on a server: nothing it imports,
 * however indirectly, may need Node or the Medusa framework. Bundled for the browser with every package left out, the
 * only packages it may name are React and bignumber.js.
 */
const ALLOWED = new Set(["react", "react/jsx-runtime", "bignumber.js"])

it("imports nothing a browser cannot run", () => {
  const root = path.resolve(__dirname, "../../..")
  const { metafile } = buildSync({
    absWorkingDir: root,
    entryPoints: ["src/storefront/index.ts", "src/storefront/react/index.ts"],
    bundle: true,
    platform: "browser",
    format: "esm",
    jsx: "automatic",
    packages: "external",
    write: false,
    metafile: true,
    outdir: "out",
    logLevel: "silent",
  })
  const inputs = metafile!.inputs
  // The first chain of imports from the kit's entry to `file`, for a message that says where it went wrong.
  const chainTo = (file: string): string[] => {
    const from = new Map<string, string>()
    const queue = ["src/storefront/index.ts", "src/storefront/react/index.ts"]
    for (const start of queue) from.set(start, "")
    while (queue.length) {
      const current = queue.shift()!
      if (current === file) break
      for (const i of inputs[current]?.imports ?? []) {
        if (i.external || from.has(i.path)) continue
        from.set(i.path, current)
        queue.push(i.path)
      }
    }
    const chain = [file]
    while (from.get(chain[0])) chain.unshift(from.get(chain[0])!)
    return chain
  }
  const outside = Object.entries(inputs).flatMap(([file, input]) =>
    input.imports
      .filter((i) => i.external && !ALLOWED.has(i.path))
      .map((i) => `${[...chainTo(file), i.path].join(" → ")}`),
  )
  expect(outside).toEqual([])
})
