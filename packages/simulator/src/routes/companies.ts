import { Router } from "express"
import { CompanySearchQuery } from "../contract/companies"
import type { SimulatorContext } from "../context"
import { notFound } from "../errors"
import { companyDetails } from "../state/companies"
import { parseWith } from "../validate"
import { route } from "./handler"

/** Company search (contract section 1). Errors follow company-api: 422 `{detail}`, else `{description, code}`. */
export function companyRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/companies/v2/company",
    route((req, res) => {
      const query = parseWith(CompanySearchQuery, req.query, "query")
      res.json({ items: ctx.companies.search(query.country, query.q, query.limit) })
    }),
  )

  router.get(
    "/companies/v2/company/:canonicalOrLookupId",
    route((req, res) => {
      const company = ctx.companies.get(req.params.canonicalOrLookupId)
      if (!company) throw notFound(`Company ${req.params.canonicalOrLookupId}`)
      res.json(companyDetails(company))
    }),
  )

  return router
}
