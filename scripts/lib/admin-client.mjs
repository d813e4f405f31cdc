/**
 * Logs in to Medusa's admin API (email and password) and answers a JSON caller
 * `admin(method, path, body)` carrying the token; a non-2xx answer throws with its body.
 * Used by the demo and the benches to seed and drive a running server.
 */
export async function loginAdmin(base, credentials) {
  const login = await fetch(`${base}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  })
  const { token } = await login.json()
  if (!login.ok || !token) throw new Error(`admin login at ${base} answered ${login.status}`)
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await res.json()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`)
    return json
  }
}
