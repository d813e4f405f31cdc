import type BigNumber from "bignumber.js"

/**
 * Exact decimals as whole numbers of units (BigInt): 12.50 at two decimals is
 * 1250n cents, 0.2 at six decimals is 200000n millionths. The wire's amounts
 * have fixed decimals (money 2; unit prices, quantities and tax rates 6), so
 * the service's arithmetic (contract section 2) is integer arithmetic on them,
 * and the payload builder does its per-line work in these units: a bignumber.js
 * operation costs about ten BigInt ones, and a cart's lines take hundreds.
 * bignumber.js stays where values are read from Medusa and for everything else.
 */

/** Decimals of money on the wire. */
export const MONEY_DECIMALS = 2
/** Decimals of unit prices, tax rates and (at most) quantities on the wire. */
export const MICRO_DECIMALS = 6

const POWERS = Array.from({ length: 41 }, (_, i) => 10n ** BigInt(i))

/** 10^n as a BigInt. */
export const pow10 = (n: number): bigint => POWERS[n] ?? 10n ** BigInt(n)

export const absUnits = (value: bigint): bigint => (value < 0n ? -value : value)

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * The units of a plain decimal string ("12.5", "-3", "0.200000") at `decimals`
 * decimals, or undefined when it is no plain decimal or has more decimals
 * (it would not be exact).
 */
export function parseUnits(text: string, decimals: number): bigint | undefined {
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) return undefined
  const fraction = match[3] ?? ""
  if (fraction.length > decimals) return undefined
  const units = BigInt(match[2] + fraction.padEnd(decimals, "0"))
  return match[1] ? -units : units
}

/**
 * The units of a bignumber.js value at `decimals` decimals: exact, so the value
 * may not have more decimals (a RangeError says so; take the decimals from
 * `decimalsOf`).
 *
 * Read from the value's own digits (bignumber.js keeps its coefficient in
 * base 10^14 words, `c`, with the exponent `e` and the sign `s`, all public)
 * rather than formatted with toFixed and parsed back: a cart's lines take
 * thousands of these, and formatting cost three times the rest.
 */
export function unitsOf(value: BigNumber, decimals: number): bigint {
  const { c, e, s } = value
  if (c === null || e === null || s === null) throw new RangeError(`${value.toString()} is not a finite number`)
  if (c[0] === 0) return 0n
  let digits = String(c[0])
  for (let i = 1; i < c.length; i++) digits += String(c[i]).padStart(14, "0")
  // value = digits x 10^(e - (digits.length - 1)); in units: x 10^decimals.
  const shift = e - (digits.length - 1) + decimals
  let units: bigint
  if (shift >= 0) units = BigInt(digits) * pow10(shift)
  else {
    const kept = digits.slice(0, shift)
    if (!/^0*$/.test(digits.slice(shift))) throw new RangeError(`${value.toFixed()} has more than ${decimals} decimals`)
    units = kept === "" ? 0n : BigInt(kept)
  }
  return s < 0 ? -units : units
}

/** The most decimals any of the values has (at least `atLeast`): a scale at which all of them are whole units. */
export function decimalsOf(values: Iterable<BigNumber | undefined>, atLeast: number): number {
  let decimals = atLeast
  for (const value of values) {
    const places = value?.decimalPlaces() ?? 0
    if (places > decimals) decimals = places
  }
  return decimals
}

/** `numerator / denominator` rounded to a whole unit, half away from zero (bignumber.js ROUND_HALF_UP). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero")
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  if (absUnits(remainder) * 2n < absUnits(denominator)) return quotient
  return numerator < 0n !== denominator < 0n ? quotient - 1n : quotient + 1n
}

/** Units at `from` decimals as units at `to` decimals, rounded half away from zero when `to` has fewer. */
export function rescale(units: bigint, from: number, to: number): bigint {
  if (to >= from) return units * pow10(to - from)
  return divideRounded(units, pow10(from - to))
}

/** Units as a decimal string with exactly `decimals` decimals ("1250.00"); zero is never "-0.00". */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const sign = negative ? "-" : ""
  return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - decimals)}`
}

/** Units as the shortest decimal string ("3", "2.5"). */
export function formatUnitsShortest(units: bigint, decimals: number): string {
  const text = formatUnits(units, decimals)
  return decimals === 0 ? text : text.replace(/\.?0+$/, "")
}
