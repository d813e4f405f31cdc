import { type PublishedFacts, loadPublishedFacts } from "./facts"
import { type Document, type JsonNode, Shaper } from "./shape"

/**
 * Which published operation a request of the simulator answers, and which published event an event is.
 *
 * The mapping of seed paths to published ones duplicates conformance/published.ts (`SEED_RENAMES`,
 * `EVENT_RENAMES`), from published/README.md "Where the seed names things differently": the simulator's build
 * (rootDir src, its own package) cannot import the repository's conformance folder. Keep the two in step.
 */
const SEED_RENAMES: { method: string; pattern: RegExp; to: string | null }[] = [
  { method: "post", pattern: /^\/v1\/order\/([^/]+)\/fulfilled$/, to: "/v1/order/$1/fulfillments" },
  { method: "post", pattern: /^\/repay\/v1\/preview$/, to: "/repay/v1/plan/preview" },
  { method: "get", pattern: /^\/repay\/v1\/status$/, to: "/repay/v1/plan/{repayment_plan_id}/status" },
  { method: "put", pattern: /^\/repay\/v1\/fulfilment$/, to: "/repay/v1/plan/{repayment_plan_id}/fulfilment" },
  {
    method: "*",
    pattern: /^\/proposal\/returning-buyer\/verification$/,
    to: "/registry/v1/proposal/returning-buyer/verification",
  },
  { method: "*", pattern: /^\/proposal\/returning-buyer\/matches\/.+$/, to: null },
  { method: "*", pattern: /^\/gdpr\/v1\/.*$/, to: null },
  { method: "post", pattern: /^\/repay\/v1\/credit$/, to: null },
  { method: "post", pattern: /^\/registry\/v1\/proposal\/[^/]+\/evidence$/, to: null },
]

/** Event names the seed or the contract give otherwise (published/README.md). */
export const EVENT_RENAMES: Record<string, string> = {
  "enrollment.approved": "business_registry.approved.v1",
  "enrollment.declined": "business_registry.rejected.v1",
}

const METHODS = ["get", "put", "post", "delete", "patch"]

type Template = { method: string; path: string; regex: RegExp; params: number; spec: JsonNode }
type Loaded = { file: string; base: string; doc: Document; shaper: Shaper; templates: Template[] }

export type PublishedOperation = {
  document: string
  path: string
  spec: JsonNode
  shaper: Shaper
  doc: Document
}
export type PublishedEvent = { document: string; type: string; schemaRef: string; shaper: Shaper }

const templateRegex = (template: string) =>
  new RegExp(
    "^" +
      template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("") +
      "$",
  )

const serverBase = (doc: Document): string => {
  const url: string | undefined = doc.servers?.[0]?.url
  return url ? new URL(url).pathname.replace(/\/+$/, "") : ""
}

export class PublishedIndex {
  private readonly documents: Loaded[]
  private readonly events = new Map<string, PublishedEvent>()

  constructor(facts: PublishedFacts = loadPublishedFacts()) {
    this.documents = Object.entries(facts.documents).map(([file, doc]) => {
      const templates: Template[] = []
      for (const [path, item] of Object.entries<JsonNode>(doc.paths ?? {})) {
        for (const method of METHODS) {
          if (item[method])
            templates.push({
              method,
              path,
              regex: templateRegex(path),
              params: (path.match(/\{/g) ?? []).length,
              spec: item[method],
            })
        }
      }
      // A literal segment beats a parameter (`/merchant-order-id/{id}` before `/{order_id}`).
      templates.sort((a, b) => a.params - b.params)
      return { file, base: serverBase(doc), doc, shaper: new Shaper(doc), templates }
    })
    for (const document of this.documents) {
      for (const item of Object.values<JsonNode>(document.doc.webhooks ?? {})) {
        const ref: string | undefined = item.post?.requestBody?.content?.["application/json"]?.schema?.$ref
        if (!ref?.startsWith("#/components/schemas/")) continue
        const type =
          document.doc.components?.schemas?.[ref.slice("#/components/schemas/".length)]?.properties?.type?.const
        if (typeof type === "string")
          this.events.set(type, { document: document.file, type, schemaRef: ref, shaper: document.shaper })
      }
    }
  }

  /**
   * The published operation of a concrete request path, or null (not published: matches, erasure, credits,
   * evidence).
   */
  operation(method: string, requestPath: string): PublishedOperation | null {
    const m = method.toLowerCase()
    let target = requestPath.split("?")[0].replace(/\/+$/, "") || "/"
    for (const rename of SEED_RENAMES) {
      if ((rename.method === "*" || rename.method === m) && rename.pattern.test(target)) {
        if (rename.to === null) return null
        target = target.replace(rename.pattern, rename.to)
        break
      }
    }
    const byBase = [...this.documents].sort((a, b) => b.base.length - a.base.length)
    for (const document of byBase) {
      if (document.base && !target.startsWith(document.base + "/")) continue
      const relative = document.base ? target.slice(document.base.length) : target
      const found = document.templates.find((t) => t.method === m && t.regex.test(relative))
      if (found)
        return {
          document: document.file,
          path: found.path,
          spec: found.spec,
          shaper: document.shaper,
          doc: document.doc,
        }
      if (document.base) return null
    }
    return null
  }

  /**
   * The JSON schema an operation publishes for a status: `undefined` when the status is not published, `null` when
   * it is published without a JSON body.
   */
  responseSchema(operation: PublishedOperation, status: number): JsonNode | null | undefined {
    const responses: JsonNode = operation.spec.responses ?? {}
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses)
    if (!key) return undefined
    const content: JsonNode | undefined = responses[key].content
    const media = content && Object.keys(content).find((c) => c === "application/json" || c.endsWith("+json"))
    return media ? (content![media].schema ?? {}) : null
  }

  /** Whether the operation's document has the `{description, code}` Error schema (repay-api, company-api). */
  hasDescriptionErrors(operation: PublishedOperation): boolean {
    return (
      Array.isArray(operation.doc.components?.schemas?.Error?.required) &&
      operation.doc.components.schemas.Error.required.includes("description")
    )
  }

  /** The published event a seed, contract or published type names, or null (the contract's own events). */
  event(type: string): PublishedEvent | null {
    return this.events.get(EVENT_RENAMES[type] ?? type) ?? null
  }
}

let shared: PublishedIndex | undefined

/** One index per process (the documents do not change while it runs). */
export function publishedIndex(): PublishedIndex {
  shared ??= new PublishedIndex()
  return shared
}
