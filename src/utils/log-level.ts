/** The plugin's log levels, quietest last: `logLevel: "warn"` drops its debug and info lines. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Any logger with the four levels, whatever their arguments: the wrapper never calls them, it only shadows some. */
type LevelledLogger = {
  debug: (...args: never[]) => unknown
  info: (...args: never[]) => unknown
  warn: (...args: never[]) => unknown
  error: (...args: never[]) => unknown
}

const silent = () => undefined

/**
 * The logger with the lines below `level` dropped (the `logLevel` option). Everything else of Medusa's logger
 * (activity, progress, failure, …) is the logger's own: the wrapper only shadows the dropped levels.
 */
export function withLogLevel<L extends LevelledLogger>(logger: L, level: LogLevel | undefined): L {
  const rank = level === undefined ? 0 : LOG_LEVELS.indexOf(level)
  if (rank <= 0) return logger
  // One wrapper per logger and level: the providers and the module pass it to the shared client, which keeps one
  // pool per logger (client/shared-clients.ts), so they must hand over the same object.
  const byLevel = wrappers.get(logger) ?? new Map<LogLevel, LevelledLogger>()
  wrappers.set(logger, byLevel)
  const known = byLevel.get(level!)
  if (known) return known as L
  const levelled: L = Object.create(logger)
  for (const name of LOG_LEVELS.slice(0, rank)) Object.defineProperty(levelled, name, { value: silent })
  byLevel.set(level!, levelled)
  return levelled
}

const wrappers = new WeakMap<object, Map<LogLevel, LevelledLogger>>()
