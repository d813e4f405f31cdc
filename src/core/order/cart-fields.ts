/**
 * The fields the payload builder reads, for Medusa's Query:
 * `query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id } })`.
 *
 * Names checked against Medusa 2.21.2: the cart module's models
 * (@medusajs/cart/dist/models), the store API's `defaultStoreCartFields` and the
 * totals code (@medusajs/utils/dist/totals). Asking for a top-level total
 * ("total") makes the cart module decorate the cart with `decorateCartTotals`,
 * which also sets the per-item and per-shipping-method totals read here
 * (`subtotal`, `discount_subtotal`, `tax_total`, `total`, ...). Product and
 * variant details come from the line item's own denormalised columns
 * (`product_title`, `variant_sku`, ...), so no cross-module join is needed.
 */

const TOTALS = [
  "subtotal",
  "discount_total",
  "discount_subtotal",
  "discount_tax_total",
  "tax_total",
  "total",
  "original_total",
]

const TAX_LINE = ["id", "rate", "code", "description"]
const ADJUSTMENT = ["id", "code", "amount", "promotion_id"]
/** Only item adjustments can be tax-inclusive (shipping method adjustments have no such column). */
const ITEM_ADJUSTMENT = [...ADJUSTMENT, "is_tax_inclusive"]
const ADDRESS = [
  "id",
  "company",
  "first_name",
  "last_name",
  "address_1",
  "address_2",
  "city",
  "postal_code",
  "province",
  "country_code",
  "phone",
]

const prefixed = (prefix: string, fields: string[]) => fields.map((f) => `${prefix}.${f}`)

const ITEM_FIELDS = [
  "id",
  "title",
  "subtitle",
  "thumbnail",
  "quantity",
  "unit_price",
  "is_tax_inclusive",
  "requires_shipping",
  "is_giftcard",
  "is_discountable",
  "product_id",
  "variant_id",
  "product_title",
  "product_description",
  "product_handle",
  "product_type",
  "product_collection",
  "variant_title",
  "variant_sku",
  "variant_barcode",
  ...TOTALS,
]

const SHIPPING_METHOD_FIELDS = [
  "id",
  "name",
  "description",
  "amount",
  "is_tax_inclusive",
  "shipping_option_id",
  ...TOTALS,
]

/** Items with their tax lines and promotion adjustments (carts and orders alike). */
const ITEM_LINE_FIELDS = [
  ...prefixed("items", ITEM_FIELDS),
  ...prefixed("items.tax_lines", TAX_LINE),
  ...prefixed("items.adjustments", ITEM_ADJUSTMENT),
]

/** Shipping methods, store credit and the two addresses (carts and orders alike). */
const SHIPPING_CREDIT_AND_ADDRESS_FIELDS = [
  ...prefixed("shipping_methods", SHIPPING_METHOD_FIELDS),
  ...prefixed("shipping_methods.tax_lines", TAX_LINE),
  ...prefixed("shipping_methods.adjustments", ADJUSTMENT),
  "credit_lines.id",
  "credit_lines.amount",
  "credit_lines.reference",
  ...prefixed("shipping_address", ADDRESS),
  ...prefixed("billing_address", ADDRESS),
]

const CUSTOMER_FIELDS = [
  "customer.id",
  "customer.email",
  "customer.first_name",
  "customer.last_name",
  "customer.phone",
  "customer.company_name",
]

/** The cart fields of the payment provider's Query (cart entity). */
export const CART_FIELDS: string[] = [
  "id",
  "email",
  "currency_code",
  "region_id",
  "customer_id",
  "total",
  "subtotal",
  "tax_total",
  "discount_total",
  "discount_subtotal",
  "discount_tax_total",
  "item_total",
  "item_subtotal",
  "item_tax_total",
  "shipping_total",
  "shipping_subtotal",
  "shipping_tax_total",
  "credit_line_total",
  ...ITEM_LINE_FIELDS,
  ...SHIPPING_CREDIT_AND_ADDRESS_FIELDS,
  ...CUSTOMER_FIELDS,
]

/**
 * The same for an order (entity "order"), for an edit body. The order module
 * decorates orders with the same totals function; `items.detail` carries the
 * returned quantities that its item totals are prorated by.
 */
export const ORDER_FIELDS: string[] = [
  "id",
  "display_id",
  "email",
  "currency_code",
  "region_id",
  "customer_id",
  "total",
  "subtotal",
  "tax_total",
  "discount_total",
  "discount_subtotal",
  "discount_tax_total",
  "item_total",
  "shipping_total",
  "credit_line_total",
  ...ITEM_LINE_FIELDS,
  "items.detail.quantity",
  "items.detail.return_received_quantity",
  "items.detail.return_dismissed_quantity",
  ...SHIPPING_CREDIT_AND_ADDRESS_FIELDS,
  ...CUSTOMER_FIELDS,
]
