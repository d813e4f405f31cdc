import type { z } from "@medusajs/framework/zod"
import { type ErrorJsonEntry, schemaError } from "./errors"

/** Parses a body or a query with a schema of src/service/schemas; 400 SCHEMA_ERROR with the zod issues otherwise. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: "body" | "query"): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const json: ErrorJsonEntry[] = result.error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }))
  const first = json[0]
  throw schemaError(`The ${where} does not match the schema: ${first.loc.join(".")}: ${first.msg}`, json)
}
