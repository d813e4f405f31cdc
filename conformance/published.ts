import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import Ajv2020 from "ajv/dist/2020"
import type { ErrorObject, ValidateFunction } from "ajv"
import addFormats from "ajv-formats"
import { parse } from "yaml"

/**
 * The service's published OpenAPI 3.1 documents, loaded once and used to validate the bodies the plugin sends and
 * the simulator answers. This reading is the service's own, not ours: nothing here imports the client's or the
 * simulator's schemas. By default they come from `published-facts.json` beside this file: the documents reduced to
 * their facts (no descriptions, no examples), committed so that a clone anywhere runs the tests and the conformance
 * check; `scripts/published-facts.mjs` regenerates it from the published YAML documents and `--check` (run by
 * `npm run conformance`) fails when it is stale.
 */

export const REPO_ROOT = path.resolve(__dirname, "..")
/** The committed facts of the published documents (TRADE_CREDIT_PUBLISHED_FACTS points elsewhere). */
export const PUBLISHED_FACTS_FILE =
  process.env.TRADE_CREDIT_PUBLISHED_FACTS ?? path.join(REPO_ROOT, "conformance", "published-facts.json")

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

export type HttpMethod = (typeof HTTP_METHODS)[number]

export type Violation = {
  /** JSON path inside the body, `/line_items/0/description`; `""` is the whole body. */
  path: string
  message: string
  /** The JSON Schema keyword that failed (`required`, `pattern`, ...), when one did. */
  keyword?: string
}

export type PublishedOperation = {
  /** The file it comes from, e.g. `checkout-api.yaml`. */
  document: string
  method: HttpMethod
  /** The published path template, relative to the document's server (`/plan/{repayment_plan_id}/status`). */
  path: string
  operationId: string | null
  /** The operation object as published. */
  spec: Record<string, any>
}

export type PublishedEvent = {
  document: string
  /** The webhook's key in the document (`business-registry-approved`). */
  name: string
  /** The event type as published (`business_registry.approved.v1`). */
  type: string
  schemaName: string
}

/** A published schema and the document whose `#/components/...` its `$ref`s name. */
export type PublishedSchema = { document: string; schema: Record<string, any>; root: Record<string, any> }

export type PublishedDocuments = {
  /** The published operation a concrete seed call maps to, or `null` when the service publishes none. */
  operation(method: string, seedPath: string): PublishedOperation | null
  /** Violations of a request body (`[]` when it conforms). */
  request(method: string, seedPath: string, body: unknown): string[]
  /** Violations of a response body for that status (`[]` when it conforms). */
  response(method: string, seedPath: string, status: number, body: unknown, contentType?: string): string[]
  /**
   * Violations of the query and header parameters (the seed's header names mapped to the published ones). Path
   * parameters are not checked: the seed decides the paths.
   */
  parameters(method: string, seedPath: string, headers?: Record<string, string | string[] | undefined>): string[]
  parameterViolations(
    method: string,
    seedPath: string,
    headers?: Record<string, string | string[] | undefined>
  ): Violation[]
  /** Whether the document publishes a JSON schema for that status (many statuses carry a description only). */
  responseSchema(method: string, seedPath: string, status: number): boolean
  /**
   * The published JSON schema of a response (as published: `$ref`s unresolved) and the document its `$ref`s resolve
   * in, or `null` when the operation or the status publishes none. For generators of answers (issue 36).
   */
  responseJsonSchema(method: string, seedPath: string, status: number): PublishedSchema | null
  /** Violations of a webhook payload of that type (seed names like `enrollment.approved` are mapped). */
  event(type: string, body: unknown): string[]
  /** The published event a (seed or published) event type maps to, or `null`. */
  eventSpec(type: string): PublishedEvent | null
  /** The same checks as above, structured. */
  requestViolations(method: string, seedPath: string, body: unknown): Violation[]
  responseViolations(
    method: string,
    seedPath: string,
    status: number,
    body: unknown,
    contentType?: string
  ): Violation[]
  eventViolations(type: string, body: unknown): Violation[]
  /** The published name of a header the seed names otherwise (`Service-Delegated-Authority-Token`). */
  headerName(seedName: string): string
  /** Every loaded document's file name. */
  documents: string[]
}

/**
 * Seed paths (interfaces.md) the published documents name otherwise (published/README.md, "Where the seed names
 * things differently"). Each maps a concrete seed path to a path under the document's server, or to `null` when
 * nothing is published.
 */
type SeedRename = { method: HttpMethod | "*"; pattern: RegExp; to: string | null }

const SEED_RENAMES: SeedRename[] = [
  { method: "post", pattern: /^\/v1\/order\/([^/]+)\/fulfilled$/, to: "/v1/order/$1/fulfillments" },
  { method: "post", pattern: /^\/repay\/v1\/preview$/, to: "/repay/v1/plan/preview" },
  // On the seed's paths the plan is named in the query or the body (contract 3); the template needs a segment.
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

/** Event types the seed or the contract name otherwise (published/README.md). */
const EVENT_RENAMES: Record<string, string> = {
  "enrollment.approved": "business_registry.approved.v1",
  "enrollment.declined": "business_registry.rejected.v1",
}

const HEADER_RENAMES: Record<string, string> = {
  "service-delegated-authority-token": "Two-Delegated-Authority-Token",
}

type LoadedDocument = {
  file: string
  /** The path prefix of the document's server (`/companies/v2`, `/repay/v1`, or `""`). */
  base: string
  doc: Record<string, any>
  templates: { method: HttpMethod; path: string; regex: RegExp; params: number; spec: Record<string, any> }[]
}

export type LoadPublishedOptions = {
  /** A folder of the published YAML documents; by default the committed facts (`published-facts.json`). */
  dir?: string
}

let cached: Promise<PublishedDocuments> | null = null

/** Loads every published document (once per process for the default folder). */
export function loadPublished(options: LoadPublishedOptions = {}): Promise<PublishedDocuments> {
  if (options.dir) {
    return Promise.resolve(buildPublished(readYamlFolder(options.dir)))
  }
  cached ??= Promise.resolve().then(() => buildPublished(readFacts()))
  return cached
}

/** The same, synchronously (the documents are local files). */
export function loadPublishedSync(options: LoadPublishedOptions = {}): PublishedDocuments {
  return buildPublished(options.dir ? readYamlFolder(options.dir) : readFacts())
}

type SourceDocument = { file: string; doc: Record<string, any> }

/** The committed facts file: `{ documents: { "<file>.yaml": <document> } }`. */
export function readFacts(file = PUBLISHED_FACTS_FILE): SourceDocument[] {
  const facts = JSON.parse(readFileSync(file, "utf8")) as { documents?: Record<string, Record<string, any>> }
  const documents = Object.entries(facts.documents ?? {}).sort(([a], [b]) => a.localeCompare(b))
  if (!documents.length) {
    throw new Error(`No published documents in ${file}`)
  }
  return documents.map(([name, doc]) => ({ file: name, doc }))
}

function readYamlFolder(dir: string): SourceDocument[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") || f.endsWith(".yml"))
    .sort()
  if (!files.length) {
    throw new Error(`No published OpenAPI documents in ${dir}`)
  }
  return files.map((file) => ({ file, doc: parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, any> }))
}

function serverBase(doc: Record<string, any>): string {
  const url: string | undefined = doc.servers?.[0]?.url
  if (!url) {
    return ""
  }
  return new URL(url).pathname.replace(/\/+$/, "")
}

function templateRegex(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("")
  return new RegExp(`^${source}$`)
}

function pointer(...segments: string[]): string {
  return "/" + segments.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")
}

function buildPublished(sources: SourceDocument[]): PublishedDocuments {
  const files = sources.map((s) => s.file)

  // strict: false because the documents carry OpenAPI-only keywords (discriminator, example, readOnly).
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true })
  addFormats(ajv)
  // pydantic's "decimal" on a string: a decimal number; the documents' own patterns bound the digits.
  ajv.addFormat("decimal", {
    type: "string",
    validate: (value: string) => /^-?\d+(\.\d+)?$/.test(value),
  })
  ajv.addFormat("binary", true)

  const documents: LoadedDocument[] = sources.map(({ file, doc }) => {
    // The whole document is one schema resource; `#/components/...` refs resolve inside it.
    ajv.addSchema(doc, idOf(file))
    const templates: LoadedDocument["templates"] = []
    for (const [template, item] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        if (item[method]) {
          templates.push({
            method,
            path: template,
            regex: templateRegex(template),
            params: (template.match(/\{/g) ?? []).length,
            spec: item[method],
          })
        }
      }
    }
    // A literal segment beats a parameter (`/merchant-order-id/{id}` before `/{order_id}`).
    templates.sort((a, b) => a.params - b.params)
    return { file, base: serverBase(doc), doc, templates }
  })

  const validators = new Map<string, ValidateFunction>()
  const validatorAt = (file: string, jsonPointer: string): ValidateFunction => {
    const key = `${file}#${jsonPointer}`
    let validate = validators.get(key)
    if (!validate) {
      validate = ajv.compile({ $ref: `${idOf(file)}#${jsonPointer}` })
      validators.set(key, validate)
    }
    return validate
  }

  // Where each schema object sits in its document, so a failed anyOf/oneOf can be re-run branch by branch.
  const locations = new WeakMap<object, { file: string; pointer: string }>()
  for (const document of documents) {
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== "object" || locations.has(node)) {
        return
      }
      locations.set(node, { file: document.file, pointer: at })
      for (const [k, child] of Object.entries(node)) {
        walk(child, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`)
      }
    }
    walk(document.doc, "")
  }

  const run = (validate: ValidateFunction, body: unknown): Violation[] => {
    if (validate(body)) {
      return []
    }
    return simplify(validate.errors ?? [])
  }

  /**
   * ajv reports every branch of a failed anyOf/oneOf (a `Money | null` field that is wrong reads "must be null"
   * too). Each failed alternative is re-run branch by branch and only the branch that came closest is reported.
   */
  const simplify = (errors: ErrorObject[]): Violation[] => {
    const alternatives = errors
      .filter((e) => (e.keyword === "anyOf" || e.keyword === "oneOf") && locations.has(e.parentSchema as object))
      .sort((a, b) => a.instancePath.length - b.instancePath.length)
    const covered: string[] = []
    const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`)
    const out: Violation[] = []
    for (const alternative of alternatives) {
      const root = alternative.instancePath
      if (covered.some((c) => under(root, c))) {
        continue
      }
      covered.push(root)
      const params = alternative.params as { passingSchemas?: number[] | null }
      if (alternative.keyword === "oneOf" && params.passingSchemas) {
        out.push({ path: root, message: `matches more than one alternative (oneOf ${JSON.stringify(params.passingSchemas)})`, keyword: "oneOf" })
        continue
      }
      const location = locations.get(alternative.parentSchema as object)!
      const branches = (alternative.schema as unknown[]).map((_, i) =>
        run(validatorAt(location.file, `${location.pointer}/${alternative.keyword}/${i}`), alternative.data)
      )
      // A branch refused only for its type at the root is the wrong kind of thing, not a near miss.
      const score = (v: Violation[]) =>
        v.length + (v.every((x) => x.path === "" && ["type", "const", "enum"].includes(x.keyword ?? "")) ? 1000 : 0)
      const best = branches.reduce((a, b) => (score(b) < score(a) ? b : a))
      out.push(...best.map((v) => ({ ...v, path: root + v.path })))
    }
    const seen = new Set(out.map((v) => `${v.path}|${v.message}`))
    for (const error of errors) {
      if (["anyOf", "oneOf", "if"].includes(error.keyword) || covered.some((c) => under(error.instancePath, c))) {
        continue
      }
      const message = describe(error)
      const key = `${error.instancePath}|${message}`
      if (!seen.has(key)) {
        seen.add(key)
        out.push({ path: error.instancePath, message, keyword: error.keyword })
      }
    }
    return out
  }

  const operation = (method: string, seedPath: string): PublishedOperation | null => {
    const m = method.toLowerCase() as HttpMethod
    let target: string = seedPath.split("?")[0].replace(/\/+$/, "") || "/"
    for (const rename of SEED_RENAMES) {
      if ((rename.method === "*" || rename.method === m) && rename.pattern.test(target)) {
        if (rename.to === null) {
          return null
        }
        target = target.replace(rename.pattern, rename.to)
        break
      }
    }
    // The longest server prefix first: a document served under /repay/v1 owns every path below it.
    const byBase = [...documents].sort((a, b) => b.base.length - a.base.length)
    for (const document of byBase) {
      if (document.base && !target.startsWith(document.base + "/")) {
        continue
      }
      const relative = document.base ? target.slice(document.base.length) : target
      const found = document.templates.find((t) => t.method === m && t.regex.test(relative))
      if (found) {
        return {
          document: document.file,
          method: m,
          path: found.path,
          operationId: found.spec.operationId ?? null,
          spec: found.spec,
        }
      }
      if (document.base) {
        // Nothing under this server: no other document serves the prefix.
        return null
      }
    }
    return null
  }

  const requestViolations = (method: string, seedPath: string, body: unknown): Violation[] => {
    const op = operation(method, seedPath)
    if (!op) {
      return [{ path: "", message: `no published operation for ${method.toUpperCase()} ${seedPath}` }]
    }
    const requestBody = op.spec.requestBody
    if (!requestBody) {
      return body === undefined || body === null || body === ""
        ? []
        : [{ path: "", message: "the published operation takes no request body" }]
    }
    if (body === undefined) {
      return requestBody.required ? [{ path: "", message: "the request body is required" }] : []
    }
    const mediaType = jsonMediaType(requestBody.content)
    if (!mediaType) {
      // multipart and other non-JSON bodies: nothing to validate as JSON.
      return []
    }
    return run(
      validatorAt(op.document, pointer("paths", op.path, op.method, "requestBody", "content", mediaType, "schema")),
      body
    )
  }

  const responseViolations = (
    method: string,
    seedPath: string,
    status: number,
    body: unknown,
    contentType?: string
  ): Violation[] => {
    const op = operation(method, seedPath)
    if (!op) {
      return [{ path: "", message: `no published operation for ${method.toUpperCase()} ${seedPath}` }]
    }
    const responses: Record<string, any> = op.spec.responses ?? {}
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses)
    if (!key) {
      // An error the operation does not list (FastAPI documents list 200 and 422 only): the document's own
      // `Error` schema still holds its body (contract 0: `{description, code}` under /repay/v1 and /companies/v2).
      // A 400 where the operation publishes 422 is a validation failure in the wrong status, not an unlisted error.
      const errorSchema = documents.find((d) => d.file === op.document)?.doc.components?.schemas?.Error
      if (status >= 400 && errorSchema && !(status === 400 && "422" in responses)) {
        return run(validatorAt(op.document, pointer("components", "schemas", "Error")), body)
      }
      return [
        {
          path: "",
          message: `status ${status} is not published (published: ${Object.keys(responses).join(", ")})`,
        },
      ]
    }
    const content: Record<string, any> | undefined = responses[key].content
    if (!content || !Object.keys(content).length) {
      // Published with a description only: the document is silent on the body (see responseSchema).
      return []
    }
    const mediaType = jsonMediaType(content)
    if (contentType) {
      const sent = contentType.split(";")[0].trim().toLowerCase()
      const listed = Object.keys(content).map((c) => c.toLowerCase())
      if (!listed.includes(sent) && !listed.includes("*/*")) {
        return [{ path: "", message: `content type ${sent} is not published (published: ${listed.join(", ")})` }]
      }
      if (!sent.includes("json")) {
        return []
      }
    }
    if (!mediaType) {
      return []
    }
    return run(
      validatorAt(op.document, pointer("paths", op.path, op.method, "responses", key, "content", mediaType, "schema")),
      body
    )
  }

  // Query strings and headers are text: a second instance coerces them ("10" → 10) before the published schema.
  const coercing = new Ajv2020({ strict: false, allErrors: true, verbose: true, coerceTypes: true })
  addFormats(coercing)
  coercing.addFormat("decimal", { type: "string", validate: (value: string) => /^-?\d+(\.\d+)?$/.test(value) })
  for (const document of documents) {
    coercing.addSchema(document.doc, idOf(document.file))
  }
  const parameterValidators = new Map<string, ValidateFunction>()

  const parameterViolations = (
    method: string,
    seedPath: string,
    headers: Record<string, string | string[] | undefined> = {}
  ): Violation[] => {
    const op = operation(method, seedPath)
    if (!op) {
      return [{ path: "", message: `no published operation for ${method.toUpperCase()} ${seedPath}` }]
    }
    const document = documents.find((d) => d.file === op.document)!
    const query = new URLSearchParams(seedPath.split("?")[1] ?? "")
    const sent = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]))
    for (const [seedName, publishedName] of Object.entries(HEADER_RENAMES)) {
      if (sent.has(seedName)) {
        sent.set(publishedName.toLowerCase(), sent.get(seedName))
      }
    }
    const itemParameters: unknown[] = document.doc.paths[op.path].parameters ?? []
    const out: Violation[] = []
    const all = [
      ...itemParameters.map((p, i) => ({ p, at: pointer("paths", op.path, "parameters", String(i)) })),
      ...((op.spec.parameters ?? []) as unknown[]).map((p, i) => ({ p, at: pointer("paths", op.path, op.method, "parameters", String(i)) })),
    ]
    for (const { p, at } of all) {
      let parameter = p as Record<string, any>
      let where = at
      if (typeof parameter.$ref === "string" && parameter.$ref.startsWith("#/")) {
        where = parameter.$ref.slice(1)
        parameter = where.split("/").slice(1).reduce((node: any, k: string) => node?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], document.doc)
      }
      if (!parameter || (parameter.in !== "query" && parameter.in !== "header") || !parameter.schema) {
        continue
      }
      const name: string = parameter.name
      const value = parameter.in === "query" ? query.get(name) ?? undefined : sent.get(name.toLowerCase())
      const label = `${parameter.in} ${name}`
      if (value === undefined) {
        if (parameter.required) {
          out.push({ path: label, message: `the required ${parameter.in} parameter ${name} is missing`, keyword: "required" })
        }
        continue
      }
      const key = `${op.document}#${where}`
      let validate = parameterValidators.get(key)
      if (!validate) {
        validate = coercing.compile({
          type: "object",
          properties: { value: { $ref: `${idOf(op.document)}#${where}/schema` } },
        })
        parameterValidators.set(key, validate)
      }
      const holder = { value }
      if (!validate(holder)) {
        for (const error of validate.errors ?? []) {
          // A nullable parameter's `null` branch says nothing about a value that was sent.
          if (["anyOf", "oneOf"].includes(error.keyword) || (error.keyword === "type" && (error.params as any).type === "null")) continue
          out.push({ path: label, message: describe(error), keyword: error.keyword })
        }
      }
    }
    return out
  }

  const responseJsonSchema = (method: string, seedPath: string, status: number): PublishedSchema | null => {
    const op = operation(method, seedPath)
    const responses: Record<string, any> = op?.spec.responses ?? {}
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses)
    const content: Record<string, any> | undefined = key ? responses[key].content : undefined
    const mediaType = jsonMediaType(content)
    const root = documents.find((d) => d.file === op?.document)?.doc
    if (!op || !mediaType || !root) {
      return null
    }
    return { document: op.document, schema: content![mediaType].schema, root }
  }

  const responseSchema = (method: string, seedPath: string, status: number): boolean => {
    const op = operation(method, seedPath)
    const responses: Record<string, any> = op?.spec.responses ?? {}
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses)
    if (!key) {
      // Not published: checked all the same (an unlisted error against the document's `Error`, else a violation).
      return true
    }
    return Boolean(jsonMediaType(responses[key].content))
  }

  // Events: every webhook's payload schema carries `type` as a `const`.
  const events = new Map<string, PublishedEvent & { pointer: string }>()
  for (const document of documents) {
    for (const [name, item] of Object.entries<Record<string, any>>(document.doc.webhooks ?? {})) {
      const ref: string | undefined = item.post?.requestBody?.content?.["application/json"]?.schema?.$ref
      if (!ref?.startsWith("#/components/schemas/")) {
        continue
      }
      const schemaName = ref.slice("#/components/schemas/".length)
      const type = document.doc.components?.schemas?.[schemaName]?.properties?.type?.const
      if (typeof type === "string") {
        events.set(type, {
          document: document.file,
          name,
          type,
          schemaName,
          pointer: pointer("components", "schemas", schemaName),
        })
      }
    }
  }

  const eventSpec = (type: string): PublishedEvent | null => {
    const found = events.get(EVENT_RENAMES[type] ?? type)
    if (!found) {
      return null
    }
    const { pointer: _pointer, ...spec } = found
    return spec
  }

  const eventViolations = (type: string, body: unknown): Violation[] => {
    const found = events.get(EVENT_RENAMES[type] ?? type)
    if (!found) {
      return [{ path: "", message: `no published event ${type}` }]
    }
    return run(validatorAt(found.document, found.pointer), body)
  }

  const asStrings = (violations: Violation[]) => violations.map(formatViolation)

  return {
    documents: files,
    operation,
    responseSchema,
    responseJsonSchema,
    parameterViolations,
    parameters: (method, seedPath, headers) => asStrings(parameterViolations(method, seedPath, headers)),
    eventSpec,
    requestViolations,
    responseViolations,
    eventViolations,
    request: (method, seedPath, body) => asStrings(requestViolations(method, seedPath, body)),
    response: (method, seedPath, status, body, contentType) =>
      asStrings(responseViolations(method, seedPath, status, body, contentType)),
    event: (type, body) => asStrings(eventViolations(type, body)),
    headerName: (seedName) => HEADER_RENAMES[seedName.toLowerCase()] ?? seedName,
  }
}

function idOf(file: string): string {
  return `published:${file}`
}

function jsonMediaType(content: Record<string, any> | undefined): string | null {
  if (!content) {
    return null
  }
  return Object.keys(content).find((c) => c === "application/json" || c.endsWith("+json")) ?? null
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, any>
  // The published schema's title names where the rule comes from (`LineItemSchema`, `Money`).
  const title: unknown = (error.parentSchema as Record<string, unknown> | undefined)?.title
  const from = typeof title === "string" ? ` [${title}]` : ""
  switch (error.keyword) {
    case "additionalProperties":
      return `unknown property "${params.additionalProperty}"${from}`
    case "required":
      return `missing required property "${params.missingProperty}"${from}`
    case "enum":
      return `must be one of ${JSON.stringify(params.allowedValues)}${from}`
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)}${from}`
    default:
      return `${error.message ?? error.keyword}${from}`
  }
}

export function formatViolation(violation: Violation): string {
  return `${violation.path || "/"}: ${violation.message}`
}
