import { z } from "@medusajs/framework/zod"
import { parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from "libphonenumber-js"
import type { Buyer, IntentBuyer, Representative } from "../../service/schemas/order"
import { PayloadError } from "./errors"
import { MedusaCart, type MedusaCartData, type MedusaCartInput } from "./medusa-cart"
import type { SessionInput } from "./session-input"
import { quote } from "../../utils/quote"

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

/** Why a phone number could not be read (libphonenumber-js's reasons, plus a national number with no country). */
export type PhoneProblem =
  "NOT_A_NUMBER" | "INVALID_COUNTRY" | "TOO_SHORT" | "TOO_LONG" | "INVALID_LENGTH" | "NO_COUNTRY"
export type PhoneReading = { number: string } | { problem: PhoneProblem }

const PHONE_PROBLEMS: Record<PhoneProblem, string> = {
  NOT_A_NUMBER: "it is not a phone number",
  INVALID_COUNTRY: "its country calling code is unknown",
  TOO_SHORT: "it is too short",
  TOO_LONG: "it is too long",
  INVALID_LENGTH: "it has the wrong number of digits",
  NO_COUNTRY: "it has no country calling code and there is no address country to read it with",
}

/**
 * A phone number read with libphonenumber-js: E.164 ("+447700900123") when it is
 * a possible number (the right length for its country), national notations read
 * with `defaultCountry`; else why not. Undefined for a blank text.
 *
 * "Possible", not "valid": validity also checks the number against the ranges
 * allocated today, and refused well-formed numbers such as +44 7700 900123 (a
 * UK mobile range reserved for examples), which the service accepts.
 */
export function readPhoneNumber(
  raw: string | null | undefined,
  defaultCountry?: string | null,
): PhoneReading | undefined {
  const text = clean(raw)
  if (!text) return undefined
  const country = clean(defaultCountry).toUpperCase()
  // The same buyer's number is read at the intent and again at the order: libphonenumber's parse is kept.
  const key = `${country}\u0000${text}`
  const known = phoneNumbers.get(key)
  if (known) return known
  const reading = parsePhone(text, /^[A-Z]{2}$/.test(country) ? (country as CountryCode) : undefined)
  if (phoneNumbers.size >= 1000) phoneNumbers.delete(phoneNumbers.keys().next().value as string)
  phoneNumbers.set(key, reading)
  return reading
}

function parsePhone(text: string, country: CountryCode | undefined): PhoneReading {
  const parsed = parsePhoneNumberFromString(text, country)
  if (parsed?.isPossible()) return { number: parsed.number }
  if (!country && !/^\s*(\+|00)/.test(text) && /\d/.test(text)) return { problem: "NO_COUNTRY" }
  return { problem: validatePhoneNumberLength(text, country) ?? "NOT_A_NUMBER" }
}

/** A phone number in E.164, or undefined when it cannot be read (readPhoneNumber says why). */
export function normalisePhoneNumber(
  raw: string | null | undefined,
  defaultCountry?: string | null,
): string | undefined {
  const reading = readPhoneNumber(raw, defaultCountry)
  return reading && "number" in reading ? reading.number : undefined
}

/** Readings by country and text (a pure function of both; bounded, oldest out first). */
const phoneNumbers = new Map<string, PhoneReading>()

function readSource(cart: BuyerSourceInput | MedusaCartData): BuyerSource {
  // Only the four fields the buyer is built from (not the whole cart with its items).
  const { email, billing_address, shipping_address, customer } = cart
  const result = BuyerSource.safeParse({ email, billing_address, shipping_address, customer })
  if (!result.success) {
    throw new PayloadError(
      "INVALID_CART",
      `The cart's buyer details are malformed: ${result.error.issues[0].message}`,
      "cart",
    )
  }
  return result.data
}

const EmailCheck = z.email()

type Field = keyof Representative

/** Where a representative's detail was read: the field the storefront must fix when it is unusable. */
type Found = { value: string; path: string }

const HUMAN_PATHS: Record<string, string> = {
  "representative.phone_number": "the representative's phone number",
  "representative.email": "the representative's email",
  "billing_address.phone": "the billing address's phone",
  "shipping_address.phone": "the shipping address's phone",
  "customer.phone": "the customer's phone",
  email: "the cart's email",
  "customer.email": "the customer's email",
}

/**
 * The representative from the input, each missing field taken from the cart.
 * A detail that is there but unusable is an error naming the field it came
 * from, never left out: INVALID_PHONE_NUMBER for a phone that cannot be read,
 * BUYER_DETAILS_INVALID for an email that is no email.
 */
function representativeOf(input: SessionInput, source: BuyerSource): Partial<Representative> {
  const given = input.representative ?? {}
  const billing = source.billing_address
  const shipping = source.shipping_address
  const customer = source.customer
  const first = (...values: [string | null | undefined, string][]): Found | undefined =>
    values.map(([value, path]) => ({ value: clean(value), path })).find((found) => found.value)
  const firstText = (...values: (string | null | undefined)[]) => values.map(clean).find(Boolean)

  const representative: Partial<Representative> = {}

  const email = first(
    [given.email, "representative.email"],
    [source.email, "email"],
    [customer?.email, "customer.email"],
  )
  if (email) {
    const value = email.value.toLowerCase()
    if (!EmailCheck.safeParse(value).success) {
      throw new PayloadError(
        "BUYER_DETAILS_INVALID",
        `The buyer's email "${quote(value)}" (${HUMAN_PATHS[email.path]}) is not an email address`,
        email.path,
      )
    }
    representative.email = value
  }

  const firstName = firstText(given.first_name, billing?.first_name, shipping?.first_name, customer?.first_name)
  if (firstName) representative.first_name = firstName.slice(0, 100)
  const lastName = firstText(given.last_name, billing?.last_name, shipping?.last_name, customer?.last_name)
  if (lastName) representative.last_name = lastName.slice(0, 100)

  const phone = first(
    [given.phone_number, "representative.phone_number"],
    [billing?.phone, "billing_address.phone"],
    [shipping?.phone, "shipping_address.phone"],
    [customer?.phone, "customer.phone"],
  )
  if (phone) {
    const country =
      firstText(billing?.country_code, shipping?.country_code)?.toUpperCase() ??
      (input.company && "country_prefix" in input.company ? input.company.country_prefix : undefined)
    const reading = readPhoneNumber(phone.value, country)!
    if ("problem" in reading) {
      throw new PayloadError(
        "INVALID_PHONE_NUMBER",
        `The buyer's phone number "${quote(phone.value)}" (${HUMAN_PATHS[phone.path]}) cannot be read${
          country ? ` as a phone number of ${quote(country)}` : ""
        }: ${PHONE_PROBLEMS[reading.problem]}. Correct it, or give it in international form (+ and the country code).`,
        phone.path,
      )
    }
    representative.phone_number = reading.number
  }
  return representative
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
 * billing (else shipping, else the company's) country. All four representative
 * fields are required (contract section 2): BUYER_DETAILS_MISSING names every
 * missing one; INVALID_PHONE_NUMBER / BUYER_DETAILS_INVALID name an unusable one.
 */
export function buildBuyer(
  input: SessionInput,
  cart: BuyerSourceInput | MedusaCartData,
  options?: BuyerOptions & { representativeRequired?: true },
): Buyer
export function buildBuyer(
  input: SessionInput,
  cart: BuyerSourceInput | MedusaCartData,
  options: BuyerOptions,
): IntentBuyer
export function buildBuyer(
  input: SessionInput,
  cart: BuyerSourceInput | MedusaCartData,
  options: BuyerOptions = {},
): Buyer | IntentBuyer {
  if (options.representativeRequired === false) return buildIntentBuyer(input, cart, options)
  if (!input.company) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      "The buyer's company is missing: give it in the checkout",
      "company",
    )
  }
  const representative = representativeOf(input, readSource(cart))
  const missing = (Object.keys(FIELD_NAMES) as Field[]).filter((field) => !representative[field])
  if (missing.length) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      `The buyer's ${missing.map((f) => FIELD_NAMES[f]).join(", ")} ${missing.length > 1 ? "are" : "is"} missing: ` +
        `give ${missing.length > 1 ? "them" : "it"} in the checkout`,
      `representative.${missing[0]}`,
    )
  }
  return {
    company: input.company,
    representative: representative as Representative,
    ...(options.tradeAccount && { trade_account: options.tradeAccount }),
  }
}

/** What the intent's representative needs when it is sent (contract section 2; `email` is optional there). */
const INTENT_FIELDS = ["first_name", "last_name", "phone_number"] as const

/**
 * The buyer of an order intent: the company, and the representative whole
 * (first name, last name and phone; the email when known) or not at all, as
 * the contract allows (section 2). Unusable details are errors here too (the
 * storefront learns of them when the session starts), never left out.
 */
export function buildIntentBuyer(
  input: SessionInput,
  cart: BuyerSourceInput | MedusaCartData,
  options: BuyerOptions = {},
): IntentBuyer {
  if (!input.company) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      "The buyer's company is missing: give it in the checkout",
      "company",
    )
  }
  const representative = representativeOf(input, readSource(cart))
  const whole = INTENT_FIELDS.every((field) => representative[field])
  return {
    company: input.company,
    ...(whole && { representative: representative as IntentBuyer["representative"] }),
    ...(options.tradeAccount && { trade_account: options.tradeAccount }),
  }
}
