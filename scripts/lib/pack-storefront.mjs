// The storefront kit as a storefront developer receives it: `npm pack` of packages/storefront
// (medusa-payment-trade-credit-storefront), whose prepack script builds it from src/storefront first, so a tarball
// never holds stale code. Used by the kit's package test (src/storefront/__tests__/package-types.spec.ts) and the
// example storefront's browser test. Jest's CommonJS runtime cannot import an ES module, so a test runs it as a child
// process: `node scripts/lib/pack-storefront.mjs <destinationDir>` prints the tarball's absolute path.
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "storefront")

/**
 * Packs the storefront kit into `destinationDir` (created if missing) and resolves to the tarball's absolute path.
 * Rejects with npm's output when the build or the pack fails.
 */
export async function packStorefront(destinationDir) {
  const destination = resolve(destinationDir)
  mkdirSync(destination, { recursive: true })
  const { name, version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  const output = await npm(["pack", "--pack-destination", destination], packageDir)
  const tarball = join(destination, `${name}-${version}.tgz`)
  if (!existsSync(tarball)) throw new Error(`npm pack wrote no ${tarball}:\n${output}`)
  return tarball
}

/** Runs npm in `cwd` to completion; resolves to its output, rejects with it on a non-zero exit. */
function npm(args, cwd) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("npm", args, { cwd, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("close", (code, signal) =>
      code === 0
        ? resolvePromise(output)
        : reject(new Error(`npm ${args.join(" ")} in ${cwd} failed (exit ${code ?? signal}):\n${output.slice(-4000)}`)),
    )
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  if (!process.argv[2]) {
    console.error("usage: pack-storefront.mjs <destinationDir>")
    process.exit(2)
  }
  await packStorefront(process.argv[2]).then(
    (tarball) => console.log(tarball),
    (error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
