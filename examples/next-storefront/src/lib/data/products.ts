"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getRegion } from "./regions"

// A stand-in for the dtc-starter's product listing: the region's products with their prices.
export const listProducts = async (countryCode: string) => {
  const region = await getRegion(countryCode)
  if (!region) return []
  return sdk.client
    .fetch<HttpTypes.StoreProductListResponse>(`/store/products`, {
      method: "GET",
      query: { region_id: region.id, fields: "*variants.calculated_price", limit: 12 },
      cache: "no-store",
    })
    .then(({ products }) => products)
}
