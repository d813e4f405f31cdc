import type { NextFunction, Request, Response } from "express"
import { publishedIndex } from "./published/operations"
import { EXTRA_FIELD } from "./published/shape"

/** Paths that are not the service's API: the buyer's pages (their own JSON, if any, is the page's business). */
const NOT_THE_API = /^\/(verify|soletrader|trade-account-verification|_sim)(\/|$)/

/** The message of an error body of any style (section 0, `{description}`, `{detail}`), for the minimal one. */
function messageOf(body: unknown): string {
  if (!body || typeof body !== "object") return "Error"
  const b = body as Record<string, unknown>
  if (typeof b.error_message === "string") return b.error_message
  if (typeof b.description === "string") return b.description
  if (Array.isArray(b.detail) && typeof b.detail[0]?.msg === "string") return b.detail[0].msg
  return "Error"
}

/**
 * The minimal profile's answers, applied in one place: every JSON answer of the service's API goes through here
 * (the route's `res.json`, replays of idempotent calls, errors of every layer after the request log).
 *
 * - 2xx with a published JSON schema: shaped by it (published/shape.ts: required + the seed's promises, nullable
 *   fields null, unknown fields added).
 * - 2xx published without a JSON body (a cancel, a delegation, an autofill write): `{}` with the unknown field, but
 *   where the seed promises a body (returning-buyer verification: "the business details plus total_matches").
 * - 2xx of an operation that is not published (erasure, matches, credits, evidence): the body as it is, with the
 *   unknown field.
 * - errors: no code (the seed shows no error shape: the status decides): `{"message": "..."}`, or
 *   `{"description": "..."}` where the document's own `Error` requires it (repay-api, company-api).
 */
export function minimalAnswers() {
  const index = publishedIndex()
  return (req: Request, res: Response, next: NextFunction) => {
    if (NOT_THE_API.test(req.path)) return next()
    const path = req.path
    const method = req.method
    const json = res.json.bind(res)
    res.json = (body: unknown) => {
      const status = res.statusCode
      const operation = index.operation(method, path)
      if (status >= 400) {
        const message = messageOf(body)
        return json(operation && index.hasDescriptionErrors(operation) ? { description: message } : { message })
      }
      if (status < 200 || status > 299) return json(body)
      if (!operation) {
        return json(
          body && typeof body === "object" && !Array.isArray(body)
            ? { ...body, [EXTRA_FIELD]: { added_by: "trade-credit-simulator (profile minimal)" } }
            : body,
        )
      }
      const schema = index.responseSchema(operation, status)
      if (schema === undefined || schema === null) {
        if (
          PROMISED_WHOLE.some((p) => p.method === method && p.pattern.test(path)) &&
          body &&
          typeof body === "object"
        ) {
          return json({ ...body, [EXTRA_FIELD]: { added_by: "trade-credit-simulator (profile minimal)" } })
        }
        return json({ [EXTRA_FIELD]: { added_by: "trade-credit-simulator (profile minimal)" } })
      }
      return json(operation.shaper.shape(schema, body))
    }
    next()
  }
}

/** Operations the published documents give no body for, whose body the seed promises. */
const PROMISED_WHOLE = [{ method: "PATCH", pattern: /^\/proposal\/returning-buyer\/verification$/ }]

/**
 * An event as the minimal profile sends it: the published name (`business_registry.approved.v1` for the seed's
 * `enrollment.approved`), the published envelope (`id, source, type, time, data`, no `specversion`) with only the
 * required data (order events without `state` and `status`), and an unknown field. An event the documents do not
 * publish (the contract's `repayment.plan.funding_decided`) keeps its name and data, in the same envelope.
 */
export function minimalEvent(
  type: string,
  payload: Record<string, unknown>,
): { type: string; payload: Record<string, unknown> } {
  const event = publishedIndex().event(type)
  if (!event) {
    const { specversion: _specversion, ...rest } = payload
    return { type, payload: { ...rest, [EXTRA_FIELD]: { added_by: "trade-credit-simulator (profile minimal)" } } }
  }
  const renamed = { ...payload, type: event.type }
  return {
    type: event.type,
    payload: event.shaper.shape({ $ref: event.schemaRef }, renamed) as Record<string, unknown>,
  }
}
