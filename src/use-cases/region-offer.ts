import { MedusaError } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { type EffectiveRegionSettings, type Ineligibility, ineligibilityOf } from "../core/region/region-settings"
import { logLine } from "../utils/log-line"

type SessionIds = { sessionId: string; cartId: string }

/**
 * Refuses a payment method the merchant does not offer for this cart (Settings → Trade credit: off in the region, or
 * the total outside its limits), before anything is asked of the service: NOT_ALLOWED with the region's code and the
 * buyer's words, the reason logged at info.
 */
export function assertOfferedInRegion(
  logger: Logger,
  region: EffectiveRegionSettings,
  method: "invoice" | "instalments",
  amount: { grossAmount: string; currency: string },
  ids: SessionIds,
): void {
  const refusal = ineligibilityOf(region, method, amount)
  if (refusal) throw notOfferedError(logger, region, method, refusal, ids)
}

/** The provider's error for a method the region does not offer (ineligibilityOf's refusal), its reason logged. */
export function notOfferedError(
  logger: Logger,
  region: Pick<EffectiveRegionSettings, "region_id">,
  method: "invoice" | "instalments",
  refusal: Pick<Ineligibility, "code" | "message" | "reason">,
  ids: SessionIds,
): MedusaError {
  const what = method === "invoice" ? "not offered" : "instalments not offered"
  logLine(
    logger,
    "info",
    `trade-credit: ${what} for session ${ids.sessionId} (cart ${ids.cartId}): ${refusal.reason}`,
    {
      payment_session_id: ids.sessionId,
      cart_id: ids.cartId,
      region_id: region.region_id,
      code: refusal.code,
    },
  )
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal.message, refusal.code)
}
