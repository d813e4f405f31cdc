import type { NextFunction, Request, Response } from "express"
import { HEADER as HEADERS } from "./contract/common"
import type { Clock } from "./clock"
import { redactTokens } from "./registration/tokens"
import type { MerchantState } from "./state/merchants"

/** One request the service received, as the control API lists it. Headers are never kept (the API key is one). */
export type LoggedRequest = {
  seq: number
  time: string
  method: string
  path: string
  query: Record<string, unknown>
  status: number | null
  dropped: boolean
  fault: string | null
  idempotency_key: string | null
  merchant: string | null
  body: unknown
  duration_ms: number
  /** The wait the latency profile added before the call was handled (0: none); included in duration_ms. */
  latency_ms: number
}

export type RequestFilter = { method?: string; path_prefix?: string; merchant?: string }

export class RequestLog {
  private entries: LoggedRequest[] = []
  private seq = 0

  constructor(private readonly limit: number) {}

  push(entry: Omit<LoggedRequest, "seq">): void {
    this.entries.push({ seq: ++this.seq, ...entry })
    if (this.entries.length > this.limit * 1.25) this.entries = this.entries.slice(-this.limit)
  }

  list(filter: RequestFilter = {}): LoggedRequest[] {
    const method = filter.method?.toUpperCase()
    return this.entries
      .slice(-this.limit)
      .filter(
        (e) =>
          (!method || e.method === method) &&
          (!filter.path_prefix || e.path.startsWith(filter.path_prefix)) &&
          (!filter.merchant || e.merchant === filter.merchant),
      )
  }

  clear(): void {
    this.entries = []
  }
}

/** Records every request of the service (not of the control API) once its answer is sent or its connection closes. */
export function requestLogging(log: RequestLog, clock: Clock) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    const time = clock.iso()
    const path = req.path
    let done = false
    const record = () => {
      if (done) return
      done = true
      const dropped = res.locals.dropped === true || !res.writableFinished
      log.push({
        time,
        method: req.method,
        path,
        query: redactTokens(req.query),
        status: dropped ? null : res.statusCode,
        dropped,
        fault: (res.locals.fault as string | undefined) ?? null,
        idempotency_key: req.get(HEADERS.idempotencyKey) ?? null,
        merchant: (res.locals.merchant as MerchantState | undefined)?.id ?? null,
        body: req.body ?? null,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        latency_ms: (res.locals.latencyMs as number | undefined) ?? 0,
      })
    }
    res.on("finish", record)
    res.on("close", record)
    next()
  }
}
