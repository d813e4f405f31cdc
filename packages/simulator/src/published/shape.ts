/**
 * The minimal profile's response shaper: walks the published schema of an answer and keeps only what the published
 * documents require, plus what the seed (interfaces.md) promises; a kept field that the published schema makes
 * nullable and the seed does not promise becomes `null`; unknown fields are added, as the real service may add
 * fields. Generic: nothing here knows an operation, only schemas, and the table of the seed's promises below.
 */

/**
 * A node of a published OpenAPI document as parsed JSON (conformance/published-facts.json): any field may hold any
 * JSON value, so the code reads them defensively (`?.`, Array.isArray, typeof, `in`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON documents, walked generically
export type JsonNode = Record<string, any>
type Schema = JsonNode
export type Document = JsonNode

/** The marker fields the minimal profile adds (a reader must ignore fields it does not know). */
export const EXTRA_FIELD = "x_sim_extra"
export const NESTED_EXTRA_FIELD = "x_sim_unknown"
const EXTRA_VALUE = {
  added_by: "trade-credit-simulator (profile minimal)",
  nested: { [NESTED_EXTRA_FIELD]: true, level: 2 },
}

/**
 * What the seed promises beyond the published `required`, by published schema name: kept with their value (never
 * nulled). The ids of resources the seed's paths name afterwards (an order, a plan, an account, a proposal) are
 * promised: the seed's flows use them (`/v1/order/<order_id>`, the repayment status of the plan created,
 * `/registry/v1/proposal/<id>`).
 */
export const SEED_PROMISES: Record<string, string[]> = {
  // "Response carries state, status and payment_url"; order_id identifies the order in paths.
  OrderResponseSchema: ["id", "state", "status", "payment_url"],
  // "Response carries tracking_id"; "offer the service only if the check is approved".
  OrderIntentResponseSchema: ["tracking_id", "approved"],
  // A plan has a number of periods, a cadence (terms, required anyway) and is polled afterwards: its id.
  RepaymentPlanResponse: ["id"],
  // The account is named by the plan.
  RepaymentAccount: ["id"],
  // "status (...); enrolled_business (populated when ACCEPTED)"; read by id.
  ProposalSchema: ["id", "status", "enrolled_business"],
  // Buyer details (autofill): company_name, country_code, organization_number, addresses.
  BuyerDetailsSchema: ["company_name", "country_code", "organization_number", "billing_address", "shipping_address"],
  // "Company search result: carries canonical_id" (the published item has none: the seed wins).
  SearchCompanyInstance: ["canonical_id"],
  // The published details are a bare `type: object`; the seed's repayment flow "identifies the business" by the
  // company lookup: its identity (the id, the registered number, the country, the name) is taken as promised.
  CompanyDetailsResponse: ["canonical_id", "organization_number", "country", "name"],
  // "Webhook payload includes organization_number" (required anyway).
  EnrollmentApprovedEventData: ["organization_number"],
}

/**
 * Fields neither the seed nor the published documents promise that the plugin still depends on, kept by the minimal
 * profile on purpose and listed in docs/service-contract-notes.md ("What the minimal profile keeps"): the order's
 * `fulfilments[]` (contract section 2's chosen reading of a partial fulfilment; the published service splits the
 * order into `fulfilled_order` / `remained_order` instead) and `refunds[]` (published, optional). A reader without
 * them cannot tell what was invoiced or refunded; making the plugin work without them is its own issue.
 */
export const CONTRACT_KEPT: Record<string, string[]> = {
  OrderResponseSchema: ["fulfilments", "refunds"],
}

export type ShapeOptions = {
  /** Add `x_sim_extra` to the top-level object(s) and `x_sim_unknown` to nested objects (default true). */
  extras?: boolean
}

export class Shaper {
  constructor(private readonly doc: Document) {}

  /** The schema a `$ref` names (inside this document), and its name. */
  private resolve(schema: Schema | undefined): { schema: Schema; name: string | null } {
    let name: string | null = null
    let current: Schema = schema ?? {}
    for (let i = 0; i < 20 && typeof current?.$ref === "string"; i++) {
      const ref: string = current.$ref
      if (!ref.startsWith("#/")) break
      name = ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : name
      current =
        ref
          .slice(2)
          .split("/")
          .reduce<Schema>((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], this.doc) ?? {}
    }
    return { schema: current, name }
  }

  /** Whether `null` is an allowed value of the schema. */
  nullable(schema: Schema | undefined): boolean {
    const { schema: s } = this.resolve(schema)
    if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) return true
    if (s.const === null || (Array.isArray(s.enum) && s.enum.includes(null))) return true
    for (const key of ["anyOf", "oneOf"])
      if (Array.isArray(s[key]) && s[key].some((b: Schema) => this.nullable(b))) return true
    if (Array.isArray(s.allOf) && s.allOf.length > 0 && s.allOf.every((b: Schema) => this.nullable(b))) return true
    return false
  }

  /** A loose test of whether a value could be of a schema (to choose an anyOf/oneOf branch). */
  fits(schema: Schema | undefined, value: unknown, depth = 0): boolean {
    const { schema: s } = this.resolve(schema)
    if (depth > 8) return true
    if ("const" in s) return JSON.stringify(s.const) === JSON.stringify(value)
    if (Array.isArray(s.enum)) return s.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(value))
    if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf))
      return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((b: Schema) => this.fits(b, value, depth + 1))
    if (Array.isArray(s.allOf)) return s.allOf.every((b: Schema) => this.fits(b, value, depth + 1))
    const types: string[] = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
    if (types.length) {
      const kind =
        value === null
          ? "null"
          : Array.isArray(value)
            ? "array"
            : typeof value === "number"
              ? Number.isInteger(value)
                ? "integer"
                : "number"
              : typeof value
      const ok = types.some((t) => t === kind || (t === "number" && kind === "integer"))
      if (!ok) return false
    }
    if (value && typeof value === "object" && !Array.isArray(value) && (s.properties || s.required)) {
      const object = value as Record<string, unknown>
      if ((s.required ?? []).some((k: string) => !(k in object))) return false
      for (const [k, p] of Object.entries<Schema>(s.properties ?? {})) {
        const { schema: ps } = this.resolve(p)
        if (k in object && ("const" in ps || Array.isArray(ps.enum)) && !this.fits(ps, object[k], depth + 1))
          return false
      }
    }
    return true
  }

  /** The value in the narrowest shape the schema allows (see the file's comment). */
  shape(schema: Schema | undefined, value: unknown, options: ShapeOptions = {}): unknown {
    return this.walk(schema, value, 0, options.extras !== false)
  }

  private walk(
    schema: Schema | undefined,
    value: unknown,
    depth: number,
    extras: boolean,
    name?: string | null,
  ): unknown {
    const resolved = this.resolve(schema)
    const s = resolved.schema
    const schemaName = resolved.name ?? name ?? null
    if (value === null || value === undefined) return value

    if (Array.isArray(s.allOf) && s.allOf.length > 0) {
      if (s.allOf.length === 1 && !s.properties) return this.walk(s.allOf[0], value, depth, extras, schemaName)
      if (!value || typeof value !== "object" || Array.isArray(value)) return value
      // Every part's kept fields, together.
      const merged: Record<string, unknown> = {}
      for (const part of [...s.allOf, ...(s.properties ? [{ ...s, allOf: undefined }] : [])]) {
        const shaped = this.walk(part, value, depth, false, schemaName)
        if (shaped && typeof shaped === "object") Object.assign(merged, shaped)
      }
      return this.withExtras(s, merged, depth, extras)
    }

    for (const key of ["oneOf", "anyOf"] as const) {
      if (Array.isArray(s[key])) {
        const branches = (s[key] as Schema[]).filter((b) => !this.isNull(b))
        if (branches.length === 0) return value
        const mapped = this.byDiscriminator(s, value)
        const branch = mapped ?? branches.find((b) => this.fits(b, value)) ?? branches[0]
        return this.walk(branch, value, depth, extras, schemaName)
      }
    }

    if (Array.isArray(value)) {
      if (!s.items) return value
      // The items of a top-level array are the answer's objects: each gets the top-level extra.
      return value.map((item) => this.walk(s.items, item, depth, extras))
    }

    if (typeof value !== "object") return value
    const object = value as Record<string, unknown>
    const properties: Record<string, Schema> = s.properties ?? {}
    const promised = new Set(
      schemaName ? [...(SEED_PROMISES[schemaName] ?? []), ...(CONTRACT_KEPT[schemaName] ?? [])] : [],
    )
    if (!s.properties && !s.required) {
      // A map (additionalProperties a schema) keeps its entries; an object the document says nothing about keeps
      // only what the seed promises (often nothing: `{}`).
      if (s.additionalProperties && typeof s.additionalProperties === "object") return value
      const kept = Object.fromEntries([...promised].filter((k) => k in object).map((k) => [k, object[k]]))
      return this.withExtras(s, kept, depth, extras)
    }
    const keep = new Set<string>([...(s.required ?? []), ...promised])
    // Type tags (`const` properties) stay, so a oneOf still tells its branches apart.
    for (const [k, p] of Object.entries(properties)) {
      const { schema: ps } = this.resolve(p)
      if ("const" in ps) keep.add(k)
      if (s.discriminator?.propertyName === k) keep.add(k)
    }
    const out: Record<string, unknown> = {}
    for (const k of keep) {
      if (!(k in object)) continue
      const property = properties[k]
      if (!property) {
        out[k] = object[k]
        continue
      }
      if (!promised.has(k) && this.nullable(property)) {
        out[k] = null
        continue
      }
      out[k] = this.walk(property, object[k], depth + 1, extras)
    }
    return this.withExtras(s, out, depth, extras)
  }

  private isNull(schema: Schema): boolean {
    const { schema: s } = this.resolve(schema)
    return s.type === "null"
  }

  private byDiscriminator(s: Schema, value: unknown): Schema | null {
    const property = s.discriminator?.propertyName
    const mapping = s.discriminator?.mapping
    if (!property || !mapping || !value || typeof value !== "object") return null
    const tag = (value as Record<string, unknown>)[property]
    const ref = typeof tag === "string" ? mapping[tag] : undefined
    return typeof ref === "string" ? { $ref: ref } : null
  }

  private withExtras(s: Schema, out: Record<string, unknown>, depth: number, extras: boolean): Record<string, unknown> {
    if (!extras || s.additionalProperties === false || s.unevaluatedProperties === false) return out
    if (depth === 0) return { ...out, [EXTRA_FIELD]: EXTRA_VALUE }
    return { ...out, [NESTED_EXTRA_FIELD]: "added by the simulator's minimal profile" }
  }
}
