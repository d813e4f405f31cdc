// Whether a TCP port on this machine is free, and what holds it when it is not (for the demo's start-up check).
import { spawnSync } from "node:child_process"
import { createServer } from "node:net"

/** Resolves true when nothing listens on `port` (tried on all interfaces, as Medusa and the storefront bind). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once("error", () => resolve(false))
    server.listen(port, () => server.close(() => resolve(true)))
  })
}

/** A short description of the process listening on `port` ("node (pid 1234)"), or undefined when unknown. */
export function portHolder(port) {
  const ss = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" })
  const match = ss.stdout?.match(/users:\(\("([^"]+)",pid=(\d+)/)
  if (match) return `${match[1]} (pid ${match[2]})`
  return undefined
}
