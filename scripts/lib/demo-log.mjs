// The demo's output: one line per start-up step on the terminal, and everything the steps and its children print
// (migrations, Medusa, the simulator) in one log file whose path is said once.
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs"

export function demoLog(path) {
  const fd = openSync(path, "a", 0o600)
  writeSync(fd, `\n===== demo started ${new Date().toISOString()} (pid ${process.pid}) =====\n`)
  return {
    path,
    /** A file descriptor for a child's stdout and stderr. */
    fd,
    write: (text) => writeSync(fd, text.endsWith("\n") ? text : `${text}\n`),
    /** The log's last `lines` lines, for a failure's message. */
    tail(lines = 25) {
      if (!existsSync(path)) return ""
      return readFileSync(path, "utf8").split("\n").slice(-lines - 1).join("\n")
    },
    close: () => closeSync(fd),
  }
}

/**
 * Runs one start-up step, and prints it as one line when it ends: "✔ label (1.2 s)", or "✘ label" when it failed
 * (the error is the caller's to say). The label is written when the step starts, so a slow step is seen waiting.
 */
export async function step(label, run) {
  const started = Date.now()
  const tty = process.stdout.isTTY
  if (tty) process.stdout.write(`… ${label}`)
  const end = (mark, suffix = "") => {
    if (tty) process.stdout.write("\r\x1b[K")
    console.log(`${mark} ${label}${suffix}`)
  }
  try {
    const result = await run()
    end("✔", ` (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    return result
  } catch (error) {
    end("✘")
    throw error
  }
}
