import BigNumberJs from "bignumber.js"
import { z } from "@medusajs/framework/zod"
import { toDecimalOrUndefined, ZERO, type DecimalInput } from "../../../utils/decimal"
import { formatPath, PayloadError } from "./errors"

type BigNumber = BigNumberJs

/**
 * What the payload builder reads of a Medusa cart (or order): the shape Query
 * returns for CART_FIELDS / ORDER_FIELDS. Amounts may come in any of Medusa's
 * shapes (number, string, `{ value }`, Medusa's BigNumber, bignumber.js) and
 * become bignumber.js values; a `raw_<name>` sibling, when present, wins over
 * `<name>` (it keeps the full precision that a float would lose).
 */

/**
 * An amount: already a bignumber.js value when the schema sees it, since
 * parseMedusaCart converts every amount field (AMOUNT_FIELDS) in the same walk
 * that prefers `raw_*` values (a zod transform per field cost several times the
 * conversion itself). A value that could not be converted is left as it was and
 * fails here, with its path. Typed as taking any of Medusa's shapes, as the
 * cart handed to parseMedusaCart may hold them.
 */
const Decimal: z.ZodType<BigNumber, DecimalInput> = z.custom<BigNumber>((value) => value instanceof BigNumberJs && value.isFinite(), {
  message: "expected a number",
})

/** An amount that may be absent or null (null became undefined in the same walk). */
const OptionalDecimal: z.ZodOptional<z.ZodType<BigNumber, DecimalInput | null>> = Decimal.optional()

const Text = z.string().nullish()
const Flag = z.boolean().nullish()

export const MedusaTaxLine = z.object({
  id: Text,
  rate: Decimal,
  code: Text,
  description: Text,
})

export const MedusaAdjustment = z.object({
  id: Text,
  code: Text,
  amount: OptionalDecimal,
  is_tax_inclusive: Flag,
  promotion_id: Text,
})

/** The totals Medusa's decorateCartTotals sets on every item and shipping method. */
const lineTotals = {
  subtotal: OptionalDecimal,
  discount_total: OptionalDecimal,
  discount_subtotal: OptionalDecimal,
  discount_tax_total: OptionalDecimal,
  tax_total: OptionalDecimal,
  total: OptionalDecimal,
}

const MedusaItemDetail = z.object({
  return_received_quantity: OptionalDecimal,
  return_dismissed_quantity: OptionalDecimal,
})

export const MedusaLineItem = z.object({
  id: z.string().min(1),
  title: Text,
  subtitle: Text,
  thumbnail: Text,
  quantity: Decimal,
  unit_price: Decimal,
  is_tax_inclusive: Flag,
  requires_shipping: Flag,
  is_giftcard: Flag,
  product_id: Text,
  variant_id: Text,
  product_title: Text,
  /** Copied from the product when the item was added: the line's `description`. */
  product_description: Text,
  product_handle: Text,
  product_type: Text,
  product_collection: Text,
  variant_title: Text,
  variant_sku: Text,
  variant_barcode: Text,
  tax_lines: z.array(MedusaTaxLine).nullish(),
  adjustments: z.array(MedusaAdjustment).nullish(),
  /** Orders only: returned quantities, by which Medusa prorates the item's totals. */
  detail: MedusaItemDetail.nullish(),
  ...lineTotals,
})
export type MedusaLineItem = z.output<typeof MedusaLineItem>

export const MedusaShippingMethod = z.object({
  id: z.string().min(1),
  name: Text,
  /** A JSON column: used as the line's description only when it holds text. */
  description: z.unknown().optional(),
  amount: Decimal,
  is_tax_inclusive: Flag,
  shipping_option_id: Text,
  tax_lines: z.array(MedusaTaxLine).nullish(),
  adjustments: z.array(MedusaAdjustment).nullish(),
  ...lineTotals,
})
export type MedusaShippingMethod = z.output<typeof MedusaShippingMethod>

export const MedusaAddress = z.object({
  company: Text,
  first_name: Text,
  last_name: Text,
  address_1: Text,
  address_2: Text,
  city: Text,
  postal_code: Text,
  province: Text,
  country_code: Text,
  phone: Text,
})
export type MedusaAddress = z.output<typeof MedusaAddress>

const MedusaCreditLine = z.object({ id: Text, amount: OptionalDecimal, reference: Text })

export const MedusaCart = z.object({
  id: z.string().min(1),
  display_id: z.union([z.number(), z.string()]).nullish(),
  email: Text,
  currency_code: z.string().regex(/^[A-Za-z]{3}$/, "expected an ISO 4217 currency code"),
  total: Decimal,
  subtotal: OptionalDecimal,
  tax_total: OptionalDecimal,
  discount_subtotal: OptionalDecimal,
  credit_line_total: OptionalDecimal,
  items: z.array(MedusaLineItem).nullish(),
  shipping_methods: z.array(MedusaShippingMethod).nullish(),
  credit_lines: z.array(MedusaCreditLine).nullish(),
  shipping_address: MedusaAddress.nullish(),
  billing_address: MedusaAddress.nullish(),
  customer: z
    .object({
      id: Text,
      email: Text,
      first_name: Text,
      last_name: Text,
      phone: Text,
      company_name: Text,
    })
    .nullish(),
})

/** A cart (or order) as Query returns it: what the builder functions accept. */
export type MedusaCartInput = z.input<typeof MedusaCart>
/** The same, normalised: every amount a bignumber.js value. */
export type MedusaCartData = z.output<typeof MedusaCart>

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** What parseMedusaCart copies of one object: the fields its schema reads, which of them are amounts, and the objects nested in it. */
type Level = { fields: readonly string[]; amounts: ReadonlyMap<string, string>; nested: ReadonlyMap<string, Level> }

function levelOf(schema: z.ZodObject, nested: Record<string, Level> = {}): Level {
  const shape = schema.shape as Record<string, unknown>
  const amounts = Object.keys(shape).filter((name) => shape[name] === Decimal || shape[name] === OptionalDecimal)
  return {
    fields: Object.keys(shape),
    // Each amount field with its `raw_<name>` sibling.
    amounts: new Map(amounts.map((name) => [name, `raw_${name}`])),
    nested: new Map(Object.entries(nested)),
  }
}

const TAX_LINE = levelOf(MedusaTaxLine)
const ADJUSTMENT = levelOf(MedusaAdjustment)
const CART: Level = levelOf(MedusaCart, {
  items: levelOf(MedusaLineItem, { tax_lines: TAX_LINE, adjustments: ADJUSTMENT, detail: levelOf(MedusaItemDetail) }),
  shipping_methods: levelOf(MedusaShippingMethod, { tax_lines: TAX_LINE, adjustments: ADJUSTMENT }),
  credit_lines: levelOf(MedusaCreditLine),
})

/** The amount fields of the objects MedusaCart reads: the Decimal and OptionalDecimal fields of its schemas. */
export const AMOUNT_FIELDS: ReadonlySet<string> = new Set(
  (function names(level: Level): string[] {
    return [...level.amounts.keys(), ...[...level.nested.values()].flatMap(names)]
  })(CART)
)

/** An amount in any of Medusa's shapes as bignumber.js (null: undefined); a value that is no number is left for the schema to refuse. */
function amountOf(value: unknown): unknown {
  if (value === "0" || value === 0) return ZERO
  try {
    return toDecimalOrUndefined(value)
  } catch {
    return value
  }
}

/**
 * The cart as the schema reads it: of the cart and of each object it nests
 * amounts in, a new object with the fields the schema reads (the rest would be
 * dropped by the schema anyway), every amount field taken from its
 * `raw_<name>` when there is one (it keeps the precision a float loses, as
 * Medusa's own transformPropertiesToBigNumber does) and converted to
 * bignumber.js. Addresses, the customer and Medusa's BigNumber instances (not
 * plain objects) are not walked.
 *
 * The copy is built field by field into a new object: a spread of Query's
 * objects (dozens of fields, `raw_*` ones included) cost more than the rest
 * of the parse.
 */
function normaliseAmounts(value: unknown, level: Level): unknown {
  if (Array.isArray(value)) return value.map((element) => normaliseAmounts(element, level))
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const key of level.fields) {
    const rawKey = level.amounts.get(key)
    if (rawKey !== undefined) {
      const raw = value[rawKey]
      if (raw !== null && raw !== undefined) out[key] = amountOf(raw)
      else if (key in value) out[key] = amountOf(value[key])
      continue
    }
    if (!(key in value)) continue
    const nested = level.nested.get(key)
    out[key] = nested === undefined ? value[key] : normaliseAmounts(value[key], nested)
  }
  return out
}

/** Carts this module already validated: a builder handed one of them (e.g. buildLines inside buildCreateOrderBody) does not parse it again. */
const parsedCarts = new WeakSet<object>()

/** Validates and normalises a cart or order read with CART_FIELDS / ORDER_FIELDS. */
export function parseMedusaCart(input: MedusaCartInput | MedusaCartData): MedusaCartData {
  if (typeof input === "object" && input !== null && parsedCarts.has(input)) return input as MedusaCartData
  const result = MedusaCart.safeParse(normaliseAmounts(input, CART))
  if (!result.success) {
    const issue = result.error.issues[0]
    const path = formatPath(issue.path)
    throw new PayloadError(
      "INVALID_CART",
      `The cart read from Medusa cannot be used for trade credit: ${path || "cart"}: ${issue.message} (read it with CART_FIELDS)`,
      path
    )
  }
  parsedCarts.add(result.data)
  return result.data
}
