import fc from "fast-check"
import { loadPublishedSync, readFacts, type PublishedDocuments } from "../../../conformance/published"
import { arbitraryFromSchema } from "./schema-arbitrary"

/**
 * The service's webhook payloads, read from its published documents (webhooks-api.yaml, through
 * conformance/published.ts), and the flavours a reader must accept (contract section 9): only the required fields,
 * every nullable field null, unknown fields added, each enum value. The values are made by schema-arbitrary.ts (the
 * one generator, also the API answers'); what is here derives the flavours from a full payload (so that each names the
 * same ids as the full one) and lists the enums by path.
 */

export type JsonSchema = Record<string, any>

/** A schema resolved inside its document. */
export type SchemaContext = { root: JsonSchema }

export type EventSchema = {
  /** The published type (`order.verified.v1`, `business_registry.approved.v1`). */
  type: string
  /** The payload schema (the envelope with its `data`). */
  schema: JsonSchema
  context: SchemaContext
}

let documents: { published: PublishedDocuments; webhooks: JsonSchema } | undefined

/** The published documents (validation) and webhooks-api.yaml's facts (generation; committed), loaded once. */
export function publishedWebhooks(): { published: PublishedDocuments; webhooks: JsonSchema } {
  if (!documents) {
    const published = loadPublishedSync()
    const webhooks = readFacts().find((d) => d.file === "webhooks-api.yaml")!.doc as JsonSchema
    documents = { published, webhooks }
  }
  return documents
}

/** Every event type the published webhooks document names (the `const` of each webhook payload's `type`). */
export function publishedEventTypes(): string[] {
  const { webhooks } = publishedWebhooks()
  const types: string[] = []
  for (const item of Object.values<JsonSchema>(webhooks.webhooks ?? {})) {
    const ref: string | undefined = item.post?.requestBody?.content?.["application/json"]?.schema?.$ref
    const schema = ref ? resolve({ $ref: ref }, { root: webhooks }) : undefined
    const type = schema?.properties?.type?.const
    if (typeof type === "string") types.push(type)
  }
  return types
}

/** The published payload schema of an event, by its published or seed name (conformance/published.ts maps the seed's).
 * */
export function eventSchema(type: string): EventSchema {
  const { published, webhooks } = publishedWebhooks()
  const spec = published.eventSpec(type)
  if (!spec) throw new Error(`no published event ${type}`)
  if (spec.document !== "webhooks-api.yaml")
    throw new Error(`${type} is published in ${spec.document}, not webhooks-api.yaml`)
  return { type: spec.type, schema: webhooks.components.schemas[spec.schemaName], context: { root: webhooks } }
}

/** Follows `$ref`s (`#/components/schemas/...`) inside the document. */
export function resolve(schema: JsonSchema, context: SchemaContext): JsonSchema {
  let current = schema
  for (let depth = 0; current?.$ref; depth++) {
    if (depth > 32) throw new Error(`$ref loop at ${current.$ref}`)
    const ref: string = current.$ref
    if (!ref.startsWith("#/")) throw new Error(`only local $refs are followed: ${ref}`)
    const target = ref
      .slice(2)
      .split("/")
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((node: any, key) => node?.[key], context.root)
    if (!target) throw new Error(`$ref ${ref} not found`)
    const { $ref: _ref, ...siblings } = current
    current = Object.keys(siblings).length ? { ...target, ...siblings } : target
  }
  return current
}

const isNullSchema = (s: JsonSchema) =>
  s?.type === "null" || (Array.isArray(s?.enum) && s.enum.length === 1 && s.enum[0] === null)

/** Whether a schema allows null (`anyOf` with a null branch, `type: [.., "null"]`). */
export function isNullable(schema: JsonSchema, context: SchemaContext): boolean {
  const s = resolve(schema, context)
  if (Array.isArray(s.type) && s.type.includes("null")) return true
  if (s.type === "null") return true
  const branches: JsonSchema[] = s.anyOf ?? s.oneOf ?? []
  return branches.some((b) => isNullSchema(resolve(b, context)))
}

/** The non-null branches of a schema (`anyOf: [X, null]` → `[X]`). */
function nonNullBranches(schema: JsonSchema, context: SchemaContext): JsonSchema[] {
  const s = resolve(schema, context)
  const branches: JsonSchema[] | undefined = s.anyOf ?? s.oneOf
  if (branches) return branches.map((b) => resolve(b, context)).filter((b) => !isNullSchema(b))
  if (Array.isArray(s.type)) return s.type.filter((t: string) => t !== "null").map((type: string) => ({ ...s, type }))
  return [s]
}

/** allOf flattened into one object schema (the published documents use it only to extend objects). */
function merged(schema: JsonSchema, context: SchemaContext): JsonSchema {
  const s = resolve(schema, context)
  if (!s.allOf) return s
  const parts = (s.allOf as JsonSchema[]).map((p) => merged(p, context))
  const { allOf: _allOf, ...rest } = s
  return parts.reduce(
    (acc, p) => ({
      ...acc,
      ...p,
      properties: { ...(acc.properties ?? {}), ...(p.properties ?? {}) },
      required: [...new Set([...(acc.required ?? []), ...(p.required ?? [])])],
    }),
    rest,
  )
}

/**
 * A value of `schema` with every property present (`full`: the most a sender may put in), nullable values non-null:
 * schema-arbitrary.ts's generator (the one the API answers are made with) in its `full` flavour, lists up to 3 items.
 * The flavours are derived from such a value (below), so that a flavour and its full payload name the same ids.
 */
export function fullValueOf(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  return arbitraryFromSchema(schema, { root: context.root, flavour: "full", maxItems: 3, maxDepth: 8 })
}

/** Only the required properties, at every level (a sender's least). */
export function requiredOnly(value: unknown, schema: JsonSchema, context: SchemaContext): unknown {
  return walkObjects(value, schema, context, (object, s) => {
    const required = new Set<string>(s.required ?? [])
    return Object.fromEntries(Object.entries(object).filter(([key]) => required.has(key)))
  })
}

/** Every nullable property null, at every level. */
export function nullsWherever(value: unknown, schema: JsonSchema, context: SchemaContext): unknown {
  return walkObjects(value, schema, context, (object, s) => {
    const properties: Record<string, JsonSchema> = s.properties ?? {}
    return Object.fromEntries(
      Object.entries(object).map(([key, v]) => [
        key,
        properties[key] && isNullable(properties[key], context) ? null : v,
      ]),
    )
  })
}

/** Unknown fields (names the schema does not list) added to every object, from `extras`. */
export function withUnknownFields(
  value: unknown,
  schema: JsonSchema,
  context: SchemaContext,
  extras: Record<string, unknown>,
): unknown {
  return walkObjects(value, schema, context, (object, s) => {
    const known = new Set(Object.keys(s.properties ?? {}))
    const added = Object.entries(extras).filter(([key]) => !known.has(key) && key !== "__proto__")
    return { ...object, ...Object.fromEntries(added) }
  })
}

/** Unknown fields to add: names and JSON values of any kind. */
export const unknownFields = fc.dictionary(
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom("extension", "x_new_field", "subject", "datacontenttype"),
  ),
  fc.jsonValue({ maxDepth: 2 }),
  { minKeys: 1, maxKeys: 4 },
)

/** Every enum the schema holds, with the path to it (object properties only) and its values. */
export function enumsOf(
  schema: JsonSchema,
  context: SchemaContext,
  at: string[] = [],
  seen = new Set<object>(),
): { path: string[]; values: unknown[] }[] {
  const s = merged(schema, context)
  if (seen.has(s)) return []
  seen.add(s)
  const found: { path: string[]; values: unknown[] }[] = []
  if (Array.isArray(s.enum)) found.push({ path: at, values: s.enum })
  for (const branch of nonNullBranches(s, context)) {
    if (branch !== s) found.push(...enumsOf(branch, context, at, seen))
  }
  for (const [key, property] of Object.entries<JsonSchema>(s.properties ?? {}))
    found.push(...enumsOf(property, context, [...at, key], seen))
  return found
}

/** `value` with `path` set to `replacement` (a copy; the objects on the way must exist). */
export function setAt(value: unknown, at: string[], replacement: unknown): unknown {
  if (!at.length) return replacement
  const [head, ...rest] = at
  const object = (value ?? {}) as Record<string, unknown>
  return { ...object, [head]: setAt(object[head], rest, replacement) }
}

/** Applies `change` to each object of `value` that `schema` describes as an object, deepest first. */
function walkObjects(
  value: unknown,
  schema: JsonSchema,
  context: SchemaContext,
  change: (object: Record<string, unknown>, schema: JsonSchema) => Record<string, unknown>,
): unknown {
  if (value === null || typeof value !== "object") return value
  const s = merged(schema, context)
  if (Array.isArray(value)) {
    const items = objectBranch(s, context)?.items
    return items ? value.map((v) => walkObjects(v, items, context, change)) : value
  }
  const objectSchema = objectBranch(s, context)
  if (!objectSchema) return value
  const properties: Record<string, JsonSchema> = objectSchema.properties ?? {}
  const inner = Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      properties[key] ? walkObjects(v, properties[key], context, change) : v,
    ]),
  )
  return change(inner, objectSchema)
}

/** The branch of a schema that describes an object (or an array), for walking into a value. */
function objectBranch(s: JsonSchema, context: SchemaContext): JsonSchema | undefined {
  const type = s.type ?? (s.properties ? "object" : undefined)
  if (type === "object" || type === "array") return s
  const branches = nonNullBranches(s, context).map((b) => merged(b, context))
  return branches.find((b) => b.type === "object" || b.properties || b.type === "array")
}
