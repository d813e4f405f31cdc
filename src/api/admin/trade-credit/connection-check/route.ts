import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkConnection } from "../../../../use-cases/connection-check"
import { adminDepsOf } from "../admin-deps"
import type { TradeCreditConnectionCheck } from "../admin-ui-types"

/**
 * POST /admin/trade-credit/connection-check (no body)
 *
 * One authenticated call to the service (a company search for one result):
 * `{ ok, key_accepted, status, duration_ms, environment, key_prefix, reason, message }`.
 * A refused key or an unreachable service is a 200 with `ok: false` and a
 * reason code (KEY_REJECTED, UNREACHABLE, SERVICE_UNAVAILABLE, BAD_RESPONSE,
 * UNEXPECTED_ANSWER), never a 500. The key is never in the answer (use-cases/connection-check.ts).
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse<{ check: TradeCreditConnectionCheck }>) => {
  const check = await checkConnection(adminDepsOf(req))
  res.setHeader("Cache-Control", "private, no-store")
  res.json({ check })
}
