import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import type { Document } from "./shape"

/**
 * The facts of the service's published OpenAPI documents the minimal profile shapes its answers by: every document
 * as JSON (`$ref`s left as they are), from `conformance/published-facts.json` of the repository
 * (`{"documents": {"<file>.yaml": <document>}}`), found from the simulator's package folder or named by
 * `TRADE_CREDIT_PUBLISHED_FACTS`. Without it the minimal profile refuses to start, naming the file (the simulator
 * parses no YAML: `yaml` is not one of its dependencies).
 *
 * Only the minimal profile loads them (the default profile never does), so a packaged simulator without them
 * still runs.
 */
export type PublishedFacts = { documents: Record<string, Document> }

/** The simulator's package folder (the one whose package.json is trade-credit-simulator's), from src/ or dist/. */
function packageDir(): string {
  let dir = __dirname
  for (let i = 0; i < 6; i++) {
    const manifest = path.join(dir, "package.json")
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, "utf8")).name === "trade-credit-simulator") return dir
      } catch {
        /* not ours */
      }
    }
    dir = path.dirname(dir)
  }
  return path.resolve(__dirname, "..", "..")
}

function publishedFactsPath(): string {
  return (
    process.env.TRADE_CREDIT_PUBLISHED_FACTS ||
    path.resolve(packageDir(), "..", "..", "conformance", "published-facts.json")
  )
}

let cached: PublishedFacts | undefined

/** The published documents, loaded once per process. */
export function loadPublishedFacts(): PublishedFacts {
  if (cached) return cached
  const json = publishedFactsPath()
  if (existsSync(json)) {
    const facts = JSON.parse(readFileSync(json, "utf8")) as PublishedFacts
    if (!facts?.documents || typeof facts.documents !== "object") throw new Error(`${json} holds no "documents"`)
    cached = facts
    return cached
  }
  // The YAML documents themselves would need the `yaml` package, which is not one of the simulator's dependencies
  // (src/__tests__/independence.spec.ts): the facts file is made from them (conformance/).
  throw new Error(
    `the minimal profile needs the service's published documents as JSON: ${json} does not exist ` +
      `(set TRADE_CREDIT_PUBLISHED_FACTS; scripts/published-facts.mjs makes it from the YAML documents)`,
  )
}
