import { waitUntil } from "./wait"

/** JSON over HTTP for tests that drive a child server (no supertest client there). */
export type Http = (method: string, url: string, body?: unknown) => Promise<any>

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

/** Polls `read` until it gives a truthy value; fails after `ms` (waitUntil, with this argument order). */
export async function eventually<T>(read: () => Promise<T | undefined | null | false>, what: string, ms = 30_000): Promise<T> {
  return await waitUntil(what, read, { timeoutMs: ms, intervalMs: 300 })
}
