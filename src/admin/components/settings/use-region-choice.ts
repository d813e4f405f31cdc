import { useEffect, useState } from "react"
import { useRegions } from "../../lib/trade-credit-api"

/** The store's regions and the one whose settings are shown: the first region until the merchant picks another. */
export function useRegionChoice() {
  const regions = useRegions()
  const [regionId, setRegionId] = useState<string>()
  useEffect(() => {
    if (!regionId && regions.data?.length) setRegionId(regions.data[0].id)
  }, [regions.data, regionId])
  return { regions, regionId, setRegionId }
}
