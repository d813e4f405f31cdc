import { withLogLevel } from "../log-level"

describe("withLogLevel", () => {
  const make = () => {
    const lines: string[] = []
    const logger = {
      debug: (m: string) => lines.push(`debug ${m}`),
      info: (m: string) => lines.push(`info ${m}`),
      warn: (m: string) => lines.push(`warn ${m}`),
      error: (m: string) => lines.push(`error ${m}`),
      activity: (m: string) => lines.push(`activity ${m}`),
    }
    return { logger, lines }
  }
  const all = (l: ReturnType<typeof make>["logger"]) =>
    (["debug", "info", "warn", "error", "activity"] as const).forEach((level) => l[level]("x"))

  it("drops the lines below the level and keeps the rest of the logger", () => {
    const { logger, lines } = make()
    all(withLogLevel(logger, "warn"))
    expect(lines).toEqual(["warn x", "error x", "activity x"])
  })

  it("leaves the logger as it is at debug, and hands out one wrapper per logger and level", () => {
    const { logger } = make()
    expect(withLogLevel(logger, "debug")).toBe(logger)
    expect(withLogLevel(logger, undefined)).toBe(logger)
    expect(withLogLevel(logger, "error")).toBe(withLogLevel(logger, "error"))
    expect(withLogLevel(logger, "error")).not.toBe(withLogLevel(logger, "warn"))
  })
})
