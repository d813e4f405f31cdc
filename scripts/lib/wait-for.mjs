/**
 * The scripts' one way to wait (demo, benches, conformance): poll a condition until it holds or a deadline
 * passes, never a fixed sleep. (TypeScript tests use integration-tests/helpers/wait.ts, the same rule.)
 */
export async function waitUntil(what, probe, timeoutMs = 10_000, everyMs = 50) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** Polls `url` every half second until it answers 2xx; throws naming `what` after `timeoutMs`. */
export async function waitFor(url, what, timeoutMs = 180_000) {
  const answers = async () => {
    try {
      return (await fetch(url)).ok
    } catch {
      return false
    }
  }
  await waitUntil(`${what} to answer at ${url}`, answers, timeoutMs, 500).catch(() => {
    throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`)
  })
}
