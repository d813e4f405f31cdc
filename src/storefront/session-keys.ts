// What the kit compares of session data: stable JSON, and whether two `company` values name the same company. Not
// part of the kit's exports (index.ts): its own steps share it.

/** Stable JSON (keys sorted), to compare what a session was started with. */
export const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )

/** True when both name the same company (both none counts as the same). */
export const sameCompany = (a: unknown, b: unknown): boolean => stable(a ?? null) === stable(b ?? null)

/** A plain object (not an array, not null): session data as the store API answers it may hold anything. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
