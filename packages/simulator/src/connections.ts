import type { Server } from "node:http"
import type { Socket } from "node:net"
import { Router } from "express"

const SERVICE_SOCKET = Symbol("tradeCreditServiceSocket")

/**
 * Counts the TCP connections the simulator accepts, so a benchmark can check
 * that a client keeps its sockets alive (connections opened per N calls).
 * `service_connections` counts only connections that carried at least one
 * request of the service (anything outside `/_sim`), so the control API's own
 * connections do not blur the figure. The counters only grow; `open` is now.
 */
export class ConnectionCounter {
  opened = 0
  open = 0
  serviceConnections = 0
  serviceRequests = 0

  attach(server: Server): void {
    server.on("connection", (socket: Socket) => {
      this.opened++
      this.open++
      socket.once("close", () => this.open--)
    })
    server.on("request", (req) => {
      if (req.url?.startsWith("/_sim")) return
      this.serviceRequests++
      const socket = req.socket as Socket & { [SERVICE_SOCKET]?: true }
      if (socket[SERVICE_SOCKET]) return
      socket[SERVICE_SOCKET] = true
      this.serviceConnections++
    })
  }

  snapshot() {
    return {
      opened: this.opened,
      open: this.open,
      service_connections: this.serviceConnections,
      service_requests: this.serviceRequests,
    }
  }
}

/** `GET /_sim/connections`: the counters (docs/simulator.md). */
export function connectionRoutes(counter: ConnectionCounter): Router {
  const router = Router()
  router.get("/_sim/connections", (_req, res) => {
    res.json(counter.snapshot())
  })
  return router
}
