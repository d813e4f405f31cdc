import BigNumberJs from "bignumber.js"
import type { BigNumberInput } from "@medusajs/framework/types"
import { readNumberText, type ScaledUnits } from "./units"

/**
 * A number as Medusa hands it around, depending on where it was read:
 * - a plain `number` or a decimal `string`;
 * - a raw value `{ value: "12.3456789", precision: 20 }` (the `raw_*` columns);
 * - an instance of Medusa's own `BigNumber` (`{ numeric_, raw_, bignumber_ }`), which is what Query returns for
 *   computed totals;
 * - a bignumber.js instance (Medusa's `MathBN` results).
 * The constructors of Money and Exact (`Money.fromMedusa`, `Exact.fromMedusa`) read every one of them exactly,
 * preferring the exact decimal (`raw_.value`, `value`, `bignumber_`) over the float (`numeric_`).
 */
export type MedusaNumber =
  | BigNumberInput
  | { raw_?: { value: string | number }; numeric_?: number; bignumber_?: unknown }
  | { readonly units: bigint; readonly scale: number }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** A bignumber.js value (of any copy of the library: Medusa's MathBN results), read from its exact digits. */
function fromBigNumberJs(value: unknown): ScaledUnits | undefined {
  if (!BigNumberJs.isBigNumber(value)) return undefined
  const n = value as BigNumberJs
  return n.isFinite() ? readNumberText(n.toFixed()) : undefined
}

function fromScalar(value: unknown): ScaledUnits | undefined {
  // A float: its shortest text is the decimal it stands for (as bignumber.js reads it).
  if (typeof value === "number") return Number.isFinite(value) ? readNumberText(String(value)) : undefined
  if (typeof value === "string") return value.trim() === "" ? undefined : readNumberText(value)
  return fromBigNumberJs(value)
}

/**
 * The exact value of a number in any of Medusa's shapes, or undefined when it is none (missing, not a number, NaN or
 * infinite). Only the money value's constructors call this (core/money).
 */
export function readMedusaNumber(value: unknown): ScaledUnits | undefined {
  const scalar = fromScalar(value)
  if (scalar) return scalar
  if (!isObject(value)) return undefined
  // Medusa's BigNumber: the raw decimal string is exact, bignumber_ too; numeric_ is a float.
  // (raw, bigNumber and numeric are its getters, for other IBigNumber implementations.)
  if (isObject(value.raw_)) return readMedusaNumber(value.raw_)
  if (isObject(value.raw)) return readMedusaNumber(value.raw)
  if (BigNumberJs.isBigNumber(value.bignumber_)) return fromBigNumberJs(value.bignumber_)
  if (BigNumberJs.isBigNumber(value.bigNumber)) return fromBigNumberJs(value.bigNumber)
  if ("value" in value) return fromScalar(value.value)
  if (typeof value.numeric_ === "number") return fromScalar(value.numeric_)
  if (typeof value.numeric === "number") return fromScalar(value.numeric)
  return undefined
}

/** How a value that is no number is named in an error ("amount is not a number: abc"). */
export function shownValue(value: unknown): string {
  let shown: string | undefined
  try {
    shown = isObject(value) ? JSON.stringify(value) : String(value)
  } catch {
    // A BigInt or a cycle inside: its type is all there is to say.
    shown = Object.prototype.toString.call(value)
  }
  return (shown ?? String(value)).slice(0, 100)
}
