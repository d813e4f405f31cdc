// A simulator of the service in a process of its own, so that its CPU time is not the bench's.
// Options: JSON in BENCH_SIMULATOR_OPTIONS. Prints one JSON line {url} once it listens; SIGTERM stops it.
const { requireTs } = require("./ts.cjs")
const { startSimulator } = requireTs("packages/simulator/src/index.ts")

const options = JSON.parse(process.env.BENCH_SIMULATOR_OPTIONS || "{}")
startSimulator({ port: 0, ...options }).then((sim) => {
  process.stdout.write(`${JSON.stringify({ url: sim.url })}\n`)
  const stop = () => sim.close().finally(() => process.exit(0))
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
  process.on("disconnect", stop)
}, (error) => {
  console.error(error)
  process.exit(1)
})
