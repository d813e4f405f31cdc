import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { errorAnswer } from "../errors/answer"
import { Codes } from "../errors/codes"
import { quote } from "../errors/quote"
import { isPluginProviderId } from "../../medusa/provider-ids"
import { PLUGIN_PATHS } from "./plugin-paths"

export { QUOTE_LENGTH, quote } from "../errors/quote"

/**
 * Text is text (issue #25 item 2). PostgreSQL refuses a NUL character (`\u0000`) in a text column outright, and a
 * lone surrogate (half of a UTF-16 pair: not a character at all) cannot be encoded as UTF-8: either one, anywhere in a
 * JSON body, used to reach the database or the service and come back as Medusa's 500 (a preview's `cart_id`, a
 * sole-trader proposal's `trading_name`, a payment session's `data`). This answers such a body 400 with a code and
 * the field path, before any route, validator or service call, in one place for every route of the plugin: a root
 * middleware (Medusa registers root middlewares after its body parsers and before every route layer).
 *
 * It also bounds every string: at most MAX_TEXT_LENGTH characters, a generous global bound (routes keep their own
 * tighter limits in their validators). Keys are checked as well as values. And the body's depth: at most
 * MAX_BODY_DEPTH levels of objects and arrays (issue #36, below).
 */

/** The longest string accepted anywhere in a body (UTF-16 code units, as `String.length` counts them). */
export const MAX_TEXT_LENGTH = 10_000

/** How much of a field path a message names (its end). */
const MAX_PATH_LENGTH = 200

export const INVALID_TEXT = Codes.TRADE_CREDIT_INVALID_TEXT
export const TEXT_TOO_LONG = Codes.TRADE_CREDIT_TEXT_TOO_LONG

/**
 * Medusa's payment session route: the plugin guards it only when a session of one of its providers is asked for
 * (isPluginProviderId: `pp_trade-credit_<id>` or `pp_trade-credit-plan_<id>`, whatever id medusa-config gives them).
 */
const PAYMENT_SESSIONS = /^\/store\/payment-collections\/[^/]+\/payment-sessions\/?$/

// eslint-disable-next-line no-control-regex -- NUL is what this finds: text PostgreSQL cannot store
const NUL = /\u0000/
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type InvalidText = {
  code: typeof INVALID_TEXT | typeof TEXT_TOO_LONG
  /** The field path, e.g. `proposed_business.trading_name` or `data.invoice_emails[1]`; "(body)" for the body itself.
   * */
  path: string
  /** Whether the refused text is the key of that path rather than its value. */
  key: boolean
  problem: "nul" | "lone_surrogate" | "too_long"
  /** The text's length (UTF-16 code units). */
  length: number
  /** The first QUOTE_LENGTH characters, with control characters and lone surrogates written as `\uXXXX`. */
  quoted: string
}

/** What is wrong with one string, if anything. */
function problemOf(text: string, maxLength: number): InvalidText["problem"] | undefined {
  if (NUL.test(text)) return "nul"
  if (LONE_SURROGATE.test(text)) return "lone_surrogate"
  if (text.length > maxLength) return "too_long"
  return undefined
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/

function pathOf(parent: string, step: string | number): string {
  if (typeof step === "number") return `${parent}[${step}]`
  // A key that is not a plain name is quoted (bounded and escaped like any quoted input): `data["a b"]`.
  if (!IDENTIFIER.test(step)) return `${parent}["${quote(step).replace(/"/g, '\\"')}"]`
  return parent ? `${parent}.${step}` : step
}

/**
 * The first string in `body` (keys included, depth first, in order) that holds a NUL or a lone surrogate or is longer
 * than `maxLength`; undefined when every string is clean. Walks without recursion (a deeply nested body cannot
 * overflow the stack).
 */
export function findInvalidText(body: unknown, maxLength = MAX_TEXT_LENGTH): InvalidText | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: "" }]
  while (stack.length) {
    const { value, path } = stack.pop()!
    if (typeof value === "string") {
      const problem = problemOf(value, maxLength)
      if (problem) return found(problem, path, value, false)
      continue
    }
    if (value === null || typeof value !== "object") continue
    const children: { value: unknown; path: string }[] = []
    if (Array.isArray(value)) {
      value.forEach((item, index) => children.push({ value: item, path: pathOf(path, index) }))
    } else {
      for (const key of Object.keys(value)) {
        const problem = problemOf(key, maxLength)
        if (problem) return found(problem, pathOf(path, key), key, true)
        children.push({ value: (value as Record<string, unknown>)[key], path: pathOf(path, key) })
      }
    }
    // Pushed in reverse so that the first field is looked at first.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  return undefined
}

function found(problem: InvalidText["problem"], path: string, text: string, key: boolean): InvalidText {
  // A path through a deeply nested body is bounded too: its last MAX_PATH_LENGTH characters (where the field is).
  const bounded = path.length > MAX_PATH_LENGTH ? `…${path.slice(-MAX_PATH_LENGTH)}` : path
  return {
    code: problem === "too_long" ? TEXT_TOO_LONG : INVALID_TEXT,
    path: bounded || "(body)",
    key,
    problem,
    length: text.length,
    quoted: quote(text),
  }
}

/** The 400 answer of a refused body, in Medusa's error shape with the plugin's code. */
export function invalidTextAnswer(invalid: InvalidText, maxLength = MAX_TEXT_LENGTH) {
  const what = invalid.key ? `The field name ${invalid.path}` : `The field ${invalid.path}`
  const message =
    invalid.problem === "too_long"
      ? `${what} is too long: ${invalid.length} characters, at most ${maxLength} (starts "${invalid.quoted}")`
      : `${what} holds ` +
        `${invalid.problem === "nul" ? "a NUL character (\\u0000)" : "a lone surrogate (not a character)"}, ` +
        `which text cannot hold: "${invalid.quoted}"`
  return errorAnswer(invalid.code, message)
}

// ---- depth ---------------------------------------------------------------------------------------------

/*
 * A JSON body nested 50,000 levels deep (`[[[[…]]]]`, 100 KB: Medusa's JSON parser takes it) used to answer 500 on
 * the store routes that validate a body (issue #36): Medusa's validator (`zodValidator`) writes a value of the wrong
 * type into its message as text (`got: '${received}'`), and turning an array into text recurses once per level until
 * the stack overflows. No body of the plugin (or of a payment session of its providers) nests more than a handful of
 * levels, so one deeper than MAX_BODY_DEPTH is refused 400 TRADE_CREDIT_BODY_TOO_DEEP by the same root middleware,
 * before its text is looked at.
 */

/** The deepest body accepted: objects and arrays inside one another (a body `{}` is 1 level, `{"a": [1]}` 2). */
export const MAX_BODY_DEPTH = 64

/**
 * Where `value` nests objects and arrays more than `maxDepth` levels deep: the keys and indexes down to the first
 * container beyond the bound; undefined when it does not. Walks without recursion and stops at the bound, so a body
 * of any depth costs at most its first `maxDepth` levels per branch.
 */
export function depthBeyond(value: unknown, maxDepth = MAX_BODY_DEPTH): (string | number)[] | undefined {
  if (value === null || typeof value !== "object") return undefined
  // Each container met: its step from its parent and its parent's index here, to rebuild the path of the one found.
  const met: { step: string | number; parent: number }[] = []
  const stack: { value: unknown; depth: number; step: string | number; parent: number }[] = [
    { value, depth: 1, step: "", parent: -1 },
  ]
  while (stack.length) {
    const { value: current, depth, step, parent } = stack.pop()!
    const index = met.push({ step, parent }) - 1
    if (depth > maxDepth) return pathTo(met, index)
    const children: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, i) => [i, item])
      : Object.entries(current as object)
    // Pushed in reverse so that the first field is looked at first.
    for (let i = children.length - 1; i >= 0; i--) {
      const [childStep, child] = children[i]
      if (child !== null && typeof child === "object")
        stack.push({ value: child, depth: depth + 1, step: childStep, parent: index })
    }
  }
  return undefined
}

function pathTo(met: { step: string | number; parent: number }[], index: number): (string | number)[] {
  const path: (string | number)[] = []
  for (let i = index; met[i].parent >= 0; i = met[i].parent) path.unshift(met[i].step)
  return path
}

/** A path as a message names it: `data.a[0][0]…`, its first few steps only (the rest is the same nesting). */
export function describeDepthPath(path: (string | number)[], shown = 6): string {
  const text = path
    .slice(0, shown)
    .map((step, i) =>
      typeof step === "number"
        ? `[${step}]`
        : /^[A-Za-z_$][\w$-]*$/.test(step)
          ? `${i ? "." : ""}${quote(step)}`
          : `["${quote(step).replace(/"/g, '\\"')}"]`,
    )
    .join("")
  return `${text || "(body)"}${path.length > shown ? "…" : ""}`
}

/** The message of a refused body. */
export const tooDeepMessage = (path: (string | number)[], maxDepth = MAX_BODY_DEPTH) =>
  `The body nests objects and arrays more than ${maxDepth} levels deep (at ` +
  `${describeDepthPath(path)}): send at most ${maxDepth} levels`

/** Whether the request's body is the plugin's to check. */
export function guardsBody(req: MedusaRequest): boolean {
  const path = req.path
  if (PLUGIN_PATHS.test(path)) return true
  if (req.method === "POST" && PAYMENT_SESSIONS.test(path)) {
    const providerId = (req.body as { provider_id?: unknown } | undefined)?.provider_id
    return isPluginProviderId(providerId)
  }
  return false
}

/**
 * The root middleware: a parsed JSON body of a plugin route (or of a payment session of the plugin's providers)
 * nested more than MAX_BODY_DEPTH levels deep, or with a NUL, a lone surrogate or an overlong string anywhere, is
 * answered 400 before anything else runs. Routes that
 * read their raw body themselves (the webhooks) call `findInvalidText` once they have parsed it.
 */
export function refuseInvalidText(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (req.body === undefined || req.body === null || typeof req.body !== "object") return next()
  if (!guardsBody(req)) return next()
  const deep = depthBeyond(req.body)
  if (deep) {
    const answer = errorAnswer(Codes.TRADE_CREDIT_BODY_TOO_DEEP, tooDeepMessage(deep))
    return res.status(answer.status).json(answer.body)
  }
  const invalid = findInvalidText(req.body)
  if (!invalid) return next()
  const answer = invalidTextAnswer(invalid)
  return res.status(answer.status).json(answer.body)
}

/** Matcher "/" without a method: Medusa sorts root middlewares before every route and route middleware. */
export const invalidTextMiddlewares: MiddlewareRoute[] = [{ matcher: "/", middlewares: [refuseInvalidText] }]
