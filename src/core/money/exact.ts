import { readMedusaNumber, shownValue, type MedusaNumber } from "./medusa-number"
import {
  compareUnits,
  divideRounded,
  formatUnits,
  formatUnitsShortest,
  pow10,
  readWireDecimal,
  type ScaledUnits,
} from "./units"

/** The decimals a division keeps unless told otherwise (bignumber.js's default, which the plugin's rules were
 * written against: a quotient rounded there, half up, before anything rounds it further). */
export const DIVISION_DECIMALS = 20

/** A value that is no number where one was needed: missing, malformed, NaN or infinite. */
export class NotANumberError extends Error {
  constructor(what: string, value: unknown) {
    super(`${what} is not a number: ${shownValue(value)}`)
    this.name = "NotANumberError"
  }
}

/**
 * An exact decimal, immutable: `units` x 10^-`scale`, with the trailing zeros taken off (so equal values have equal
 * fields, and `scale` is the decimals it has). The arithmetic of Money and Exact: sums and products are exact, a
 * quotient is rounded half up at the decimals asked, and every rounding is half away from zero (bignumber.js's
 * ROUND_HALF_UP). A decimal string given as an operand is read as the wire writes decimals ("12.34"; anything else
 * is a NotANumberError).
 */
export abstract class ExactDecimal<T extends ExactDecimal<T>> {
  readonly units: bigint
  readonly scale: number

  protected constructor(units: bigint, scale: number) {
    if (scale < 0) {
      units *= pow10(-scale)
      scale = 0
    }
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n
      scale--
    }
    this.units = units
    this.scale = scale
  }

  /** A value of this kind (Money makes Money). */
  protected abstract make(units: bigint, scale: number): T

  /** An operand: the value itself, or a decimal string of the wire read as one. */
  protected abstract operand(value: T | string): T

  plus(other: T | string): T {
    const o = this.operand(other)
    const scale = Math.max(this.scale, o.scale)
    return this.make(this.unitsAt(scale) + o.unitsAt(scale), scale)
  }

  minus(other: T | string): T {
    const o = this.operand(other)
    const scale = Math.max(this.scale, o.scale)
    return this.make(this.unitsAt(scale) - o.unitsAt(scale), scale)
  }

  negated(): T {
    return this.make(-this.units, this.scale)
  }

  abs(): T {
    return this.units < 0n ? this.negated() : this.make(this.units, this.scale)
  }

  /** Exactly this times `factor` (a quantity, a rate, a share, a whole number). */
  times(factor: Exact | bigint): T {
    if (typeof factor === "bigint") return this.make(this.units * factor, this.scale)
    return this.make(this.units * factor.units, this.scale + factor.scale)
  }

  /** This over `divisor`, rounded half up at `decimals` decimals. A RangeError for a zero divisor. */
  dividedBy(divisor: Exact | bigint, decimals = DIVISION_DECIMALS): T {
    const d = typeof divisor === "bigint" ? { units: divisor, scale: 0 } : divisor
    if (d.units === 0n) throw new RangeError(`${this.toString()} cannot be divided by zero`)
    // (u1 x 10^-s1) / (u2 x 10^-s2) in units of 10^-decimals: u1 x 10^(s2 + decimals) / (u2 x 10^s1).
    const numerator = this.units * pow10(d.scale + decimals)
    return this.make(divideRounded(numerator, d.units * pow10(this.scale)), decimals)
  }

  /** Rounded half up (away from zero) to `decimals` decimals. */
  roundTo(decimals: number): T {
    if (this.scale <= decimals) return this.make(this.units, this.scale)
    return this.make(divideRounded(this.units, pow10(this.scale - decimals)), decimals)
  }

  compare(other: T | string): -1 | 0 | 1 {
    const o = this.operand(other)
    if (this.scale === o.scale) return compareUnits(this.units, o.units)
    const scale = Math.max(this.scale, o.scale)
    return compareUnits(this.unitsAt(scale), o.unitsAt(scale))
  }

  eq(other: T | string): boolean {
    return this.compare(other) === 0
  }

  lt(other: T | string): boolean {
    return this.compare(other) < 0
  }

  lte(other: T | string): boolean {
    return this.compare(other) <= 0
  }

  gt(other: T | string): boolean {
    return this.compare(other) > 0
  }

  gte(other: T | string): boolean {
    return this.compare(other) >= 0
  }

  isZero(): boolean {
    return this.units === 0n
  }

  isNegative(): boolean {
    return this.units < 0n
  }

  isPositive(): boolean {
    return this.units > 0n
  }

  isInteger(): boolean {
    return this.scale === 0
  }

  /** The decimals it has (none for a whole number): 12.50 has one. */
  decimalPlaces(): number {
    return this.scale
  }

  /**
   * The value as whole units of 10^-`scale`, exactly: a RangeError when it has more decimals than that (round it
   * first, or take the scale from `decimalPlaces`).
   */
  unitsAt(scale: number): bigint {
    if (scale === this.scale) return this.units
    if (scale > this.scale) return this.units * pow10(scale - this.scale)
    throw new RangeError(`${this.toString()} has more than ${scale} decimals`)
  }

  /** Exactly `decimals` decimals, rounded half up, never "-0.00"; without `decimals`, the shortest exact text. */
  toFixed(decimals?: number): string {
    if (decimals === undefined) return this.toString()
    if (this.scale <= decimals) return formatUnits(this.units * pow10(decimals - this.scale), decimals)
    return formatUnits(divideRounded(this.units, pow10(this.scale - decimals)), decimals)
  }

  /** The shortest exact text ("3", "2.5", "0.30000000000000000004"): never an exponent. */
  toString(): string {
    return formatUnitsShortest(this.units, this.scale)
  }

  /** In JSON, the shortest exact text (a BigInt has no JSON). */
  toJSON(): string {
    return this.toString()
  }
}

/** The exact value of `value` in any of Medusa's shapes, or a NotANumberError naming `what`. */
export function readExactly(value: unknown, what: string): ScaledUnits {
  if (value instanceof ExactDecimal) return value
  const read = readMedusaNumber(value)
  if (!read) throw new NotANumberError(what, value)
  return read
}

/** A decimal string of the wire ("12.34"), or a NotANumberError naming `what`. */
export function readWireExactly(text: unknown, what: string): ScaledUnits {
  const read = typeof text === "string" ? readWireDecimal(text) : undefined
  if (!read) throw new NotANumberError(what, text)
  return read
}

/**
 * An exact number that is not money: a quantity, a tax rate, a percentage, a share. Read from Medusa with
 * `Exact.fromMedusa`, from the wire with `Exact.fromDecimal`; Money is multiplied and divided by it.
 */
export class Exact extends ExactDecimal<Exact> {
  static readonly ZERO = new Exact(0n, 0)
  static readonly ONE = new Exact(1n, 0)

  private constructor(units: bigint, scale: number) {
    super(units, scale)
  }

  /** A number in any of Medusa's shapes (see MedusaNumber); a NotANumberError naming `what` when it is none. */
  static fromMedusa(value: MedusaNumber | unknown, what = "value"): Exact {
    if (value instanceof Exact) return value
    const { units, scale } = readExactly(value, what)
    return new Exact(units, scale)
  }

  /** True when `value` is a number in one of Medusa's shapes (not null, not NaN, not infinite). */
  static isMedusaNumber(value: unknown): boolean {
    return value instanceof ExactDecimal || readMedusaNumber(value) !== undefined
  }

  /** A decimal string of the wire ("2.5", "0.200000"); a NotANumberError naming `what` for anything else. */
  static fromDecimal(text: string, what = "value"): Exact {
    const { units, scale } = readWireExactly(text, what)
    return new Exact(units, scale)
  }

  /** A whole number, or units of 10^-scale. */
  static of(units: bigint | number, scale = 0): Exact {
    if (typeof units === "number" && !Number.isSafeInteger(units)) throw new RangeError(`${units} is no whole number`)
    return new Exact(BigInt(units), scale)
  }

  static sum(values: Iterable<Exact>): Exact {
    let total = Exact.ZERO
    for (const value of values) total = total.plus(value)
    return total
  }

  static min(a: Exact, b: Exact): Exact {
    return a.lte(b) ? a : b
  }

  protected make(units: bigint, scale: number): Exact {
    return new Exact(units, scale)
  }

  protected operand(value: Exact | string): Exact {
    return typeof value === "string" ? Exact.fromDecimal(value) : value
  }
}
