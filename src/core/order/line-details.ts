import type { LineItem } from "../../service/schemas/order"
import { isAbsoluteHttpUrl } from "../../utils/url"
import { cleanText as clean, DEFAULT_VARIANT } from "./descriptions"
import type { MedusaLineItem } from "./medusa-cart"

/**
 * The descriptive parts of an item's line: its name, references, barcodes and
 * links. Taken from the line item's own columns, which Medusa copies from the
 * product and variant when the item is added (title = product title,
 * subtitle = variant title).
 */

const MAX_NAME = 255

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The columns of a line item its name is made of. */
export type ItemNameFields = Pick<
  MedusaLineItem,
  "title" | "subtitle" | "product_title" | "variant_title" | "variant_sku"
>

/** "Product (Variant)", or the product title alone when the variant adds nothing. */
export function nameOfItem(item: ItemNameFields): string {
  const title = clean(item.title) || clean(item.product_title) || clean(item.variant_sku) || "Item"
  const variant = clean(item.variant_title) || clean(item.subtitle)
  const name = variant && !DEFAULT_VARIANT.test(variant) && !title.includes(variant) ? `${title} (${variant})` : title
  return clip(name, MAX_NAME)
}

/** A GTIN is 8, 12, 13 or 14 digits; any other barcode is not sent as one. */
const GTIN = /^(\d{8}|\d{12,14})$/

export function detailsOfItem(item: MedusaLineItem): LineItem["details"] | undefined {
  const sku = clean(item.variant_sku)
  const barcode = clean(item.variant_barcode)
  const barcodes: NonNullable<NonNullable<LineItem["details"]>["barcodes"]> = []
  if (sku) barcodes.push({ type: "SKU", value: sku })
  if (barcode && GTIN.test(barcode)) barcodes.push({ type: "GTIN", value: barcode })
  const categories = [clean(item.product_type), clean(item.product_collection)].filter(Boolean)
  if (!barcodes.length && !categories.length) return undefined
  // `categories` is required inside `details` (contract section 2, ProductDetailsSchema): sent even when empty.
  const details = { categories } as NonNullable<LineItem["details"]>
  if (barcodes.length) details.barcodes = barcodes
  if (sku) details.part_number = sku
  return details
}

/** The thumbnail, only when it is an absolute http(s) URL (a relative or data: URL is useless to the service). */
export function imageUrlOfItem(item: MedusaLineItem): string | undefined {
  const thumbnail = clean(item.thumbnail)
  return isAbsoluteHttpUrl(thumbnail) && thumbnail.length <= 2048 ? thumbnail : undefined
}

/**
 * The product page on the storefront, from a template such as
 * "https://shop.example/products/{handle}" ({handle}, {product_id} and
 * {variant_id} are replaced, URL-encoded). None when the template names a
 * value the item lacks, or the result is no http(s) URL.
 */
export function productPageUrlOfItem(item: MedusaLineItem, template: string | undefined): string | undefined {
  if (!template) return undefined
  const values: Record<string, string> = {
    handle: clean(item.product_handle),
    product_id: clean(item.product_id),
    variant_id: clean(item.variant_id),
  }
  let missing = false
  const url = template.replace(/\{(handle|product_id|variant_id)\}/g, (_, key: string) => {
    if (!values[key]) missing = true
    return encodeURIComponent(values[key])
  })
  return !missing && isAbsoluteHttpUrl(url) && url.length <= 2048 ? url : undefined
}

/** The Medusa id as line_item_reference, when it fits the service's pattern (Medusa's ids do). */
export function referenceOf(id: string): string | undefined {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : undefined
}
