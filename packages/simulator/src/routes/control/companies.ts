import { Router } from "express"
import { z } from "zod"
import { CountryCode, Money } from "../../contract/common"
import { COMPANY_TYPES, CompanyAddress } from "../../contract/companies"
import type { SimulatorContext } from "../../context"
import { notFound } from "../../errors"
import { normalizeNumber } from "../../state/companies"
import { parseWith } from "../../validate"
import { route } from "../handler"

const CompanyPatch = z.object({ credit_limit: Money.nullable().optional(), declined: z.boolean().optional() })
const NewCompany = z.object({
  canonical_id: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(255),
  country: CountryCode,
  organization_number: z.string().min(1).max(50),
  identifier_type: z.string().optional(),
  company_type: z.enum(COMPANY_TYPES).optional(),
  status: z.string().min(1).optional(),
  addresses: z.array(CompanyAddress).default([]),
  credit_limit: Money.nullable().default(null),
  declined: z.boolean().default(false),
})

/** /_sim/companies: the registry and its credit decisions. */
export function controlCompanyRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get("/companies", (_req, res) => {
    res.json({ items: ctx.companies.all() })
  })

  router.post(
    "/companies",
    route((req, res) => {
      const body = parseWith(NewCompany, req.body ?? {}, "body")
      const canonical_id =
        body.canonical_id ?? `cmp${body.country.toLowerCase()}${normalizeNumber(body.organization_number)}`
      // Left out, the identifier type is the country's (identifierTypeOf).
      res.status(201).json(ctx.companies.add({ ...body, identifier_type: body.identifier_type ?? "", canonical_id }))
    }),
  )

  router.patch(
    "/companies/:id",
    route((req, res) => {
      const body = parseWith(CompanyPatch, req.body ?? {}, "body")
      const company = ctx.companies.get(req.params.id)
      if (!company) throw notFound(`Company ${req.params.id}`)
      if (body.credit_limit !== undefined) company.credit_limit = body.credit_limit
      if (body.declined !== undefined) company.declined = body.declined
      res.json(company)
    }),
  )

  return router
}
