import { Router } from "express"
import type { SimulatorContext } from "../context"
import { SimErasureLookupQuery, SimErasureRequest } from "../contract/erasure"
import { lookupErasureCase, requestErasure } from "../erasure"
import { merchantOf } from "../locals"
import { parseWith } from "../validate"
import { route } from "./handler"

/**
 * The erasure interface (contract section 6), mounted at /gdpr/v1. The lookup
 * says which case applies; the erasure answers 202 with the reference in
 * every case (a malformed body is still a 400) and reports no outcome: the
 * control API's `/_sim/erasure/requests` shows what was done.
 */
export function erasureRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/lookup",
    route((req, res) => {
      const { email } = parseWith(SimErasureLookupQuery, req.query ?? {}, "query")
      res.json({ email, case: lookupErasureCase(ctx, merchantOf(res), email).case })
    }),
  )

  router.post(
    "/erasure",
    route((req, res) => {
      const body = parseWith(SimErasureRequest, req.body ?? {}, "body")
      requestErasure(ctx, merchantOf(res), body)
      res.status(202).json({ reference: body.reference })
    }),
  )

  return router
}
