import type { MedusaLineItem, MedusaShippingMethod } from "./medusa-cart"

/**
 * The `description` of every line the plugin sends (contract section 2: required,
 * and the service refuses a line without it). Never empty: Medusa's own text when
 * it has one, else a readable text built from the titles.
 */

/**
 * The longest description sent. Neither the seed, the published LineItem schema
 * nor the contract sets a limit (chosen: 255, the limit of a line's `name`, so an
 * invoice line stays readable and any stricter reading of the field still holds).
 */
export const MAX_DESCRIPTION = 255

/** Medusa's name of a product's only variant. */
export const DEFAULT_VARIANT = /^default( variant| option value)?$/i

/** Text that cleanText would change: whitespace other than a space, two spaces in a row, or a space at either end. */
const UNCLEAN = /[^\S ]| {2}|^ | $/

/**
 * Whitespace (newlines of a multi-line product description included) collapsed to single spaces. Text that is
 * clean already (nearly all of it) is returned as it is, after one scan: a cart's lines clean a dozen texts each.
 */
export const cleanText = (text: unknown): string => {
  if (typeof text !== "string") return ""
  return UNCLEAN.test(text) ? text.replace(/\s+/g, " ").trim() : text
}

/**
 * `text` cut to at most `max` UTF-16 units (so both a code-point and a code-unit
 * limit hold): at the last word boundary when one is near the end, never inside a
 * surrogate pair, with "…" marking the cut.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max - 1)
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  const space = cut.lastIndexOf(" ")
  if (space >= max * 0.6) cut = cut.slice(0, space)
  return `${cut.replace(/[\s,;:.\-–—]+$/, "")}…`
}

/** "Oak desk — Large / Natural", or the title alone when the variant adds nothing. */
function titleWithVariant(item: MedusaLineItem): string {
  const title = cleanText(item.product_title) || cleanText(item.title) || cleanText(item.variant_sku) || "Item"
  const variant = cleanText(item.variant_title) || cleanText(item.subtitle)
  return variant && !DEFAULT_VARIANT.test(variant) && !title.includes(variant) ? `${title} — ${variant}` : title
}

/**
 * An item's description: the product's description as Medusa copied it onto the
 * line item when it was added (`product_description`; Medusa variants have no
 * description of their own), else the product and variant titles ("Oak desk —
 * Large / Natural"); a gift card says so.
 */
export function descriptionOfItem(item: MedusaLineItem): string {
  const own = cleanText(item.product_description)
  if (own) return clipText(own, MAX_DESCRIPTION)
  const titles = titleWithVariant(item)
  return clipText(item.is_giftcard ? `Gift card: ${titles}` : titles, MAX_DESCRIPTION)
}

/**
 * A shipping line's description: "Shipping: " and the method's description when
 * Medusa holds one as text (the column is JSON), else its name ("Shipping: Standard").
 */
export function descriptionOfShipping(method: MedusaShippingMethod, name: string): string {
  const text = cleanText(method.description) || cleanText(name) || "Shipping"
  return clipText(/^shipping\b/i.test(text) ? text : `Shipping: ${text}`, MAX_DESCRIPTION)
}
