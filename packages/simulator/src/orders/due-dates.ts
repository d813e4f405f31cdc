import type { SimulatorContext } from "../context"

/** Days an invoice is due after its issue date when the order names no `terms.duration_days` (chosen). */
export const DEFAULT_DUE_IN_DAYS = 30

const DAY_MS = 24 * 60 * 60 * 1000

/** The simulator clock's date (UTC), YYYY-MM-DD. */
export const todayOf = (ctx: SimulatorContext) => ctx.clock.iso().slice(0, 10)

/** A date (YYYY-MM-DD) plus whole days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Whole days from one date (YYYY-MM-DD) to another: negative when `to` is before `from`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
