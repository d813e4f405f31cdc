// Builds and serves the demo storefront. Used by `npm run demo` and by the browser tests,
// so both serve the same files. No dependencies beyond Vite (for the build).
//
//   const { buildStorefront, startStorefront } = require("./storefront/server.js")
//   const distDir = buildStorefront()                       // vite build into a temporary folder
//   const sf = await startStorefront({ distDir, port: 0, config: { medusaUrl, publishableKey } })
//   sf.url; sf.setConfig({ publishableKey }); await sf.close()
//
// GET /config.json answers the config (the Medusa URL, the publishable key, the return
// path: nothing secret); any other path without a file extension answers index.html.
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const http = require("node:http")
const os = require("node:os")
const path = require("node:path")

const STOREFRONT_DIR = __dirname
const DEFAULT_RETURN_PATH = "/checkout/trade-credit/return"

function viteBin() {
  try {
    return path.join(path.dirname(require.resolve("vite/package.json")), "bin", "vite.js")
  } catch {
    return path.join(STOREFRONT_DIR, "..", "node_modules", "vite", "bin", "vite.js")
  }
}

/** `vite build` of storefront/ into `outDir` (default: a new temporary folder); answers the folder. */
function buildStorefront({ outDir, quiet = true } = {}) {
  const dir = outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "trade-credit-storefront-"))
  const result = spawnSync(process.execPath, [viteBin(), "build", STOREFRONT_DIR, "--outDir", dir, "--emptyOutDir", "--logLevel", quiet ? "warn" : "info"], {
    cwd: STOREFRONT_DIR,
    // A production build (React's too) whatever the caller's NODE_ENV (jest's is "test").
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    timeout: 180_000,
  })
  if (result.status !== 0) {
    throw new Error(`Building the storefront failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
  }
  return dir
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
}

/** Serves a built storefront. Answers { url, port, setConfig(partial), close() }. */
function startStorefront({ distDir, port = 0, host = "127.0.0.1", config = {} }) {
  if (!distDir || !fs.existsSync(path.join(distDir, "index.html"))) throw new Error(`No built storefront in ${distDir}: run buildStorefront() first`)
  const root = path.resolve(distDir)
  let current = { returnPath: DEFAULT_RETURN_PATH, ...config }
  const server = http.createServer((req, res) => {
    try {
      serve(req, res)
    } catch (error) {
      // A malformed request (a broken percent-escape, say) is the client's error: it never takes the server down.
      if (!res.headersSent) res.writeHead(400, { "content-type": "application/json" })
      res.end(JSON.stringify({ type: "invalid_data", code: "INVALID_PATH", message: "The request path is malformed." }))
    }
  })
  const serve = (req, res) => {
    const url = new URL(req.url, "http://storefront")
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end()
      return
    }
    if (url.pathname === "/config.json") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
      res.end(JSON.stringify(current))
      return
    }
    let file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`)
    if (!file.startsWith(root + path.sep) && file !== root) {
      res.writeHead(403).end()
      return
    }
    if (!path.extname(file) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      if (path.extname(file) && !fs.existsSync(file)) {
        res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
        return
      }
      file = path.join(root, "index.html") // the app's own routes
    }
    const immutable = file.includes(`${path.sep}assets${path.sep}`)
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    })
    if (req.method === "HEAD") return res.end()
    fs.createReadStream(file).on("error", () => res.destroy()).pipe(res)
  }
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      const actual = server.address().port
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        setConfig: (partial) => {
          current = { ...current, ...partial }
        },
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}

module.exports = { buildStorefront, startStorefront, STOREFRONT_DIR, DEFAULT_RETURN_PATH }
