import { z } from "@medusajs/framework/zod"
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js"
import type { Buyer, IntentBuyer, Representative } from "../../../service/schemas"
import { PayloadError } from "./errors"
import { MedusaCart, type MedusaCartData, type MedusaCartInput } from "./medusa-cart"
import type { SessionInput } from "./session-input"

/** What the buyer is built from besides the storefront's input: the cart's email, addresses and customer. */
const BuyerSource = MedusaCart.pick({ email: true, billing_address: true, shipping_address: true, customer: true })
export type BuyerSourceInput = Pick<MedusaCartInput, "email" | "billing_address" | "shipping_address" | "customer">
type BuyerSource = z.output<typeof BuyerSource>

export type BuyerOptions = {
  /** The trade account the buyer orders through (from the customer's link), if any. */
  tradeAccount?: { customer_id: string; user_id: string }
  /**
   * Whether all four representative fields must be there (default true: an
   * order needs them). False gives the buyer of an intent (buildIntentBuyer).
   */
  representativeRequired?: boolean
}

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim()

/**
 * A phone number in E.164 ("+447911123456"), reading national notations with
 * the given country as the default. Undefined when it is no valid number.
 */
export function normalisePhoneNumber(raw: string | null | undefined, defaultCountry?: string | null): string | undefined {
  const text = clean(raw)
  if (!text) return undefined
  const country = clean(defaultCountry).toUpperCase()
  // The same buyer's number is read at the intent and again at the order: libphonenumber's parse is kept.
  const key = `${country}\u0000${text}`
  if (phoneNumbers.has(key)) return phoneNumbers.get(key)
  const parsed = parsePhoneNumberFromString(text, /^[A-Z]{2}$/.test(country) ? (country as CountryCode) : undefined)
  const normalised = parsed && parsed.isValid() ? parsed.number : undefined
  if (phoneNumbers.size >= 1000) phoneNumbers.delete(phoneNumbers.keys().next().value as string)
  phoneNumbers.set(key, normalised)
  return normalised
}

/** Normalised phone numbers by country and text (a pure function of both; bounded, oldest out first). */
const phoneNumbers = new Map<string, string | undefined>()

function readSource(cart: BuyerSourceInput | MedusaCartData): BuyerSource {
  // Only the four fields the buyer is built from (not the whole cart with its items).
  const { email, billing_address, shipping_address, customer } = cart
  const result = BuyerSource.safeParse({ email, billing_address, shipping_address, customer })
  if (!result.success) {
    throw new PayloadError("INVALID_CART", `The cart's buyer details are malformed: ${result.error.issues[0].message}`, "cart")
  }
  return result.data
}

const EmailCheck = z.email()

type Field = keyof Representative
type Candidate = { representative: Partial<Representative>; problems: { field: Field; message: string }[] }

/** The representative from the input, each missing field taken from the cart. */
function representativeOf(input: SessionInput, source: BuyerSource): Candidate {
  const given = input.representative ?? {}
  const billing = source.billing_address
  const shipping = source.shipping_address
  const customer = source.customer
  const first = (...values: (string | null | undefined)[]) => values.map(clean).find(Boolean)

  const representative: Partial<Representative> = {}
  const problems: Candidate["problems"] = []

  const email = first(given.email, source.email, customer?.email)?.toLowerCase()
  if (email && EmailCheck.safeParse(email).success) representative.email = email
  else if (email) problems.push({ field: "email", message: `"${email}" is not an email address` })

  const firstName = first(given.first_name, billing?.first_name, shipping?.first_name, customer?.first_name)
  if (firstName) representative.first_name = firstName.slice(0, 100)
  const lastName = first(given.last_name, billing?.last_name, shipping?.last_name, customer?.last_name)
  if (lastName) representative.last_name = lastName.slice(0, 100)

  const rawPhone = first(given.phone_number, billing?.phone, shipping?.phone, customer?.phone)
  if (rawPhone) {
    const country =
      first(billing?.country_code, shipping?.country_code) ??
      (input.company && "country_prefix" in input.company ? input.company.country_prefix : undefined)
    const phone = normalisePhoneNumber(rawPhone, country)
    if (phone) representative.phone_number = phone
    else problems.push({ field: "phone_number", message: `"${rawPhone}" is not a valid phone number` })
  }
  return { representative, problems }
}

const FIELD_NAMES: Record<Field, string> = {
  email: "email",
  first_name: "first name",
  last_name: "last name",
  phone_number: "phone number",
}

/**
 * The contract's Buyer for an order: the company from the storefront's input,
 * the representative from the input, each missing field taken from the cart
 * (email, then the billing and shipping address's name and phone, then the
 * customer). Phone numbers become E.164, national notations read with the
 * billing (else shipping) country. Missing data: BUYER_DETAILS_MISSING naming
 * every missing field; unusable data: BUYER_DETAILS_INVALID.
 */
export function buildBuyer(
  input: SessionInput,
  cart: BuyerSourceInput | MedusaCartData,
  options?: BuyerOptions & { representativeRequired?: true }
): Buyer
export function buildBuyer(input: SessionInput, cart: BuyerSourceInput | MedusaCartData, options: BuyerOptions): IntentBuyer
export function buildBuyer(input: SessionInput, cart: BuyerSourceInput | MedusaCartData, options: BuyerOptions = {}): Buyer | IntentBuyer {
  if (options.representativeRequired === false) return buildIntentBuyer(input, cart, options)
  if (!input.company) {
    throw new PayloadError("BUYER_DETAILS_MISSING", "The buyer's company is missing: give it in the checkout", "company")
  }
  const { representative, problems } = representativeOf(input, readSource(cart))
  if (problems.length) {
    throw new PayloadError(
      "BUYER_DETAILS_INVALID",
      `The buyer's ${problems.map((p) => `${FIELD_NAMES[p.field]} ${p.message}`).join("; ")}`,
      `representative.${problems[0].field}`
    )
  }
  const missing = (Object.keys(FIELD_NAMES) as Field[]).filter((field) => !representative[field])
  if (missing.length) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      `The buyer's ${missing.map((f) => FIELD_NAMES[f]).join(", ")} ${missing.length > 1 ? "are" : "is"} missing: give ${
        missing.length > 1 ? "them" : "it"
      } in the checkout`,
      `representative.${missing[0]}`
    )
  }
  return {
    company: input.company,
    representative: representative as Representative,
    ...(options.tradeAccount && { trade_account: options.tradeAccount }),
  }
}

/**
 * The buyer of an order intent: the company, and whatever representative
 * details are known and valid (the intent does not need them all; an unusable
 * phone number is left out here and reported when the order is created).
 */
export function buildIntentBuyer(
  input: SessionInput,
  cart: BuyerSourceInput | MedusaCartData,
  options: BuyerOptions = {}
): IntentBuyer {
  if (!input.company) {
    throw new PayloadError("BUYER_DETAILS_MISSING", "The buyer's company is missing: give it in the checkout", "company")
  }
  const { representative } = representativeOf(input, readSource(cart))
  return {
    company: input.company,
    ...(Object.keys(representative).length && { representative }),
    ...(options.tradeAccount && { trade_account: options.tradeAccount }),
  }
}
