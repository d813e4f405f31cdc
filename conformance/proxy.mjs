import http from "node:http"

/**
 * A recording HTTP proxy between the plugin's client and the simulator: every exchange is forwarded unchanged and
 * kept whole (method, path as sent, headers, status, exact bodies), so the check reads what crossed the wire, not
 * what either side believes it sent.
 */

/** Marks a request sent on purpose with a body the contract refuses (lower case, as node reads headers). */
export const REFUSAL_HEADER = "x-conformance-refusal"

/** Headers that carry secrets: recorded as present, never their value. */
const SECRET_HEADERS = new Set(["x-api-key", "service-delegated-authority-token", "two-delegated-authority-token", "authorization"])

function redactHeaders(headers) {
  const out = {}
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? "[redacted]" : value
  }
  return out
}

function redactUrl(url) {
  // The token may travel as the query parameter of the same name (GET /autofill/v1/buyer/current).
  return url.replace(/((?:Service|Two)-Delegated-Authority-Token=)[^&]*/gi, "$1[redacted]")
}

/** JSON when the content type says so and it parses; else a short description of the bytes. */
export function decodeBody(buffer, contentType) {
  if (!buffer.length) return undefined
  const type = String(contentType ?? "").toLowerCase()
  if (type.includes("json")) {
    try {
      return JSON.parse(buffer.toString("utf8"))
    } catch {
      return { unparsable_json: buffer.toString("utf8").slice(0, 200) }
    }
  }
  return { binary: type || "unknown", bytes: buffer.length }
}

export async function startRecordingProxy(targetUrl) {
  const target = new URL(targetUrl)
  const exchanges = []
  let seq = 0

  const server = http.createServer((req, res) => {
    const chunks = []
    req.on("data", (chunk) => chunks.push(chunk))
    req.on("end", () => {
      const requestBuffer = Buffer.concat(chunks)
      // A request the run sends on purpose without the client (a refusal): marked, and the mark not forwarded.
      const refusal = REFUSAL_HEADER in req.headers
      const forwarded = { ...req.headers, host: target.host }
      delete forwarded[REFUSAL_HEADER]
      delete req.headers[REFUSAL_HEADER]
      const exchange = {
        seq: ++seq,
        method: req.method,
        url: req.url,
        refusal,
        request: {
          headers: redactHeaders(req.headers),
          content_type: req.headers["content-type"] ?? null,
          body: decodeBody(requestBuffer, req.headers["content-type"]),
        },
        response: null,
        error: null,
      }
      exchanges.push(exchange)
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: forwarded,
        },
        (answer) => {
          const out = []
          answer.on("data", (chunk) => out.push(chunk))
          answer.on("end", () => {
            const responseBuffer = Buffer.concat(out)
            exchange.response = {
              status: answer.statusCode,
              headers: redactHeaders(answer.headers),
              content_type: answer.headers["content-type"] ?? null,
              body: decodeBody(responseBuffer, answer.headers["content-type"]),
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            res.end(responseBuffer)
          })
        }
      )
      upstream.on("error", (error) => {
        exchange.error = error.message
        res.destroy(error)
      })
      upstream.end(requestBuffer)
    })
  })

  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    /** The recorded exchange, with the URL's secrets redacted for the report. */
    redacted: (exchange) => ({ ...exchange, url: redactUrl(exchange.url) }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
