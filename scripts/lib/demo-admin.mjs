// The admin's first page load, made by the demo instead of its first visitor: `medusa develop` serves the admin
// through Vite, which transforms its modules (and bundles their dependencies) on the first request for them, some
// 20 s on two cores. Ready means the page and every module it imports, transitively, have answered.

/** Fetches `url`; answers its text on 2xx, else undefined. */
async function text(url) {
  try {
    const res = await fetch(url)
    return res.ok ? await res.text() : undefined
  } catch {
    return undefined
  }
}

/** The same-origin modules a page or a module names: script tags, static and dynamic imports. */
function importsOf(source, from) {
  const specifiers = [
    ...source.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...source.matchAll(/\b(?:import|export)\s[^"';]*?\bfrom\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*\(?\s*["']([^"']+)["']/g),
  ].map((m) => m[1])
  return specifiers
    .filter((s) => s.startsWith("/") || s.startsWith("./") || s.startsWith("../"))
    .map((s) => new URL(s, from))
    .filter((url) => url.origin === new URL(from).origin)
}

/** Waits until the admin page and the modules it loads answer; throws after `timeoutMs`. */
export async function warmAdmin(adminUrl, timeoutMs = 240_000, maxModules = 2000) {
  const deadline = Date.now() + timeoutMs
  let page
  while (!(page = await text(adminUrl))) {
    if (Date.now() > deadline) throw new Error(`the admin did not answer at ${adminUrl} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const seen = new Set()
  let wave = importsOf(page, adminUrl)
  // Breadth first, a few at a time, as a browser loads them.
  while (wave.length && seen.size < maxModules) {
    const next = []
    for (let i = 0; i < wave.length; i += 8) {
      await Promise.all(
        wave.slice(i, i + 8).map(async (url) => {
          if (seen.has(url.href)) return
          seen.add(url.href)
          // A module that does not answer is the browser's to report; the page itself has.
          const source = await text(url.href)
          if (source !== undefined) next.push(...importsOf(source, url.href))
        }),
      )
      if (Date.now() > deadline) throw new Error(`the admin's modules did not load within ${timeoutMs / 1000} s`)
    }
    wave = next.filter((url) => !seen.has(url.href))
  }
  return seen.size
}
