/**
 * The one way tests wait: poll a condition until it holds or a deadline passes (never a fixed sleep). The error
 * names what was awaited and the last thing the check threw, so a timeout says why.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 60_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {}
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : ""
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/**
 * Reads until `read()` satisfies `done` and answers that value, through waitUntil; a timeout names the last value read.
 */
export async function waitForValue<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {}
): Promise<T> {
  let last: T | undefined
  return await waitUntil(
    what,
    async () => {
      last = await read()
      return done(last) ? { value: last } : undefined
    },
    { timeoutMs, intervalMs }
  )
    .then((found) => found.value)
    .catch((error: Error) => {
      throw new Error(`${error.message}; last value: ${JSON.stringify(last).slice(0, 500)}`)
    })
}

/**
 * The lines a logger writes from this call on (its methods wrapped; it still writes them), appended to `lines`, so that a test can wait
 * for a subscriber's own report that it handled an event. A test that shows something did NOT happen (a duplicate
 * delivery changed nothing) waits for that report with waitUntil, then checks: no pause long enough "by experience".
 */
export function recordLogs(logger: Record<string, any>, lines: string[] = []): string[] {
  const text = (a: unknown) => (typeof a === "string" ? a : a instanceof Error ? a.message : JSON.stringify(a))
  for (const level of ["debug", "info", "warn", "error", "log"]) {
    const write = logger[level]
    if (typeof write !== "function") continue
    logger[level] = (...args: unknown[]) => {
      lines.push(args.map(text).join(" "))
      return write.apply(logger, args)
    }
  }
  return lines
}
