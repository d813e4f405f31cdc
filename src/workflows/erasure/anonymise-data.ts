import type { PluginPlaceholders } from "./placeholders"

/** Keys whose string value is a person's email address. */
const EMAIL_KEYS = new Set(["email", "invoice_email"])
/** Keys whose value is a list of email addresses. */
const EMAIL_LIST_KEYS = new Set(["invoice_emails", "invoice_cc_emails", "invoice_email_addresses"])
const NAME_KEYS = new Set(["first_name", "last_name", "full_name"])
const PHONE_KEYS = new Set(["phone_number", "phone"])
const BIRTH_KEYS = new Set(["date_of_birth"])
/** Keys of a business name: replaced only when the name is one of the person's trading names (a sole trader's). */
const TRADING_NAME_KEYS = new Set(["company_name", "trade_name", "trading_name"])

export type AnonymiseOptions = {
  placeholders: PluginPlaceholders
  /** Trading names (lower case) that are the person's own and go too, e.g. a sole trader's enrollment name. */
  tradingNames?: ReadonlySet<string>
}

export type Anonymised<T> = { value: T; changed: number }

/**
 * A copy of JSON data (a payment's or a payment session's `data`, a stored
 * account body) with the personal fields replaced by placeholders at any
 * depth: emails, names, phone numbers, dates of birth, and trading names that
 * are the person's own. Everything else (ids, amounts, currencies, states,
 * instalments, company ids) is kept as it is. `changed` counts the fields
 * replaced; 0 means the data held nothing personal (or was anonymised before).
 */
export function anonymiseData<T>(data: T, options: AnonymiseOptions): Anonymised<T> {
  let changed = 0
  const { placeholders } = options
  const tradingNames = options.tradingNames ?? new Set<string>()
  const replace = <V>(current: unknown, next: V): V | unknown => {
    if (current === next) return current
    changed++
    return next
  }

  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (!value || typeof value !== "object") return value
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (typeof field === "string" && EMAIL_KEYS.has(key)) out[key] = replace(field, placeholders.email)
      else if (Array.isArray(field) && EMAIL_LIST_KEYS.has(key))
        out[key] = field.map((entry) => (typeof entry === "string" ? replace(entry, placeholders.email) : walk(entry)))
      else if (typeof field === "string" && NAME_KEYS.has(key)) out[key] = replace(field, placeholders.name)
      else if (typeof field === "string" && PHONE_KEYS.has(key)) out[key] = replace(field, placeholders.phone)
      else if (typeof field === "string" && BIRTH_KEYS.has(key)) out[key] = replace(field, placeholders.dateOfBirth)
      else if (typeof field === "string" && TRADING_NAME_KEYS.has(key) && tradingNames.has(field.trim().toLowerCase()))
        out[key] = replace(field, placeholders.name)
      else out[key] = walk(field)
    }
    return out
  }

  const value = walk(data) as T
  return { value, changed }
}
