/**
 * The default branch of a switch over a union the compiler knows in full (a planner's cases, a state): a case added
 * to the union and forgotten in the switch is a type error here, and a value outside it at run time (data written by
 * another version) fails loudly instead of falling through.
 */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`)
}
