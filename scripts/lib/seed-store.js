// Seeds a store through Medusa's admin HTTP API, as a merchant would in the admin:
// UK VAT, a GBP region with the trade credit providers enabled, a warehouse that
// ships to the UK, a product, a publishable key and a promotion. Used by the
// integration tests and by `npm run demo`.
//
// `admin(method, path, body)` performs an authenticated admin request and returns
// the parsed JSON body (throwing on a non-2xx answer).

const PROVIDER_IDS = ["pp_trade-credit_default", "pp_trade-credit-plan_default", "pp_system_default"]

async function seedStore(admin, { currency = "gbp", country = "gb" } = {}) {
  await admin("POST", "/admin/tax-regions", {
    country_code: country,
    provider_id: "tp_system",
    default_tax_rate: { name: "VAT 20%", code: "VAT20", rate: 20 },
  })

  const { region } = await admin("POST", "/admin/regions", {
    name: "United Kingdom",
    currency_code: currency,
    countries: [country],
    payment_providers: PROVIDER_IDS,
    automatic_taxes: true,
  })

  const { sales_channels } = await admin("GET", "/admin/sales-channels?limit=1")
  const salesChannel = sales_channels[0] ?? (await admin("POST", "/admin/sales-channels", { name: "Webshop" })).sales_channel

  const { shipping_profiles } = await admin("GET", "/admin/shipping-profiles?type=default&limit=1")
  const shippingProfile =
    shipping_profiles[0] ?? (await admin("POST", "/admin/shipping-profiles", { name: "Default", type: "default" })).shipping_profile

  const { stock_location } = await admin("POST", "/admin/stock-locations", {
    name: "Warehouse",
    address: { address_1: "1 Dock Road", city: "London", country_code: country, postal_code: "E16 1AA" },
  })
  await admin("POST", `/admin/stock-locations/${stock_location.id}/sales-channels`, { add: [salesChannel.id] })
  await admin("POST", `/admin/stock-locations/${stock_location.id}/fulfillment-providers`, { add: ["manual_manual"] })
  const withSet = await admin("POST", `/admin/stock-locations/${stock_location.id}/fulfillment-sets?fields=*fulfillment_sets`, {
    name: "UK shipping",
    type: "shipping",
  })
  const fulfillmentSet = withSet.stock_location.fulfillment_sets[0]
  const { fulfillment_set } = await admin("POST", `/admin/fulfillment-sets/${fulfillmentSet.id}/service-zones`, {
    name: "United Kingdom",
    geo_zones: [{ type: "country", country_code: country }],
  })
  const serviceZone = fulfillment_set.service_zones[0]

  const { shipping_option } = await admin("POST", "/admin/shipping-options", {
    name: "Pallet delivery",
    service_zone_id: serviceZone.id,
    shipping_profile_id: shippingProfile.id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Pallet delivery", description: "Next working day", code: "pallet" },
    prices: [{ currency_code: currency, amount: 12.5 }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })

  const { product } = await admin("POST", "/admin/products", {
    title: "Copier paper, pallet",
    handle: "copier-paper-pallet",
    status: "published",
    shipping_profile_id: shippingProfile.id,
    options: [{ title: "Size", values: ["A4", "A3"] }],
    variants: [
      {
        title: "A4",
        sku: "PAPER-A4-PALLET",
        manage_inventory: false,
        options: { Size: "A4" },
        prices: [{ currency_code: currency, amount: 249.99 }],
      },
      {
        title: "A3",
        sku: "PAPER-A3-PALLET",
        manage_inventory: false,
        options: { Size: "A3" },
        prices: [{ currency_code: currency, amount: 319.5 }],
      },
    ],
    sales_channels: [{ id: salesChannel.id }],
  })

  const { api_key } = await admin("POST", "/admin/api-keys", { title: "Storefront", type: "publishable" })
  await admin("POST", `/admin/api-keys/${api_key.id}/sales-channels`, { add: [salesChannel.id] })

  const { promotion } = await admin("POST", "/admin/promotions", {
    code: "TRADE10",
    type: "standard",
    status: "active",
    is_automatic: false,
    application_method: { type: "percentage", target_type: "items", allocation: "across", value: 10 },
  })

  return {
    region,
    salesChannel,
    shippingProfile,
    fulfillmentSet,
    shippingOption: shipping_option,
    product,
    variants: product.variants,
    publishableKey: api_key.token,
    promotion,
  }
}

/**
 * One more region on a seeded store, as a merchant selling in another currency adds it: the country's tax rate, the
 * region (currency, country, the trade credit providers), a service zone and shipping option for the country, and a
 * price of each seeded variant in the currency (`factor` times the GBP price, two decimals).
 */
async function seedRegion(admin, seed, { name, currency, country, taxRate, taxName = "VAT", factor = 1 }) {
  await admin("POST", "/admin/tax-regions", {
    country_code: country,
    provider_id: "tp_system",
    default_tax_rate: { name: `${taxName} ${taxRate}%`, code: `${taxName}${taxRate}`.toUpperCase(), rate: taxRate },
  })
  const { region } = await admin("POST", "/admin/regions", {
    name,
    currency_code: currency,
    countries: [country],
    payment_providers: PROVIDER_IDS,
    automatic_taxes: true,
  })
  const { fulfillment_set } = await admin("POST", `/admin/fulfillment-sets/${seed.fulfillmentSet.id}/service-zones`, {
    name,
    geo_zones: [{ type: "country", country_code: country }],
  })
  const zone = fulfillment_set.service_zones.find((z) => z.name === name)
  const price = (gbp) => Math.round(gbp * factor * 100) / 100
  const { shipping_option } = await admin("POST", "/admin/shipping-options", {
    name: `Pallet delivery (${currency.toUpperCase()})`,
    service_zone_id: zone.id,
    shipping_profile_id: seed.shippingProfile.id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Pallet delivery", description: "Next working day", code: "pallet" },
    prices: [{ currency_code: currency, amount: price(12.5) }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })
  const { product } = await admin("GET", `/admin/products/${seed.product.id}?fields=id,variants.id,variants.prices.*`)
  for (const variant of product.variants) {
    const gbp = variant.prices.find((p) => p.currency_code === "gbp")
    await admin("POST", `/admin/products/${product.id}/variants/${variant.id}`, {
      prices: [
        ...variant.prices.map((p) => ({ id: p.id, currency_code: p.currency_code, amount: p.amount })),
        { currency_code: currency, amount: price(gbp.amount) },
      ],
    })
  }
  return { region, shippingOption: shipping_option }
}

module.exports = { seedStore, seedRegion, PROVIDER_IDS }
