import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listReceivedEvents } from "../../../../use-cases/received-events"
import { adminDepsOf } from "../admin-deps"
import type { TradeCreditReceivedEventsAnswer } from "../receivables/receivable-types"
import type { ListReceivedEventsQuery } from "./validators"

/**
 * `GET /admin/trade-credit/received-events`: the event types the plugin acknowledged without acting on them, with
 * how many arrived and when the last did (Settings → Trade credit).
 */
export async function GET(
  req: MedusaRequest<unknown, ListReceivedEventsQuery>,
  res: MedusaResponse<TradeCreditReceivedEventsAnswer>,
) {
  res.json(await listReceivedEvents(adminDepsOf(req), req.validatedQuery))
}
