import type { z } from "zod"
import { type ErrorJsonEntry, schemaError } from "./errors"

/**
 * Parses a body, a query or a header with one of the simulator's own schemas (src/simulator/contract); a failure is
 * a validation error carrying every zod issue with its full loc (["body", "line_items", 1, "tax_amount"]).
 * sendError writes it as the request's path wants it: 400 SCHEMA_ERROR with body-relative locs (section 0), or 422
 * `{detail}` under /repay/v1 and /companies/v2.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: "body" | "query" | "header",
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const json: ErrorJsonEntry[] = result.error.issues.flatMap((issue) => {
    const loc = [where, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))]
    // An unknown field is named by its own loc, as the service's extra_forbidden errors are.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        loc: [...loc, key],
        msg: "Extra inputs are not permitted",
        type: "extra_forbidden",
      }))
    }
    return [{ loc, msg: issue.message, type: issue.code }]
  })
  const first = json[0]
  throw schemaError(`The ${where} does not match the schema: ${first.loc.join(".")}: ${first.msg}`, json)
}
