import type { NextFunction, Request, Response } from "express"
import { z } from "zod"
import { ServiceError, codeForStatus, sendError } from "./errors"

export const FaultKind = z.discriminatedUnion("type", [
  /** "before" (default): wait, then handle. "after": handle (the change is committed), then hold the answer. */
  z.object({
    type: z.literal("latency"),
    ms: z.number().int().min(0).max(120_000),
    when: z.enum(["before", "after"]).default("before"),
  }),
  z.object({
    type: z.literal("status"),
    status: z.number().int().min(400).max(599),
    retry_after: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal("drop"), when: z.enum(["before", "after"]).default("before") }),
  z.object({ type: z.literal("malformed_json") }),
  z.object({ type: z.literal("contract_violation") }),
])
export type FaultKind = z.infer<typeof FaultKind>

export const FaultSpec = z.object({
  /** Any method when left out. */
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .optional(),
  /** "/v1/order/:id/fulfilled" (":name" is one segment; the whole path must match) or a prefix such as "/v1/order". */
  path: z.string().startsWith("/"),
  times: z.number().int().min(1).default(1),
  fault: FaultKind,
})
export type FaultSpec = z.infer<typeof FaultSpec>

export type Fault = FaultSpec & { id: string; remaining: number; hits: number; matcher: RegExp }

function matcherOf(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/")
  if (path.includes("/:")) return new RegExp(`^${escaped}/?$`)
  return new RegExp(`^${escaped.replace(/\/$/, "")}(/|$)`)
}

/** Faults injected through the control API, consumed in the order they were added. */
export class FaultStore {
  private faults: Fault[] = []
  private seq = 0

  add(spec: FaultSpec): Fault {
    const fault: Fault = {
      ...spec,
      id: `fault_${++this.seq}`,
      remaining: spec.times,
      hits: 0,
      matcher: matcherOf(spec.path),
    }
    this.faults.push(fault)
    return fault
  }

  /** The first fault that matches, with one use taken from it. */
  take(method: string, path: string): Fault | undefined {
    if (this.faults.length === 0) return undefined
    const fault = this.faults.find((f) => (!f.method || f.method === method) && f.matcher.test(path))
    if (!fault) return undefined
    fault.remaining -= 1
    fault.hits += 1
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault)
    return fault
  }

  list() {
    return this.faults.map(({ matcher: _matcher, ...fault }) => fault)
  }

  remove(id: string): boolean {
    const before = this.faults.length
    this.faults = this.faults.filter((f) => f.id !== id)
    return this.faults.length < before
  }

  clear(): void {
    this.faults = []
  }
}

const isJson = (res: Response) => /json/i.test(String(res.getHeader("content-type") ?? ""))

/** Replaces the body about to be sent; `send` is express's own. */
function rewriteBody(res: Response, rewrite: (body: Buffer) => Buffer) {
  const send = res.send.bind(res)
  res.send = (body?: unknown) => {
    if (typeof body === "string" || Buffer.isBuffer(body))
      return send(rewrite(Buffer.isBuffer(body) ? body : Buffer.from(body)))
    return send(body)
  }
}

function violate(res: Response, body: Buffer): Buffer {
  if (res.statusCode < 200 || res.statusCode > 299) res.status(200)
  if (!isJson(res)) return Buffer.from("this is not the document you asked for")
  const isArray = body.subarray(0, 1).toString() === "["
  return Buffer.from(JSON.stringify(isArray ? [{ contract_violation: true }] : { contract_violation: true }))
}

/**
 * Applies the first matching fault to a request of the service:
 * latency (wait, then handle), status (answer it without handling), drop
 * before (close the connection unhandled), drop after (handle, commit, then
 * close the connection instead of answering), malformed_json (handle, then
 * send half of the body), contract_violation (handle, then answer 2xx with a
 * body that breaks the schema).
 */
export function faultInjection(store: FaultStore) {
  return (req: Request, res: Response, next: NextFunction) => {
    const fault = store.take(req.method, req.path)
    if (!fault) return next()
    res.locals.fault = fault.fault.type
    const kind = fault.fault
    switch (kind.type) {
      case "latency":
        if (kind.when === "after") {
          // Handle now; the answer leaves `ms` later (or never, when the client is gone by then).
          const end = res.end.bind(res) as (...args: unknown[]) => Response
          res.end = ((...args: unknown[]) => {
            setTimeout(() => end(...args), kind.ms).unref()
            return res
          }) as Response["end"]
          return next()
        }
        setTimeout(next, kind.ms).unref()
        return
      case "status": {
        const headers: Record<string, string> =
          kind.retry_after !== undefined ? { "Retry-After": String(kind.retry_after) } : {}
        return sendError(
          res,
          new ServiceError(kind.status, codeForStatus(kind.status), "Injected fault", null, null, headers),
        )
      }
      case "drop":
        res.locals.dropped = true
        if (kind.when === "before") {
          req.socket.destroy()
          return
        }
        res.end = (() => {
          req.socket.destroy()
          return res
        }) as Response["end"]
        return next()
      case "malformed_json":
        rewriteBody(res, (body) => body.subarray(0, Math.max(1, Math.floor(body.length / 2))))
        return next()
      case "contract_violation":
        rewriteBody(res, (body) => violate(res, body))
        return next()
    }
  }
}
