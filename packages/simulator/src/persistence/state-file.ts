import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import type { Server } from "node:http"
import type { SimulatorContext } from "../context"
import { type StateSnapshot, captureState, restoreState } from "./snapshot"

/** How often the state is looked at for changes the sweeps made (expiries, funding decisions) without a call. */
const SAVE_EVERY_MS = 2000

/** The summary of a state file without loading it (the demo's "resuming" line); undefined when there is none. */
export function readStateSummary(path: string): Pick<StateSnapshot, "saved_at" | "summary"> | undefined {
  if (!existsSync(path)) return undefined
  const { saved_at, summary } = JSON.parse(readFileSync(path, "utf8")) as StateSnapshot
  return { saved_at, summary }
}

/** Loads the state file into the context when it exists; answers whether it did. */
export function loadStateFile(ctx: SimulatorContext, path: string): boolean {
  if (!existsSync(path)) return false
  restoreState(ctx, JSON.parse(readFileSync(path, "utf8")) as StateSnapshot)
  return true
}

/**
 * Keeps the state file up to date: after every call that may change the state (not GET or HEAD), every few seconds
 * for the sweeps, and once more at `stop()`. Written whole to a file beside it and renamed, so that a crash mid-write
 * leaves the previous state, never half of one. Unchanged state is not written again.
 */
export function keepStateFile(ctx: SimulatorContext, server: Server, path: string): { stop(): void } {
  mkdirSync(dirname(path), { recursive: true })
  const fingerprint = (snapshot: StateSnapshot) => JSON.stringify(snapshot.state) + snapshot.clock_offset_ms
  // The state as loaded (or empty) is on disk already, or not worth a file: its saved_at stays the last change's.
  let written = fingerprint(captureState(ctx))
  const save = () => {
    const snapshot = captureState(ctx)
    const state = fingerprint(snapshot)
    if (state === written) return
    const partial = `${path}.${process.pid}.partial`
    writeFileSync(partial, JSON.stringify(snapshot), { mode: 0o600 })
    renameSync(partial, path)
    written = state
  }
  const saveQuietly = () => {
    try {
      save()
    } catch (error) {
      ctx.logger.error(`simulator: could not write the state file ${path}: ${(error as Error).message}`)
    }
  }
  let pending: NodeJS.Timeout | undefined
  const soon = () => {
    pending ??= setTimeout(() => {
      pending = undefined
      saveQuietly()
    }, 50)
    pending.unref()
  }
  const onRequest = (req: { method?: string }, res: { once(event: "finish", listener: () => void): unknown }) => {
    if (req.method !== "GET" && req.method !== "HEAD") res.once("finish", soon)
  }
  server.on("request", onRequest)
  const every = setInterval(saveQuietly, SAVE_EVERY_MS)
  every.unref()
  return {
    stop() {
      server.off("request", onRequest)
      clearInterval(every)
      if (pending) clearTimeout(pending)
      saveQuietly()
    },
  }
}
