import { z } from "@medusajs/framework/zod"
import { Exact, NotANumberError } from "../money/exact"
import type { MedusaNumber } from "../money/medusa-number"
import { Money, type MedusaAmount } from "../money/money"
import { assertNever } from "../../utils/assert-never"
import { formatPath, PayloadError } from "./errors"

/**
 * What the payload builder reads of a Medusa cart (or order): the shape Query
 * returns for CART_FIELDS / ORDER_FIELDS. Numbers may come in any of Medusa's
 * shapes (number, string, `{ value }`, Medusa's BigNumber, bignumber.js) and
 * become exact values: amounts Money, quantities and tax rates Exact; a `raw_<name>` sibling, when present, wins over
 * `<name>` (it keeps the full precision that a float would lose).
 */

/**
 * An amount: already Money when the schema sees it, since parseMedusaCart converts every number field (NUMBER_FIELDS)
 * in the same walk that prefers `raw_*` values (a zod transform per field cost several times the conversion itself).
 * A value that could not be converted is left as it was and fails here, with its path. Typed as taking any of
 * Medusa's shapes, as the cart handed to parseMedusaCart may hold them.
 */
const Amount: z.ZodType<Money, MedusaAmount> = z.custom<Money>((value) => value instanceof Money, {
  message: "expected a number",
})

/** An amount that may be absent or null (null became undefined in the same walk). */
const OptionalAmount: z.ZodOptional<z.ZodType<Money, MedusaAmount | null>> = Amount.optional()

/** A quantity or a tax rate (a percentage): an exact number that is not money, converted in the same walk. */
const ExactNumber: z.ZodType<Exact, MedusaNumber> = z.custom<Exact>((value) => value instanceof Exact, {
  message: "expected a number",
})

const OptionalExactNumber: z.ZodOptional<z.ZodType<Exact, MedusaNumber | null>> = ExactNumber.optional()

const Text = z.string().nullish()
const Flag = z.boolean().nullish()
const Id = z.string().min(1)

export const MedusaTaxLine = z.object({
  id: Text,
  rate: ExactNumber,
  code: Text,
  description: Text,
})

export const MedusaAdjustment = z.object({
  id: Text,
  code: Text,
  amount: OptionalAmount,
  is_tax_inclusive: Flag,
  promotion_id: Text,
})

/** The totals Medusa's decorateCartTotals sets on every item and shipping method. */
const lineTotals = {
  subtotal: OptionalAmount,
  discount_total: OptionalAmount,
  discount_subtotal: OptionalAmount,
  discount_tax_total: OptionalAmount,
  tax_total: OptionalAmount,
  total: OptionalAmount,
}

const MedusaItemDetail = z.object({
  return_received_quantity: OptionalExactNumber,
  return_dismissed_quantity: OptionalExactNumber,
})

export const MedusaLineItem = z.object({
  id: Id,
  title: Text,
  subtitle: Text,
  thumbnail: Text,
  quantity: ExactNumber,
  unit_price: Amount,
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
  id: Id,
  name: Text,
  /** A JSON column: used as the line's description only when it holds text. */
  description: z.unknown().optional(),
  amount: Amount,
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

const MedusaCreditLine = z.object({ id: Text, amount: OptionalAmount, reference: Text })

export const MedusaCart = z.object({
  id: Id,
  display_id: z.union([z.number(), z.string()]).nullish(),
  email: Text,
  currency_code: z.string().regex(/^[A-Za-z]{3}$/, "expected an ISO 4217 currency code"),
  total: Amount,
  subtotal: OptionalAmount,
  tax_total: OptionalAmount,
  discount_subtotal: OptionalAmount,
  credit_line_total: OptionalAmount,
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
/** The same, normalised: every amount Money, every quantity and rate Exact. */
export type MedusaCartData = z.output<typeof MedusaCart>

/**
 * How parseMedusaCart reads one field. The kinds are derived from the schemas above (by the identity of the shared
 * field schemas), so the schemas stay the one definition: number, text, flag and id fields are checked inline; an
 * object or list the payload walks is a level of its own; any other field is checked by its own zod schema.
 */
type Field =
  | {
      name: string
      kind: "number"
      raw: string
      optional: boolean
      read: (value: unknown) => Money | Exact | undefined
    }
  | { name: string; kind: "text" | "flag" | "id" }
  | { name: string; kind: "level"; level: Level; list: boolean }
  | { name: string; kind: "schema"; schema: z.ZodType }

/** What parseMedusaCart reads of one object: its fields, in the schema's order. */
type Level = { fields: readonly Field[] }

type Nested = Record<string, { level: Level; list: boolean }>

/** An amount in any of Medusa's shapes as Money; undefined when it is no number (null is handled before). */
function amountOf(value: unknown): Money | undefined {
  if (value === "0" || value === 0) return Money.ZERO
  try {
    return Money.fromMedusa(value)
  } catch (error) {
    if (error instanceof NotANumberError) return undefined
    throw error
  }
}

/** A quantity or rate in any of Medusa's shapes as Exact; undefined when it is no number. */
function exactOf(value: unknown): Exact | undefined {
  if (value === "0" || value === 0) return Exact.ZERO
  try {
    return Exact.fromMedusa(value)
  } catch (error) {
    if (error instanceof NotANumberError) return undefined
    throw error
  }
}

function levelOf(schema: z.ZodObject, nested: Nested = {}): Level {
  const shape = schema.shape as Record<string, z.ZodType>
  const fields = Object.keys(shape).map((name): Field => {
    const field = shape[name]
    if (field === Amount || field === OptionalAmount)
      return { name, kind: "number", raw: `raw_${name}`, optional: field === OptionalAmount, read: amountOf }
    if (field === ExactNumber || field === OptionalExactNumber)
      return { name, kind: "number", raw: `raw_${name}`, optional: field === OptionalExactNumber, read: exactOf }
    if (field === Text) return { name, kind: "text" }
    if (field === Flag) return { name, kind: "flag" }
    if (field === Id) return { name, kind: "id" }
    if (nested[name]) return { name, kind: "level", ...nested[name] }
    return { name, kind: "schema", schema: field }
  })
  return { fields }
}

const list = (level: Level) => ({ level, list: true })
const single = (level: Level) => ({ level, list: false })

const TAX_LINE = levelOf(MedusaTaxLine)
const ADJUSTMENT = levelOf(MedusaAdjustment)
const ADDRESS = levelOf(MedusaAddress)
const CART: Level = levelOf(MedusaCart, {
  items: list(
    levelOf(MedusaLineItem, {
      tax_lines: list(TAX_LINE),
      adjustments: list(ADJUSTMENT),
      detail: single(levelOf(MedusaItemDetail)),
    }),
  ),
  shipping_methods: list(levelOf(MedusaShippingMethod, { tax_lines: list(TAX_LINE), adjustments: list(ADJUSTMENT) })),
  credit_lines: list(levelOf(MedusaCreditLine)),
  shipping_address: single(ADDRESS),
  billing_address: single(ADDRESS),
})

/** The number fields of the objects MedusaCart reads: the amount and number fields of its schemas. */
export const NUMBER_FIELDS: ReadonlySet<string> = new Set(
  (function names(level: Level): string[] {
    return level.fields.flatMap((field) =>
      field.kind === "number" ? [field.name] : field.kind === "level" ? names(field.level) : [],
    )
  })(CART),
)

/** The first thing wrong with a cart: where, and what. */
class CartIssue {
  constructor(
    readonly path: (string | number)[],
    readonly message: string,
  ) {}
}

const isObjectValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The cart as the builders read it, checked as it is copied: of the cart and of each object it nests, a new object
 * with the fields the schema reads (the rest would be dropped by the schema anyway), every amount taken from its
 * `raw_<name>` when there is one (it keeps the precision a float loses, as Medusa's own
 * transformPropertiesToBigNumber does) and converted to Money (amounts) or Exact (quantities, rates).
 *
 * The fields the payload reads per line (amounts, texts, flags, ids) are checked here rather than by zod: running
 * the zod schema over a 500-line cart cost 7 µs a line, a third of an order creation (docs/performance.md, sixth
 * round). The result is what `MedusaCart.parse` gives (unit-tested against it).
 */
function readLevel(value: Record<string, unknown>, level: Level, path: (string | number)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of level.fields) {
    const { name } = field
    switch (field.kind) {
      case "number": {
        const raw = value[field.raw]
        const given = raw !== null && raw !== undefined ? raw : value[name]
        if (given === null || given === undefined) {
          if (!field.optional) throw new CartIssue([...path, name], "expected a number")
          if (name in value) out[name] = undefined
          continue
        }
        const number = field.read(given)
        if (number === undefined) throw new CartIssue([...path, name], "expected a number")
        out[name] = number
        continue
      }
      case "text":
      case "flag": {
        const given = value[name]
        if (given === undefined) {
          if (name in value) out[name] = undefined
          continue
        }
        if (given !== null && typeof given !== (field.kind === "text" ? "string" : "boolean")) {
          throw new CartIssue([...path, name], `expected ${field.kind === "text" ? "text" : "true or false"}`)
        }
        out[name] = given
        continue
      }
      case "id": {
        const given = value[name]
        if (typeof given !== "string" || given.length === 0) throw new CartIssue([...path, name], "expected an id")
        out[name] = given
        continue
      }
      case "level": {
        const given = value[name]
        if (given === null || given === undefined) {
          if (name in value) out[name] = given
          continue
        }
        if (!field.list) {
          if (!isObjectValue(given)) throw new CartIssue([...path, name], "expected an object")
          out[name] = readLevel(given, field.level, [...path, name])
          continue
        }
        if (!Array.isArray(given)) throw new CartIssue([...path, name], "expected a list")
        const items = new Array(given.length)
        for (let i = 0; i < given.length; i++) {
          const element = given[i]
          if (!isObjectValue(element)) throw new CartIssue([...path, name, i], "expected an object")
          items[i] = readLevel(element, field.level, [...path, name, i])
        }
        out[name] = items
        continue
      }
      case "schema": {
        if (!(name in value)) continue
        const result = field.schema.safeParse(value[name])
        if (!result.success) {
          const issue = result.error.issues[0]
          throw new CartIssue([...path, name, ...(issue.path as (string | number)[])], issue.message)
        }
        out[name] = result.data
        continue
      }
      default:
        assertNever(field, "cart field")
    }
  }
  return out
}

/** Carts this module already validated: a builder handed one of them (e.g. buildLines inside buildCreateOrderBody) does
 * not parse it again. */
const parsedCarts = new WeakSet<object>()

/** Validates and normalises a cart or order read with CART_FIELDS / ORDER_FIELDS. */
export function parseMedusaCart(input: MedusaCartInput | MedusaCartData): MedusaCartData {
  if (typeof input === "object" && input !== null && parsedCarts.has(input)) return input as MedusaCartData
  let data: MedusaCartData
  try {
    if (!isObjectValue(input)) throw new CartIssue([], "expected an object")
    data = readLevel(input, CART, []) as MedusaCartData
  } catch (error) {
    if (!(error instanceof CartIssue)) throw error
    const path = formatPath(error.path)
    throw new PayloadError(
      "INVALID_CART",
      `The cart read from Medusa cannot be used for trade credit: ${path || "cart"}: ` +
        `${error.message} (read it with CART_FIELDS)`,
      path,
    )
  }
  parsedCarts.add(data)
  return data
}
