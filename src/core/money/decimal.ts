import BigNumber from "bignumber.js"
import type { BigNumberInput } from "@medusajs/framework/types"

/**
 * One way to read a number that came from Medusa. Medusa hands amounts around in
 * several shapes, depending on where they were read:
 * - a plain `number` or a decimal `string`;
 * - a raw value `{ value: "12.3456789", precision: 20 }` (the `raw_*` columns);
 * - an instance of Medusa's own `BigNumber` (`{ numeric_, raw_, bignumber_ }`),
 *   which is what Query returns for computed totals;
 * - a bignumber.js instance (Medusa's `MathBN` results).
 * Every one of them becomes a bignumber.js value here, preferring the exact
 * decimal (`raw_.value`, `value`, `bignumber_`) over the float (`numeric_`).
 */
export type DecimalInput =
  BigNumberInput | BigNumber | { raw_?: { value: string | number }; numeric_?: number; bignumber_?: BigNumber }

export class DecimalError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "DecimalError"
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

function fromScalar(value: unknown): BigNumber | undefined {
  if (typeof value === "number") return new BigNumber(value)
  if (typeof value === "string" && value.trim() !== "") return new BigNumber(value.trim())
  if (BigNumber.isBigNumber(value)) return new BigNumber(value as BigNumber)
  return undefined
}

function read(value: unknown): BigNumber | undefined {
  const scalar = fromScalar(value)
  if (scalar) return scalar
  if (!isObject(value)) return undefined
  // Medusa's BigNumber: the raw decimal string is exact, bignumber_ too; numeric_ is a float.
  // (raw, bigNumber and numeric are its getters, for other IBigNumber implementations.)
  if (isObject(value.raw_)) return read(value.raw_)
  if (isObject(value.raw)) return read(value.raw)
  if (BigNumber.isBigNumber(value.bignumber_)) return new BigNumber(value.bignumber_ as BigNumber)
  if (BigNumber.isBigNumber(value.bigNumber)) return new BigNumber(value.bigNumber as BigNumber)
  if ("value" in value) return fromScalar(value.value)
  if (typeof value.numeric_ === "number") return new BigNumber(value.numeric_)
  if (typeof value.numeric === "number") return new BigNumber(value.numeric)
  return undefined
}

/** True when `value` is a number in one of Medusa's shapes (not null, not NaN). */
export function isDecimalLike(value: unknown): value is DecimalInput {
  const n = read(value)
  return n !== undefined && n.isFinite()
}

/**
 * Reads a number in any of Medusa's shapes. Throws a DecimalError naming `what`
 * when the value is missing, not a number, NaN or infinite.
 */
export function toDecimal(value: unknown, what = "value"): BigNumber {
  const n = read(value)
  if (n === undefined || !n.isFinite()) {
    const shown = isObject(value) ? JSON.stringify(value) : String(value)
    throw new DecimalError(`${what} is not a number: ${shown?.slice(0, 100)}`)
  }
  return n
}

/** Like toDecimal, but null and undefined give undefined. */
export function toDecimalOrUndefined(value: unknown, what = "value"): BigNumber | undefined {
  if (value === null || value === undefined) return undefined
  return toDecimal(value, what)
}

export const ZERO = new BigNumber(0)
export const ONE_CENT = new BigNumber("0.01")

/** Rounds to cents, half up (as Medusa's own payment providers round the amount they charge). */
export function roundToCents(value: BigNumber.Value): BigNumber {
  return asBigNumber(value).decimalPlaces(2, BigNumber.ROUND_HALF_UP)
}

/** Exact cents of an amount Medusa hands a provider (number, string, raw value or BigNumber), half up. */
export function centsOf(amount: unknown, what = "amount"): BigNumber {
  return roundToCents(toDecimal(amount, what))
}

/** The value itself when it is this bignumber.js's value already (they are immutable), else a new one. */
const asBigNumber = (value: BigNumber.Value): BigNumber => (value instanceof BigNumber ? value : new BigNumber(value))

/** Fixed decimals, half up, never "-0.00". */
function fixed(value: BigNumber.Value, decimals: number): string {
  const n = asBigNumber(value)
  // A value with no more decimals than asked (whole cents already) needs no rounding.
  const rounded = (n.decimalPlaces() ?? 0) <= decimals ? n : n.decimalPlaces(decimals, BigNumber.ROUND_HALF_UP)
  return (rounded.isZero() ? ZERO : rounded).toFixed(decimals)
}

/** Money on the wire: exactly two decimals ("1250.00"). */
export function formatMoney(value: BigNumber.Value): string {
  return fixed(value, 2)
}

/** A unit price on the wire: exactly six decimals. */
export function formatUnitPrice(value: BigNumber.Value): string {
  return fixed(value, 6)
}

/** A tax rate (a fraction) on the wire: exactly six decimals ("0.200000"). */
export function formatTaxRate(value: BigNumber.Value): string {
  return fixed(value, 6)
}

/** A quantity on the wire: the shortest decimal ("3", "2.5"). */
export function formatQuantity(value: BigNumber.Value): string {
  return new BigNumber(value).toFixed()
}

/** A percentage for people ("20", "7.5"). */
export function formatPercent(value: BigNumber.Value): string {
  return new BigNumber(value).decimalPlaces(4, BigNumber.ROUND_HALF_UP).toFixed()
}

/** Sum of several values in any of Medusa's shapes. */
export function sumDecimals(values: Iterable<BigNumber.Value>): BigNumber {
  let total = new BigNumber(0)
  for (const v of values) total = total.plus(v)
  return total
}
