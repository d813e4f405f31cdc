import http from "node:http"

/**
 * The merchant's webhook endpoint: keeps every delivery (headers, raw body, parsed body) and whether its Standard
 * Webhooks signature verifies with the simulator's secret. Answers 204, so nothing is retried.
 */
export async function startWebhookReceiver({ secret, Webhook }) {
  const verifier = new Webhook(secret)
  const deliveries = []
  const server = http.createServer((req, res) => {
    const chunks = []
    req.on("data", (chunk) => chunks.push(chunk))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      let body
      let signature = "verified"
      try {
        body = verifier.verify(raw, req.headers)
      } catch (error) {
        signature = `refused: ${error instanceof Error ? error.message : String(error)}`
        try {
          body = JSON.parse(raw)
        } catch {
          body = { unparsable_json: raw.slice(0, 200) }
        }
      }
      deliveries.push({
        webhook_id: req.headers["webhook-id"] ?? null,
        type: body && typeof body === "object" ? body.type ?? null : null,
        signature,
        body,
      })
      res.writeHead(204).end()
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
