import { Exact, ExactDecimal, readExactly, readWireExactly } from "./exact"
import type { MedusaNumber } from "./medusa-number"
import { compareUnits, divideFloor, MONEY_DECIMALS, readWireDecimal } from "./units"

/** An amount as Medusa hands it (see MedusaNumber), or a Money already. */
export type MedusaAmount = MedusaNumber | Money

/**
 * The plugin's one money value: an exact amount in major units, immutable, in no currency of its own (the currency
 * travels beside it, as on the wire). It holds an exact decimal (whole cents mostly; Medusa's computed totals carry
 * more decimals, which are kept until an amount is rounded to cents).
 *
 * Made by its named constructors only:
 * - `Money.fromMedusa(amount)`: any of Medusa's shapes (number, string, `{ value }` raw value, Medusa's BigNumber,
 *   bignumber.js), exactly;
 * - `Money.fromDecimal("12.34")`: a decimal string of the service (the wire), refusing anything else;
 * - `Money.fromCents(1234n)`: whole cents.
 * Arithmetic is exact (`plus`, `minus`, `times` a quantity or a rate, `compare`); `roundToCents` rounds half up, as
 * Medusa's own providers round what they charge; `split` and `allocate` share an amount out in whole cents that add
 * up to it. At the edge it is `toDecimal()` ("12.34"). A decimal string given as an operand (`a.plus("12.34")`) is
 * read as `fromDecimal` reads it.
 */
export class Money extends ExactDecimal<Money> {
  static readonly ZERO = new Money(0n, 0)
  static readonly ONE_CENT = new Money(1n, MONEY_DECIMALS)

  private constructor(units: bigint, scale: number) {
    super(units, scale)
  }

  /** An amount in any of Medusa's shapes, exactly; a NotANumberError naming `what` when it is none. */
  static fromMedusa(amount: MedusaAmount | unknown, what = "amount"): Money {
    if (amount instanceof Money) return amount
    const { units, scale } = readExactly(amount, what)
    return new Money(units, scale)
  }

  /** True when `value` is an amount in one of Medusa's shapes (not null, not NaN, not infinite). */
  static isMedusaAmount(value: unknown): boolean {
    return Exact.isMedusaNumber(value)
  }

  /**
   * A decimal string of the service ("12.34", "-0.50", "7." as the published answers may write it), exactly; a
   * NotANumberError naming `what` for anything else (an exponent, a comma, spaces, "NaN").
   */
  static fromDecimal(text: string, what = "amount"): Money {
    const { units, scale } = readWireExactly(text, what)
    return new Money(units, scale)
  }

  /** True when `text` is a decimal string `fromDecimal` reads. */
  static isDecimal(text: unknown): text is string {
    return typeof text === "string" && readWireDecimal(text) !== undefined
  }

  /** Whole cents (a number must be a safe integer). */
  static fromCents(cents: bigint | number): Money {
    if (typeof cents === "number" && !Number.isSafeInteger(cents)) throw new RangeError(`${cents} is not whole cents`)
    return new Money(BigInt(cents), MONEY_DECIMALS)
  }

  /** The exact sum (zero for none). */
  static sum(amounts: Iterable<Money | string>): Money {
    let total = Money.ZERO
    for (const amount of amounts) total = total.plus(amount)
    return total
  }

  static min(a: Money, b: Money): Money {
    return a.lte(b) ? a : b
  }

  static max(first: Money, ...rest: Money[]): Money {
    return rest.reduce((most, amount) => (amount.gt(most) ? amount : most), first)
  }

  protected make(units: bigint, scale: number): Money {
    return new Money(units, scale)
  }

  protected operand(value: Money | string): Money {
    return typeof value === "string" ? Money.fromDecimal(value) : value
  }

  /** Rounded to whole cents, half up (away from zero). */
  roundToCents(): Money {
    return this.roundTo(MONEY_DECIMALS)
  }

  /** True when it is whole cents (no more than two decimals). */
  isWholeCents(): boolean {
    return this.scale <= MONEY_DECIMALS
  }

  /** The amount in whole cents, exactly: a RangeError when it has more decimals (`roundToCents()` first). */
  toCents(): bigint {
    return this.unitsAt(MONEY_DECIMALS)
  }

  /** Money on the wire: exactly two decimals, half up, never "-0.00" ("1250.00"). */
  toDecimal(): string {
    return this.toFixed(MONEY_DECIMALS)
  }

  /**
   * `parts` amounts in whole cents that add up to this amount rounded to cents: each the amount over `parts`
   * rounded towards zero, the remainder on the last (the service's split of a plan into instalments).
   */
  split(parts: number): Money[] {
    if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`cannot split into ${parts} parts`)
    const cents = this.roundToCents().toCents()
    const base = cents / BigInt(parts)
    const last = cents - base * BigInt(parts - 1)
    return Array.from({ length: parts }, (_, i) => Money.fromCents(i === parts - 1 ? last : base))
  }

  /**
   * Shares this amount (rounded to cents, half up) out in proportion to `weights`, in whole cents that add up to it
   * exactly: each share is rounded down to a cent, and the cents left go to the largest remainders (ties: the larger
   * weight, then the earlier entry). The weights must add up to more than zero.
   */
  allocate(weights: readonly Money[]): Money[] {
    const total = this.roundToCents().toCents()
    const scale = Math.max(0, ...weights.map((w) => w.scale))
    const units = weights.map((w) => w.unitsAt(scale))
    const weightSum = units.reduce((sum, w) => sum + w, 0n)
    if (weightSum <= 0n) throw new RangeError("cannot allocate by weights that add up to nothing")
    // Share i is total x w_i / weightSum: its floor, and its remainder over weightSum (compared as numerators).
    const floors = units.map((w) => divideFloor(total * w, weightSum))
    const remainders = units.map((w, i) => total * w - floors[i] * weightSum)
    let left = total - floors.reduce((sum, f) => sum + f, 0n)
    const order = units
      .map((_, i) => i)
      .sort((a, b) => compareUnits(remainders[b], remainders[a]) || compareUnits(units[b], units[a]) || a - b)
    for (const i of order) {
      if (left <= 0n) break
      floors[i] += 1n
      left -= 1n
    }
    return floors.map((cents) => Money.fromCents(cents))
  }
}
