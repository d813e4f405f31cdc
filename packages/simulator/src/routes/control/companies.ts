import { Router } from "express"
import { z } from "zod"
import { CountryCode, Money } from "../../contract/common"
import { COMPANY_TYPES, CompanyAddress } from "../../contract/companies"
import type { SimulatorContext } from "../../context"
import { arrearsOf, forceArrears } from "../../customers/arrears"
import { announceCreditChange, creditViewOf } from "../../customers/credit-limit"
import { notFound } from "../../errors"
import { ARREARS_STATES, type CompanyRecord, normalizeNumber } from "../../state/companies"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { merchantsMatching } from "./lookup"

const CompanyPatch = z.object({
  credit_limit: Money.nullable().optional(),
  max_single_order_value: Money.nullable().optional(),
  declined: z.boolean().optional(),
  merchant: z.string().min(1).optional(),
})
const ArrearsBody = z.object({ state: z.enum(ARREARS_STATES), merchant: z.string().min(1).optional() }).strict()
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
  max_single_order_value: Money.nullable().default(null),
  declined: z.boolean().default(false),
})

export const COMPANY_ENDPOINTS = [
  "GET /_sim/companies",
  "GET /_sim/companies/:canonical_id (with its credit now and its arrears state)",
  "POST /_sim/companies",
  "PATCH /_sim/companies/:canonical_id {credit_limit?, max_single_order_value?, declined?, merchant?} " +
    "(customer.credit_limit.updated.v1 when the credit changes)",
  'POST /_sim/companies/:canonical_id/arrears {state: "none"|"approaching"|"blocked", merchant?} (the block forced)',
]

/** A company as the control API shows it: the record, its credit now and its arrears state (not its invoices). */
function companyView(company: CompanyRecord) {
  const { receivables, arrears: _arrears, invoiced_by: _invoicedBy, ...record } = company
  const credit = creditViewOf(company)
  return {
    ...record,
    credit: {
      credit_limit: credit.limit,
      credit_limit_balance: credit.balance,
      max_single_order_value: credit.max,
      credit_approved: credit.approved,
    },
    arrears_state: arrearsOf(company),
    arrears_forced: company.arrears?.forced ?? false,
    open_invoices: receivables?.length ?? 0,
  }
}

/**
 * /_sim/companies: the registry, its credit decisions and the buyers' standing. Events about a buyer go to the
 * merchants that invoiced it (else dealt with it, else all); `merchant` sends them to that merchant alone.
 */
export function controlCompanyRoutes(ctx: SimulatorContext): Router {
  const router = Router()
  const companyOf = (id: string) => {
    const company = ctx.companies.get(id)
    if (!company) throw notFound(`Company ${id}`)
    return company
  }
  const only = (merchant: string | undefined) => (merchant ? merchantsMatching(ctx, merchant) : undefined)

  router.get("/companies", (_req, res) => {
    res.json({ items: ctx.companies.all().map(companyView) })
  })

  router.get(
    "/companies/:id",
    route((req, res) => {
      res.json(companyView(companyOf(req.params.id)))
    }),
  )

  router.post(
    "/companies",
    route((req, res) => {
      const body = parseWith(NewCompany, req.body ?? {}, "body")
      const canonical_id =
        body.canonical_id ?? `cmp${body.country.toLowerCase()}${normalizeNumber(body.organization_number)}`
      // Left out, the identifier type is the country's (identifierTypeOf).
      const company = ctx.companies.add({ ...body, identifier_type: body.identifier_type ?? "", canonical_id })
      res.status(201).json(companyView(company))
    }),
  )

  router.patch(
    "/companies/:id",
    route((req, res) => {
      const body = parseWith(CompanyPatch, req.body ?? {}, "body")
      const company = companyOf(req.params.id)
      const before = creditViewOf(company)
      if (body.credit_limit !== undefined) company.credit_limit = body.credit_limit
      if (body.max_single_order_value !== undefined) company.max_single_order_value = body.max_single_order_value
      if (body.declined !== undefined) company.declined = body.declined
      announceCreditChange(ctx, company, before, only(body.merchant))
      res.json(companyView(company))
    }),
  )

  router.post(
    "/companies/:id/arrears",
    route((req, res) => {
      const body = parseWith(ArrearsBody, req.body ?? {}, "body")
      const company = companyOf(req.params.id)
      forceArrears(ctx, company, body.state, only(body.merchant))
      res.json(companyView(company))
    }),
  )

  return router
}
