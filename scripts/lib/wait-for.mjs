/** Polls `url` every half second until it answers 2xx; throws naming `what` after `timeoutMs`. (Demo and benches.) */
export async function waitFor(url, what, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`)
}
