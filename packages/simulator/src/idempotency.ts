import type { NextFunction, Request, Response } from "express"
import { HEADER as HEADERS } from "./contract/common"
import { ServiceError, errorStyleOf, schemaError, sendError } from "./errors"
import { merchantOf } from "./locals"

type StoredAnswer = { status: number; text: string; headers?: Record<string, string> }

/** Answer headers replayed with the body (the delegation token of contract section 5). */
const REPLAYED_HEADERS = [HEADERS.delegatedToken]
type Entry = { fingerprint: string; answer: StoredAnswer | null }

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"])

/** Section 0: 1 to 100 characters, 1 to 36 under /repay/v1 (repay-api's header parameter). */
const maxKeyLength = (path: string) => (errorStyleOf(path) === "repay" ? 36 : 100)

/**
 * For a route whose call must carry a key (section 0: POST /repay/v1/account, POST /repay/v1/plan,
 * PUT /repay/v1/plan/{id}/cancellation): a validation error naming the header when there is none.
 */
export function requireIdempotencyKey(req: Request): void {
  if (req.get(HEADERS.idempotencyKey) !== undefined) return
  throw schemaError("Idempotency-Key is required on this call", [
    { loc: ["header", "Idempotency-Key"], msg: "Field required", type: "missing" },
  ])
}
const MAX_KEYS = 20_000

/** Canonical JSON: object keys sorted at every depth, so key order never makes two bodies differ. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return ""
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  )
}

/** One merchant's idempotency keys, oldest dropped first beyond MAX_KEYS. */
export class IdempotencyStore {
  private entries = new Map<string, Entry>()

  get(key: string): Entry | undefined {
    return this.entries.get(key)
  }

  start(key: string, fingerprint: string): Entry {
    const entry: Entry = { fingerprint, answer: null }
    this.entries.set(key, entry)
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value as string)
    return entry
  }

  forget(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  /** Drops keys whose first call never answered (a state loaded from a file: that call is gone, not running). */
  forgetUnanswered(): void {
    for (const [key, entry] of this.entries) if (!entry.answer) this.entries.delete(key)
  }
}

/**
 * Contract section 0: a mutating call with an Idempotency-Key answers the
 * first answer again for the same key, method, path and body, and 409
 * IDEMPOTENCY_CONFLICT for the same key with anything else. Answers of 5xx
 * and 429 are not kept (a retry runs again), neither are injected faults that
 * answer before the handler. A second call while the first one is still
 * running is a conflict too.
 */
export function idempotency() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!MUTATING.has(req.method)) return next()
    const key = req.get(HEADERS.idempotencyKey)
    const path = `${req.baseUrl}${req.path}`
    if (key === undefined) return next()
    const max = maxKeyLength(path)
    if (key.length < 1 || key.length > max) {
      return sendError(
        res,
        schemaError(`Idempotency-Key must be 1 to ${max} characters`, [
          { loc: ["header", "Idempotency-Key"], msg: `must be 1 to ${max} characters`, type: "string_length" },
        ]),
      )
    }
    const store = merchantOf(res).idempotency
    const fingerprint = `${req.method} ${path}\n${canonicalJson(req.body)}`
    const existing = store.get(key)
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return sendError(
          res,
          new ServiceError(409, "IDEMPOTENCY_CONFLICT", "This Idempotency-Key was used with another request"),
        )
      }
      if (!existing.answer) {
        return sendError(
          res,
          new ServiceError(409, "IDEMPOTENCY_CONFLICT", "A request with this Idempotency-Key is still in progress"),
        )
      }
      res.setHeader("Idempotent-Replayed", "true")
      for (const [name, value] of Object.entries(existing.answer.headers ?? {})) res.setHeader(name, value)
      return res.status(existing.answer.status).json(JSON.parse(existing.answer.text))
    }
    const entry = store.start(key, fingerprint)
    const json = res.json.bind(res)
    res.json = (body: unknown) => {
      if (res.statusCode >= 500 || res.statusCode === 429) store.forget(key, entry)
      else {
        const headers = Object.fromEntries(
          REPLAYED_HEADERS.flatMap((name) =>
            res.getHeader(name) === undefined ? [] : [[name, String(res.getHeader(name))]],
          ),
        )
        entry.answer = { status: res.statusCode, text: JSON.stringify(body), headers }
      }
      return json(body)
    }
    res.on("close", () => {
      if (!entry.answer) store.forget(key, entry)
    })
    next()
  }
}
