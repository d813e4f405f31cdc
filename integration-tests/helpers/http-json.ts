/** JSON over HTTP for tests that drive a child server (no supertest client there). */
export type Http = (method: string, url: string, body?: unknown) => Promise<any>

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** JSON over HTTP with fixed headers; a non-2xx answer throws with its status and body. */
export function http(base: string, headers: Record<string, string>): Http {
  return async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const data = text ? JSON.parse(text) : undefined
    if (!res.ok) throw Object.assign(new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`), { status: res.status, data })
    return data
  }
}

/** Polls `read` every 300 ms until it gives a truthy value; fails after `ms`. */
export async function eventually<T>(read: () => Promise<T | undefined | null | false>, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await sleep(300)
  }
}
