import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { freePort } from "./ports"
import { waitUntil } from "./wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const Redis = require("ioredis")

export type TestRedis = { url: string; host: string; port: number; stop: () => Promise<void> }

/**
 * The Redis a test uses: REDIS_URL when set (or REDIS_HOST/REDIS_PORT), else a `redis-server` of its own on a free
 * loopback port, without persistence, stopped by `stop()`. Fails with a clear message when neither is possible
 * (`.ci/run` installs redis-server where the machine lacks it; README "Set-up").
 */
export async function startTestRedis(): Promise<TestRedis> {
  const configured = process.env.REDIS_URL
    ? new URL(process.env.REDIS_URL)
    : process.env.REDIS_HOST || process.env.REDIS_PORT
      ? new URL(`redis://${process.env.REDIS_HOST || "127.0.0.1"}:${process.env.REDIS_PORT || 6379}`)
      : undefined
  if (configured) {
    const host = configured.hostname
    const port = Number(configured.port || 6379)
    return { url: `redis://${host}:${port}`, host, port, stop: async () => {} }
  }
  if (spawnSync("redis-server", ["--version"]).error) {
    throw new Error(
      "This test needs Redis: no REDIS_URL is set and `redis-server` is not on the PATH. Install it " +
        "(Debian/Ubuntu: apt-get install redis-server; .ci/run does) or set REDIS_URL."
    )
  }
  const port = await freePort()
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    { stdio: "ignore" }
  )
  let exited: number | null = null
  child.on("exit", (code) => (exited = code ?? -1))
  const client = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  await waitUntil(`redis-server on port ${port}`, async () => {
    if (exited !== null) throw new Error(`redis-server exited with ${exited}`)
    try {
      if (client.status !== "ready") await client.connect()
      return (await client.ping()) === "PONG"
    } catch {
      client.disconnect()
      return false
    }
  }, { timeoutMs: 20_000 })
  client.disconnect()
  return {
    url: `redis://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}
