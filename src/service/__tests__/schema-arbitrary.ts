import fc from "fast-check"

/**
 * JSON Schema (OpenAPI 3.1, as the service publishes it) → fast-check arbitrary of the JSON values it allows.
 * Issue 36: what the client reads must accept every answer the published documents allow; property tests feed
 * answers made here to the very parsing path the client uses. Reusable for any published schema (answers, webhook
 * event payloads): pass the schema and the document its `$ref`s resolve in (`loadPublished().responseJsonSchema`
 * gives both for an answer).
 *
 * Handled: `$ref` (`#/...` inside `root`), `allOf` (merged), `oneOf` / `anyOf` (one branch), `type` arrays and
 * `{type: "null"}` branches (nullable), `const`, `enum`, `format` (`date`, `date-time`, `uuid`, `email`, `uri`,
 * and the service's `decimal`, read with the field's `pattern`), `pattern` (anchored; with lookarounds and length
 * bounds too, without rejection sampling: `patternString`),
 * `minLength` / `maxLength`, `minimum` / `maximum` (and the exclusive ones), `minItems` / `maxItems`,
 * `required` vs optional, `additionalProperties`. A required property the schema does not describe (the published
 * `LineItemResponseSchema` requires an undeclared `description`) is a string. Arrays hold at most `maxItems`
 * (default 2) values; below `maxDepth` (default 6) optional parts are left out.
 *
 * Flavours (`flavour`), each a kind of answer the documents allow:
 * - `full`: every property present, nullable ones with a value (the answer the plugin is written against);
 * - `required`: only required properties (and the `forced` ones);
 * - `nulls`: every property present, every nullable one null;
 * - `extra`: as `full`, plus unknown properties in every object that does not forbid them.
 * Enum values: the generator picks among them; `enumSites` lists every enum a schema reaches, and `pin` forces a
 * value at one place, so a test can go through each value of each enum.
 *
 * Paths name places in the generated value: property names joined by `/`, `*` for any array item
 * (`refunds/*` + `/tax_subtotals`).
 */

export type JsonSchema = Record<string, any>

export type Flavour = "full" | "required" | "nulls" | "extra"

export type SchemaArbitraryOptions = {
  /** The document `#/...` references resolve in. */
  root: JsonSchema
  flavour?: Flavour
  /**
   * Paths that are always present and never null, whatever the flavour: what the seed promises (an order's `state`,
   * `status`), and what the plugin refuses on purpose to go without (listed in docs/service-contract-notes.md).
   */
  forced?: string[]
  /** Arbitraries used as they are at these paths (a value pinned for an enum site, ids that must agree). */
  overrides?: Record<string, fc.Arbitrary<unknown>>
  maxItems?: number
  maxDepth?: number
}

/** The arbitrary of every JSON value `schema` allows, in the chosen flavour. */
export function arbitraryFromSchema(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const context: Context = {
    root: options.root,
    flavour: options.flavour ?? "full",
    forced: new Set(options.forced ?? []),
    overrides: options.overrides ?? {},
    maxItems: options.maxItems ?? 2,
    maxDepth: options.maxDepth ?? 6,
  }
  return build(schema, "", 0, context)
}

/** `{path: value}` → overrides that pin each path to its value. */
export function pin(values: Record<string, unknown>): Record<string, fc.Arbitrary<unknown>> {
  return Object.fromEntries(Object.entries(values).map(([path, value]) => [path, fc.constant(value)]))
}

export type EnumSite = { path: string; values: unknown[] }

/** Every enum (and `const`) the schema reaches, by path, to pin each value once. Stops at `maxDepth`. */
export function enumSites(schema: JsonSchema, root: JsonSchema, maxDepth = 6): EnumSite[] {
  const sites = new Map<string, Set<unknown>>()
  const walk = (node: JsonSchema | undefined, path: string, depth: number, refs: string[]) => {
    if (!node || typeof node !== "object" || depth > maxDepth) return
    if (typeof node.$ref === "string") {
      if (refs.includes(node.$ref)) return
      walk(resolve(node.$ref, root), path, depth, [...refs, node.$ref])
    }
    if (Array.isArray(node.enum)) {
      const set = sites.get(path) ?? new Set()
      node.enum.forEach((v: unknown) => set.add(v))
      sites.set(path, set)
    }
    for (const key of ["allOf", "anyOf", "oneOf"]) for (const branch of node[key] ?? []) walk(branch, path, depth, refs)
    for (const [name, child] of Object.entries<JsonSchema>(node.properties ?? {}))
      walk(child, join(path, name), depth + 1, refs)
    if (node.items && typeof node.items === "object") walk(node.items, join(path, "*"), depth + 1, refs)
  }
  walk(schema, "", 0, [])
  return [...sites].map(([path, values]) => ({ path, values: [...values] }))
}

/** Resolves `#/a/b` inside `root`. */
export function resolve(ref: string, root: JsonSchema): JsonSchema {
  if (!ref.startsWith("#/")) throw new Error(`schema-arbitrary: only local references are followed, not ${ref}`)
  const found = ref
    .slice(2)
    .split("/")
    .reduce<any>((node, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], root)
  if (!found) throw new Error(`schema-arbitrary: ${ref} does not resolve`)
  return found
}

type Context = {
  root: JsonSchema
  flavour: Flavour
  forced: Set<string>
  overrides: Record<string, fc.Arbitrary<unknown>>
  maxItems: number
  maxDepth: number
}

const join = (path: string, part: string) => (path ? `${path}/${part}` : part)

/** True when a path below (or at) `path` is forced or overridden: its parents must then be present and not null. */
function needed(path: string, context: Context): boolean {
  const below = (p: string) => path === "" || p === path || p.startsWith(`${path}/`)
  return [...context.forced].some(below) || Object.keys(context.overrides).some(below)
}

const isNullSchema = (node: JsonSchema) =>
  node.type === "null" || (Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null)

/** Flattens `$ref` and `allOf` into one schema (properties and required lists merged). */
function flatten(node: JsonSchema, root: JsonSchema, seen: string[] = []): JsonSchema {
  let current = node
  while (typeof current.$ref === "string") {
    if (seen.includes(current.$ref)) return {}
    const { $ref, ...rest } = current
    seen = [...seen, $ref]
    current = { ...resolve($ref, root), ...rest }
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...rest } = current
    return (allOf as JsonSchema[])
      .map((part) => flatten(part, root, seen))
      .reduce(
        (merged, part) => ({
          ...merged,
          ...part,
          properties: { ...(merged.properties ?? {}), ...(part.properties ?? {}) },
          required: [...(merged.required ?? []), ...(part.required ?? [])],
        }),
        rest,
      )
  }
  return current
}

/**
 * Built arbitraries, per document, schema node and (flavour, depth, limits): a part of the value no forced or pinned
 * path reaches does not depend on where it is, so it is built once and shared by every later call (the enum test pins
 * one value at a time: only the way down to the pinned place is built again, not the whole order).
 */
const built = new WeakMap<JsonSchema, WeakMap<JsonSchema, Map<string, fc.Arbitrary<unknown>>>>()

function build(node: JsonSchema, path: string, depth: number, context: Context): fc.Arbitrary<unknown> {
  const override = context.overrides[path]
  if (override) return override
  const nonNull = needed(path, context)
  if (nonNull) return buildNode(node, path, depth, context, nonNull)
  let byNode = built.get(context.root)
  if (!byNode) built.set(context.root, (byNode = new WeakMap()))
  let byKey = byNode.get(node)
  if (!byKey) byNode.set(node, (byKey = new Map()))
  const key = `${context.flavour}|${depth}|${context.maxItems}|${context.maxDepth}`
  let arbitrary = byKey.get(key)
  if (!arbitrary) byKey.set(key, (arbitrary = buildNode(node, path, depth, context, nonNull)))
  return arbitrary
}

function buildNode(
  node: JsonSchema,
  path: string,
  depth: number,
  context: Context,
  nonNull: boolean,
): fc.Arbitrary<unknown> {
  const schema = flatten(node, context.root)

  // Alternatives: `anyOf` / `oneOf`, `type` arrays. A null branch is taken in the `nulls` flavour, never when forced.
  const branches: JsonSchema[] | undefined = schema.anyOf ?? schema.oneOf
  if (branches) {
    const { anyOf: _a, oneOf: _o, discriminator: _d, ...rest } = schema
    const withRest = branches.map((branch) => ({ ...rest, ...flatten(branch, context.root) }))
    const values = withRest.filter((b) => !isNullSchema(b))
    const nullable = values.length < withRest.length
    if (nullable && context.flavour === "nulls" && !nonNull) return fc.constant(null)
    const arbitraries = values.map((b) => build(b, path, depth, context))
    if (!arbitraries.length) return fc.constant(null)
    return arbitraries.length === 1 ? arbitraries[0] : fc.oneof(...arbitraries)
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t: string) => t !== "null")
    const nullable = types.length < schema.type.length
    if (nullable && context.flavour === "nulls" && !nonNull) return fc.constant(null)
    const arbitraries = types.map((type: string) => build({ ...schema, type }, path, depth, context))
    if (!arbitraries.length) return fc.constant(null)
    return arbitraries.length === 1 ? arbitraries[0] : fc.oneof(...arbitraries)
  }
  if ("const" in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) {
    // An enum that holds null is nullable: null in `nulls`, a value in `full` and `extra`, either in `required`.
    const nullable = schema.enum.includes(null) && !nonNull
    if (nullable && context.flavour === "nulls") return fc.constant(null)
    const values = schema.enum.filter((v: unknown) => v !== null || (nullable && context.flavour === "required"))
    return values.length ? fc.constantFrom(...values) : fc.constant(null)
  }
  const type: string | undefined = schema.type ?? (schema.properties ? "object" : schema.items ? "array" : undefined)
  switch (type) {
    case "null":
      return fc.constant(null)
    case "boolean":
      return fc.boolean()
    case "integer":
    case "number":
      return numberOf(schema, type)
    case "string":
      return stringOf(schema)
    case "array":
      return arrayOf(schema, path, depth, context)
    case "object":
      return objectOf(schema, path, depth, context)
    default:
      // `{}`: any JSON value.
      return anyJson()
  }
}

function numberOf(schema: JsonSchema, type: string): fc.Arbitrary<number> {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (type === "integer" ? 1 : 1e-6) : -1_000_000)
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (type === "integer" ? 1 : 1e-6) : 1_000_000)
  return type === "integer"
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

const ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
const word = (min = 1, max = 12) =>
  fc.string({ unit: fc.constantFrom(...ALNUM.split("")), minLength: min, maxLength: max })

/** The JSON Schema `pattern` anchored at both ends, so a generated string is one the pattern accepts whole. */
function anchored(pattern: string): RegExp {
  const start = pattern.startsWith("^") ? pattern : `^(?:${pattern})`
  return new RegExp(start.endsWith("$") && !start.endsWith("\\$") ? start : `${start}$`)
}

const DIGITS = "0123456789".split("")

/**
 * Decimal strings by construction: an optional sign, an integer part without leading zeros, and 1 to `decimals`
 * decimals when there are any (`-12`, `0.5`, `1234.25`).
 */
function decimalString(signed: boolean, decimals: number): fc.Arbitrary<string> {
  const fraction =
    decimals > 0
      ? fc.option(fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 1, maxLength: decimals }), {
          nil: undefined,
        })
      : fc.constant(undefined)
  return fc
    .tuple(signed ? fc.boolean() : fc.constant(false), fc.nat({ max: 9_999_999 }), fraction)
    .map(([negative, whole, digits]) => `${negative ? "-" : ""}${whole}${digits === undefined ? "" : `.${digits}`}`)
}

/** Whether a pattern has a lookahead or a lookbehind (fc.stringMatching refuses them). */
const LOOKAROUND = /\(\?<?[=!]/

/**
 * `pattern` without its lookaround groups (`(?!^[-+.]*$)`): a pattern fc.stringMatching can build from, that accepts
 * more than `pattern` does (what it lets through is checked against the whole pattern afterwards).
 */
function withoutLookarounds(pattern: string): string {
  let out = ""
  let i = 0
  while (i < pattern.length) {
    if (pattern[i] === "\\") {
      out += pattern.slice(i, i + 2)
      i += 2
    } else if (pattern[i] === "[") {
      const end = classEnd(pattern, i)
      out += pattern.slice(i, end)
      i = end
    } else if (pattern.slice(i).search(LOOKAROUND) === 0) {
      // Skip the group, nested parentheses, classes and escapes included.
      let depth = 0
      let j = i
      for (; j < pattern.length; j++) {
        if (pattern[j] === "\\") j++
        else if (pattern[j] === "[") j = classEnd(pattern, j) - 1
        else if (pattern[j] === "(") depth++
        else if (pattern[j] === ")" && --depth === 0) break
      }
      i = j + 1
    } else {
      out += pattern[i++]
    }
  }
  return out
}

/** The index just after the character class opening at `start`. */
function classEnd(pattern: string, start: number): number {
  let j = start + 1
  if (pattern[j] === "^") j++
  if (pattern[j] === "]") j++
  while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1
  return j + 1
}

/** The pattern's last atom when it repeats without bound at the end (`[0-9A-Za-z]*$`, `\d+$`): what pads a string. */
function trailingRepeat(pattern: string): string | undefined {
  return /(\[(?:\\.|[^\]\\])+\]|\\[dwsDWS]|[A-Za-z0-9])(?:\*|\+|\{\d+,\})\$?$/.exec(pattern)?.[1]
}

const SAMPLED = { numRuns: 40, seed: 36 }

/** String arbitraries by (pattern, length bounds): fc.stringMatching parses its pattern each time it is called. */
const patternStrings = new Map<string, fc.Arbitrary<string>>()

/**
 * The strings `pattern` accepts whole, `minLength` to `maxLength` long, without rejection sampling (a filter on a
 * pattern with a minimum length spins: `^[0-9A-Za-z]*$` and 15 to 34 characters, an IBAN). Built from the pattern
 * (its lookarounds left out; for those, a decimal string, the service's lookahead patterns being decimals), padded
 * with the pattern's trailing repeated atom when too short and cut when too long. Each candidate is tried on a
 * fixed sample; the best one is kept, and the rare string of it that still misses is replaced by one of the sample
 * that fits (a `map`, never a `filter`). A pattern nothing here fits is an error, at once.
 */
function patternString(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const key = `${pattern}\u0000${minLength}\u0000${maxLength}`
  const cached = patternStrings.get(key)
  if (cached) return cached
  const whole = anchored(pattern)
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength && whole.test(s)
  const source = LOOKAROUND.test(pattern) ? withoutLookarounds(pattern) : pattern
  const candidates: fc.Arbitrary<string>[] = []
  if (source !== pattern) candidates.push(decimalString(/[-+]/.test(pattern), 6))
  const base = fc.stringMatching(anchored(source))
  const atom = trailingRepeat(source.replace(/\$$/, ""))
  if (atom && (minLength > 0 || maxLength < Infinity)) {
    const padding = fc.stringMatching(new RegExp(`^${atom}{${Math.max(minLength, 1)}}$`))
    candidates.push(
      fc
        .tuple(base, padding)
        .map(([s, pad]) =>
          s.length < minLength
            ? s + pad.slice(0, minLength - s.length)
            : s.length > maxLength
              ? s.slice(0, maxLength)
              : s,
        ),
    )
  } else {
    candidates.push(base)
  }
  let best: { arbitrary: fc.Arbitrary<string>; fitting: string[] } | undefined
  for (const arbitrary of candidates) {
    const fitting = fc.sample(arbitrary, SAMPLED).filter(fits)
    if (!best || fitting.length > best.fitting.length) best = { arbitrary, fitting }
  }
  if (!best?.fitting.length)
    throw new Error(`schema-arbitrary: no way to build strings matching ${pattern}, ${minLength} to ${maxLength} long`)
  const examples = best.fitting
  const arbitrary = best.arbitrary.map((s) => (fits(s) ? s : examples[s.length % examples.length]))
  patternStrings.set(key, arbitrary)
  return arbitrary
}

/** Decimal strings by (sign, decimals). */
const decimals = new Map<string, fc.Arbitrary<string>>()

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0
  const maxLength: number = schema.maxLength ?? Math.max(minLength, 24)
  switch (schema.format) {
    case "date":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString())
    case "uuid":
      return fc.uuid()
    case "email":
      return fc
        .tuple(word(1, 10), word(1, 10), fc.constantFrom("com", "co.uk", "io"))
        .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
    case "uri":
    case "url":
      return fc.webUrl({ withQueryParameters: false, withFragments: false })
    case "decimal": {
      // The service's decimals: digits, a dot and the pattern's own bound of decimals ({0,N}), a sign when it allows.
      const pattern: string = schema.pattern ?? ""
      const places = Math.max(1, Number(/\{0,(\d+)\}/.exec(pattern)?.[1] ?? 2))
      const signed = pattern.includes("-?")
      const key = `${signed}:${places}`
      let arbitrary = decimals.get(key)
      if (!arbitrary) decimals.set(key, (arbitrary = decimalString(signed, places)))
      return arbitrary
    }
  }
  if (typeof schema.pattern === "string") return patternString(schema.pattern, minLength, maxLength)
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 24) })
}

function arrayOf(schema: JsonSchema, path: string, depth: number, context: Context): fc.Arbitrary<unknown[]> {
  const minLength: number = schema.minItems ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? context.maxItems, context.maxItems))
  if (depth >= context.maxDepth && minLength === 0) return fc.constant([])
  const item =
    schema.items && typeof schema.items === "object"
      ? build(schema.items, join(path, "*"), depth + 1, context)
      : anyJson()
  // An item below a forced or pinned path needs to exist for the pin to show.
  const atLeast = needed(join(path, "*"), context) ? Math.max(1, minLength) : minLength
  return fc.array(item, { minLength: atLeast, maxLength: Math.max(atLeast, maxLength) })
}

/** Unknown property names: never one a schema names, so they are extra by construction. */
const EXTRA_NAME = word(3, 10).map((name) => `x_unknown_${name}`)

function objectOf(
  schema: JsonSchema,
  path: string,
  depth: number,
  context: Context,
): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {}
  const required = new Set<string>(schema.required ?? [])
  const record: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, child] of Object.entries(properties)) {
    const at = join(path, name)
    const present =
      required.has(name) || needed(at, context) || (context.flavour !== "required" && depth < context.maxDepth)
    if (present) record[name] = build(child, at, depth + 1, context)
  }
  // Required, or forced, but not described: a string.
  const forcedHere = [...context.forced, ...Object.keys(context.overrides)]
    .filter((p) => p.startsWith(path ? `${path}/` : "") && !p.slice(path ? path.length + 1 : 0).includes("/"))
    .map((p) => p.slice(path ? path.length + 1 : 0))
  for (const name of [...required, ...forcedHere])
    if (!(name in record)) record[name] = context.overrides[join(path, name)] ?? word()
  const base = fc.record(record)
  const extraAllowed = schema.additionalProperties !== false && !schema.unevaluatedProperties
  if (context.flavour !== "extra" || !extraAllowed) return base
  const extraValue =
    typeof schema.additionalProperties === "object"
      ? build(schema.additionalProperties, join(path, "*"), depth + 1, context)
      : anyJson()
  return fc
    .tuple(base, fc.dictionary(EXTRA_NAME, extraValue, { minKeys: 1, maxKeys: 3 }))
    .map(([known, extra]) => ({ ...extra, ...known }))
}

function anyJson(): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)))
}
