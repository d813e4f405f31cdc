import {
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { formatPath } from "../../core/order/errors"
import { Codes, type ErrorCode } from "../errors/codes"
import { capEchoes, quote } from "../errors/quote"
import { RouteError } from "../errors/route-error"

/**
 * Validation of the plugin's bodies and queries by Medusa's own middlewares (`validateAndTransformBody`,
 * `validateAndTransformQuery`: the parsed value lands on `req.validatedBody` / `req.validatedQuery`), with the
 * plugin's error shape: Medusa's middleware refuses with a MedusaError INVALID_DATA and no code; this re-throws it
 * as a RouteError with the route's code and a message naming the field in the schema's own words (the ZodError
 * itself is not kept by Medusa, so the failing input is parsed once more to read its issues).
 */

export type Issue = z.core.$ZodIssue

/** A more specific code for some issues (e.g. a number of months outside 3 to 36), checked over all the issues. */
export type IssueRule = {
  code: ErrorCode
  matches: (issue: Issue, input: unknown) => boolean
  /** The message for that issue (default: the issue described). */
  message?: (issue: Issue, input: unknown) => string
}

export type ValidationOptions = {
  /** What is validated, opening the message: "Invalid company search". */
  what: string
  rules?: IssueRule[]
}

/**
 * Medusa's validator makes a schema with `strict` strict (unknown keys refused): of zod's types, only an object has
 * it. The issues are read with the same schema.
 */
const asMedusaParses = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodObject ? schema.strict() : schema)

/** The value an issue is about (zod's issues do not carry it). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const step of path) {
    if (value === null || typeof value !== "object") return undefined
    value = (value as Record<PropertyKey, unknown>)[step]
  }
  return value
}

/** One issue in words, the field first: `company.company_name is required`, `unknown parameter "page"`. */
export function describeIssue(issue: Issue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown parameter ${issue.keys.map((key) => `"${quote(key)}"`).join(", ")}`
  const path = formatPath(issue.path)
  return !path || issue.message.startsWith(path.split("[")[0]) ? issue.message : `${path}: ${issue.message}`
}

/**
 * The RouteError of a refused input: the first rule any issue matches, else the first issue with the route's code.
 * Its message quotes at most QUOTE_LENGTH characters of the input (capEchoes), whoever wrote it: a schema of the
 * service's contract may quote the value it refuses, and Medusa's validator writes `got: '<value>'`.
 */
export function refusal(
  schema: z.ZodType,
  input: unknown,
  error: unknown,
  code: ErrorCode,
  options: ValidationOptions,
): unknown {
  if (!(error instanceof MedusaError)) return error
  const refuse = (errorCode: ErrorCode, message: string) => new RouteError(errorCode, capEchoes(message, input))
  const parsed = asMedusaParses(schema).safeParse(input)
  if (parsed.success) return refuse(code, `${options.what}: ${error.message}`)
  const issues = parsed.error.issues
  for (const rule of options.rules ?? []) {
    const issue = issues.find((candidate) => rule.matches(candidate, input))
    if (issue)
      return refuse(rule.code, rule.message ? rule.message(issue, input) : `${options.what}: ${describeIssue(issue)}`)
  }
  return refuse(code, `${options.what}: ${describeIssue(issues[0])}`)
}

/**
 * Validates the JSON body with `schema` (Medusa's validateAndTransformBody); a refusal is 400 with `code`. A body
 * that is not JSON (a form, text) is 415 TRADE_CREDIT_UNSUPPORTED_MEDIA_TYPE.
 */
export function validateBody<S extends z.ZodType>(schema: S, code: ErrorCode, options: ValidationOptions) {
  const validate = validateAndTransformBody(schema)
  return function validateTradeCreditBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    // `is` answers null when there is no body, false for a body of another type; an empty body of any type (what
    // Medusa's parsers leave: "" or {}) is no body.
    const empty = typeof req.body === "string" ? req.body.length === 0 : !req.body || Object.keys(req.body).length === 0
    if (!empty && req.is(["application/json", "application/*+json"]) === false) {
      return next(
        new RouteError(
          Codes.TRADE_CREDIT_UNSUPPORTED_MEDIA_TYPE,
          `${options.what}: send the body as JSON (Content-Type: application/json)`,
        ),
      )
    }
    // No body at all reads as an empty object, so that "required" names the missing fields.
    if (req.body === undefined || req.body === null) req.body = {}
    return validate(req, res, (error?: unknown) =>
      error ? next(refusal(schema, req.body, error, code, options)) : next(),
    )
  }
}

/**
 * Validates the query with `schema` (Medusa's validateAndTransformQuery; the plugin's routes take no `fields`, so
 * its query config is empty); a refusal is 400 with `code`.
 */
export function validateQuery<S extends z.ZodType>(schema: S, code: ErrorCode, options: ValidationOptions) {
  const validate = validateAndTransformQuery(schema, {})
  return function validateTradeCreditQuery(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    return validate(req, res, (error?: unknown) =>
      error ? next(refusal(schema, req.query, error, code, options)) : next(),
    )
  }
}

/** Validates the path parameters (Medusa has no middleware for them); a refusal is 400 with `code`. */
export function validateParams<S extends z.ZodType>(schema: S, code: ErrorCode, options: ValidationOptions) {
  return function validateTradeCreditParams(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
    const parsed = schema.safeParse(req.params)
    if (parsed.success) return next()
    const issue = parsed.error.issues[0]
    return next(new RouteError(code, capEchoes(`${options.what}: ${describeIssue(issue)}`, req.params)))
  }
}

/** A route that takes no query parameter, or no body (an empty JSON object, or none at all). */
export const NoQuery = z.strictObject({})
export const NoBody = z.strictObject({})
