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
