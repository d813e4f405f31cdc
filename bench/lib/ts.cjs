// Loads the project's TypeScript sources in plain Node (as packages/simulator/bin/trade-credit-simulator.js does):
// ts-node with swc, no type check. Benches always run the sources, never a stale build.
const path = require("node:path")

const root = path.join(__dirname, "..", "..")
let registered = false

function requireTs(relativePath) {
  if (!registered) {
    require("ts-node").register({ transpileOnly: true, swc: true, project: path.join(root, "tsconfig.json") })
    registered = true
  }
  return require(path.join(root, relativePath))
}

module.exports = { requireTs, root }
