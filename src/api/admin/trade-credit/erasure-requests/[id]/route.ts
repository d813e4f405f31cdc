import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { findErasureRequest } from "../../../../../use-cases/erasure-request"
import { RouteError } from "../../../../errors/route-error"
import { adminDepsOf } from "../../admin-deps"
import { serializeErasureRequest } from "../serialize"

/** One erasure request by its id (`tcera_...`). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const outcome = await findErasureRequest(adminDepsOf(req), req.params.id)
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  res.json({ erasure_request: serializeErasureRequest(outcome.request) })
}
