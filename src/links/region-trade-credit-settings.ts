import { defineLink } from "@medusajs/framework/utils"
import RegionModule from "@medusajs/medusa/region"
import TradeCreditModule from "../modules/trade-credit"

/**
 * A region's trade credit settings (Settings → Trade credit → Regions), readable through Query as
 * `region.trade_credit_region_setting`: the providers read them with the cart, in the cart's one Query
 * (src/medusa/cart-links.ts). Read-only: the setting keeps the region's id in `region_id`, so no link table is needed.
 */
export default defineLink(
  { linkable: RegionModule.linkable.region, field: "id" },
  { ...TradeCreditModule.linkable.regionSetting.id, primaryKey: "region_id", alias: "trade_credit_region_setting" },
  { readOnly: true },
)
