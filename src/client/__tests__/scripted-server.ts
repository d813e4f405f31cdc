import http from "node:http"
import type { AddressInfo } from "node:net"
import { createTradeCreditClient, type TradeCreditClient } from ".."
import { TEST_KEY } from "./fixtures"

/**
 * A real HTTP server on loopback (port 0) that answers from a script, one
 * reply per request, and records what it received. Used to drive the
 * transport through retries, drops, timeouts and broken answers.
 */

export type Reply =
  | {
      status: number
      headers?: Record<string, string>
      /** An object is sent as JSON; a string or Buffer as is. */
      body?: unknown
      /** Wait before answering. */
      delayMs?: number
    }
  /** Destroy the socket without answering (a dropped connection). */
  | { drop: true }
  /** Never answer. */
  | { hang: true }
  /** Send headers and the first bytes, then stall the body. */
  | { stallBody: true; status?: number }

export type RecordedRequest = {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
  at: number
  socket: number
}

export type ScriptedServer = {
  url: string
  requests: RecordedRequest[]
  /** Connections accepted so far. */
  connections: () => number
  /** Appends replies; once the script is used up every request gets `fallback`. */
  script: (...replies: Reply[]) => void
  fallback: (reply: Reply) => void
  reset: () => void
  close: () => Promise<void>
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Reply[] = []
  let fallback: Reply = { status: 200, body: {} }
  const requests: RecordedRequest[] = []
  const sockets = new Map<object, number>()
  let connections = 0
  const timers = new Set<NodeJS.Timeout>()
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, ms)
    timers.add(timer)
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: performance.now(),
        socket: sockets.get(req.socket) ?? -1,
      })
      const reply = queue.length ? queue.shift()! : fallback
      if ("drop" in reply) {
        req.socket.destroy()
        return
      }
      if ("hang" in reply) return
      if ("stallBody" in reply) {
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", "content-length": "1000" })
        res.write('{"items": [')
        return
      }
      const send = () => {
        const isRaw = typeof reply.body === "string" || Buffer.isBuffer(reply.body)
        const payload =
          reply.body === undefined ? "" : isRaw ? (reply.body as string | Buffer) : JSON.stringify(reply.body)
        res.writeHead(reply.status, {
          ...(isRaw || reply.body === undefined ? {} : { "content-type": "application/json" }),
          ...reply.headers,
        })
        res.end(payload)
      }
      if (reply.delayMs) later(reply.delayMs, send)
      else send()
    })
  })
  server.on("connection", (socket) => {
    connections++
    sockets.set(socket, connections)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    script: (...replies) => queue.push(...replies),
    fallback: (reply) => {
      fallback = reply
    },
    reset: () => {
      queue.length = 0
      requests.length = 0
      fallback = { status: 200, body: {} }
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A contract error body. */
export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return {
    error_code: code,
    error_message: message,
    error_details: null,
    error_json: null,
    error_trace_id: `trace-${code.toLowerCase()}`,
    ...extra,
  }
}

/**
 * A scripted server and a client of it for one test file (no retries, no backoff): started before the file's tests,
 * reset before each, closed after. Read `.server` and `.client` inside hooks and tests.
 */
export function useScriptedClient(): { server: ScriptedServer; client: TradeCreditClient } {
  const handle = {} as { server: ScriptedServer; client: TradeCreditClient }
  beforeAll(async () => {
    handle.server = await startScriptedServer()
    handle.client = createTradeCreditClient({
      apiKey: TEST_KEY,
      environment: "sandbox",
      baseUrl: handle.server.url,
      retryBaseDelayMs: 1,
      maxRetries: 0,
    })
  })
  afterAll(async () => {
    await handle.client?.close()
    await handle.server?.close()
  })
  beforeEach(() => handle.server.reset())
  return handle
}
