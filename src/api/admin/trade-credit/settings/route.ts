import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readSettings } from "../../../../use-cases/admin-settings"
import { discrepancyCounts } from "../../../../workflows/reconciliation/run-outcome"
import { reconciliationSchedule } from "../../../../workflows/reconciliation/schedule"
import { adminDepsOf } from "../admin-deps"
import type { TradeCreditSettings } from "../admin-ui-types"

/**
 * GET /admin/trade-credit/settings
 *
 * For Settings → Trade credit: environment, the API key's prefix and fingerprint (never any of the
 * key), the webhook URL to give the service and the last delivery, the last
 * reconciliation run and recent errors (use-cases/admin-settings.ts).
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse<{ settings: TradeCreditSettings }>) => {
  const reconciliation = { schedule: reconciliationSchedule(), discrepancyCounts }
  const settings = await readSettings({ ...adminDepsOf(req), reconciliation }, { origin: originOf(req) })
  res.setHeader("Cache-Control", "private, no-store")
  res.json({ settings })
}

/** This backend's origin as the admin reached it (behind a proxy: its forwarded protocol and host). */
function originOf(req: MedusaRequest): string {
  const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim()
  const forwardedHost = String(req.headers["x-forwarded-host"] ?? "")
    .split(",")[0]
    .trim()
  const proto = /^https?$/.test(forwardedProto) ? forwardedProto : req.protocol
  const host = forwardedHost || req.get("host") || "localhost"
  return `${proto}://${host}`
}
