/**
 * The simulator's control API as a JSON caller `control(method, path, body)`; a non-2xx answer throws with its body.
 * Used by the benches, the packaged-install check and the TypeScript tests (integration-tests/helpers/simulator.ts);
 * CommonJS, so that the tests' compiled modules can require it and the ES modules import it.
 */
function simulatorControl(url) {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`)
    return text ? JSON.parse(text) : undefined
  }
}

module.exports = { simulatorControl }
