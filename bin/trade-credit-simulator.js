#!/usr/bin/env node
/* The simulator of the trade-credit service, from the build when there is one, else from the TypeScript sources. */
const fs = require("node:fs")
const path = require("node:path")

const built = path.join(__dirname, "..", ".medusa", "server", "src", "simulator", "cli.js")

let cli
if (fs.existsSync(built)) {
  cli = require(built)
} else {
  require("ts-node").register({
    transpileOnly: true,
    swc: true,
    project: path.join(__dirname, "..", "tsconfig.json"),
  })
  cli = require(path.join(__dirname, "..", "src", "simulator", "cli.ts"))
}

cli.main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
