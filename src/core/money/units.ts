/**
 * Exact decimals as whole numbers of units (BigInt): 12.50 at two decimals is 1250n cents, 0.2 at six decimals is
 * 200000n millionths. This is the arithmetic under Money and Exact (money.ts, exact.ts), and the one the hot paths use
 * directly: the wire's amounts have fixed decimals (money 2; unit prices, quantities and tax rates 6), so the service's
 * line check (contract section 2) and the payload builder's per-line work are integer arithmetic on them, with no
 * object per value (a cart's lines take hundreds of operations each).
 */

/** Decimals of money on the wire. */
export const MONEY_DECIMALS = 2
/** Decimals of unit prices, tax rates and (at most) quantities on the wire. */
export const MICRO_DECIMALS = 6

const POWERS = Array.from({ length: 41 }, (_, i) => 10n ** BigInt(i))

/** 10^n as a BigInt. */
export const pow10 = (n: number): bigint => POWERS[n] ?? 10n ** BigInt(n)

export const absUnits = (value: bigint): bigint => (value < 0n ? -value : value)

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export const compareUnits = (a: bigint, b: bigint): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0)

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

/** An exact decimal as units at a scale (value = units x 10^-scale). */
export type ScaledUnits = { units: bigint; scale: number }

/** The wire's decimals: a sign, digits, and a fraction that may be empty ("7." as the published answers allow). */
const WIRE_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/

/** A decimal string of the wire ("12.34", "-3", "0.200000", "7."), or undefined when it is anything else. */
export function readWireDecimal(text: string): ScaledUnits | undefined {
  const match = WIRE_DECIMAL.exec(text)
  if (!match) return undefined
  const fraction = match[3] ?? ""
  const units = BigInt(match[2] + fraction)
  return { units: match[1] ? -units : units, scale: fraction.length }
}

/** Numbers as JavaScript and bignumber.js write them: a sign, a leading or trailing dot, an exponent ("1e-7"). */
const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Beyond this exponent a "number" is no amount (and its units would be a BigInt of that many digits). */
const MAX_EXPONENT = 1000

/** A number written as text ("12.5", " -3 ", ".5", "1e-7", "1.5e+21"), exactly; undefined when it is none. */
export function readNumberText(text: string): ScaledUnits | undefined {
  const match = NUMBER_TEXT.exec(text.trim())
  if (!match) return undefined
  const whole = match[2]
  const fraction = match[3] ?? ""
  if (whole === "" && fraction === "") return undefined
  const exponent = match[4] === undefined ? 0 : Number(match[4])
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return undefined
  let units = BigInt(whole + fraction)
  let scale = fraction.length - exponent
  if (scale < 0) {
    units *= pow10(-scale)
    scale = 0
  }
  return { units: match[1] === "-" ? -units : units, scale }
}

/** `numerator / denominator` rounded to a whole unit, half away from zero (bignumber.js ROUND_HALF_UP). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero")
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  if (absUnits(remainder) * 2n < absUnits(denominator)) return quotient
  return numerator < 0n !== denominator < 0n ? quotient - 1n : quotient + 1n
}

/** `numerator / denominator` rounded down to a whole unit (towards minus infinity). */
export function divideFloor(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero")
  const quotient = numerator / denominator
  return numerator % denominator !== 0n && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient
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

/** Cents as money on the wire ("12.34"), never "-0.00". */
export const formatCents = (cents: bigint): string => formatUnits(cents, MONEY_DECIMALS)

/** Units as the shortest decimal string ("3", "2.5"). */
export function formatUnitsShortest(units: bigint, decimals: number): string {
  const text = formatUnits(units, decimals)
  return decimals === 0 ? text : text.replace(/\.?0+$/, "")
}
