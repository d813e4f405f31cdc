import { model } from "@medusajs/framework/utils"

/**
 * What a merchant set for one Medusa region in Settings → Trade credit (the admin route
 * `/admin/trade-credit/regions/:id/settings`): whether trade credit is offered there, the order amounts it is offered
 * for, the invoice terms, when orders are invoiced, the invoices' language and what a declined buyer (or one whose
 * company is in an arrears block) sees. A region without a row has the defaults: offered, no limits, the provider
 * options' terms and capture, the order's locale, hidden when declined or in arrears. Read at the start of every
 * trade credit payment session, so a change holds at once on every instance.
 */
export const RegionSetting = model.define(
  { name: "RegionSetting", tableName: "trade_credit_region_setting" },
  {
    id: model.id({ prefix: "tcrs" }).primaryKey(),
    region_id: model.text().unique(),
    /** Pay by invoice offered in the region. */
    offered: model.boolean().default(true),
    /** Monthly instalments offered in the region. */
    instalments_offered: model.boolean().default(true),
    /** The smallest and the largest order total (in the region's currency, major units, a decimal string). */
    min_order_amount: model.text().nullable(),
    max_order_amount: model.text().nullable(),
    /** Invoice payment terms in days; null: the provider options' `invoiceTermsDays` (or the service's default). */
    invoice_terms_days: model.number().nullable(),
    /** `{periods}`: the numbers of monthly instalments offered (3 to 36, ascending); null: all the credit check allows.
     * */
    instalment_periods: model.json().nullable(),
    /**
     * `{entries: [{customer_group_id | customer_id, invoice_terms_days}]}`: invoice terms for some buyers (a customer's
     * own entry first, else the longest of their groups' entries, else `invoice_terms_days`). Null: none.
     */
    invoice_terms_overrides: model.json().nullable(),
    /** When the service invoices (fulfils) an order of the region; null: the provider options' `captureOn`. */
    capture_on: model.enum(["order", "shipment", "fulfillment", "manual"]).nullable(),
    /** The language of the region's invoice PDFs (en_US, nb_NO, sv_SE); null: the order's locale, else English. */
    invoice_language: model.text().nullable(),
    /** Hide trade credit from a buyer the service declined (true), or show it unavailable with the reason (false). */
    hide_when_declined: model.boolean().default(true),
    /**
     * What a buyer whose company is in an arrears block sees at the pre-check: `hide` (no trade credit shown) or
     * `grey` (shown unavailable, with the reason in the buyer's words).
     */
    arrears_block_display: model.enum(["hide", "grey"]).default("hide"),
  },
)

/** One change of a region's settings: who, when (created_at), which field, from what, to what. */
export const SettingChange = model
  .define("trade_credit_setting_change", {
    id: model.id({ prefix: "tcsc" }).primaryKey(),
    region_id: model.text(),
    /** The admin user who made it (Medusa's auth actor id). */
    actor_id: model.text().nullable(),
    field: model.text(),
    /** The values as JSON text ("true", "\"100.00\"", "null"). */
    old_value: model.text().nullable(),
    new_value: model.text().nullable(),
  })
  .indexes([{ on: ["region_id", "created_at"] }])
