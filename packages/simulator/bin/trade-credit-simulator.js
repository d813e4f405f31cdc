#!/usr/bin/env node
/* The simulator of the trade-credit service: from its build (dist/), else from the TypeScript sources (in the repo). */
const fs = require("node:fs")
const path = require("node:path")

const root = path.join(__dirname, "..")
const built = path.join(root, "dist", "cli.js")

let cli
if (fs.existsSync(built)) {
  cli = require(built)
} else {
  require("ts-node").register({ transpileOnly: true, swc: true, project: path.join(root, "tsconfig.json") })
  cli = require(path.join(root, "src", "cli.ts"))
}

cli.main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
