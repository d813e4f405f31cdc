import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { notFound } from "../../errors"
import { settleFulfilment } from "../../repayment/fulfilment"
import { setFunding } from "../../repayment/funding"
import { planStatus } from "../../repayment/plans"
import { sweepMerchantRepayment } from "../../repayment/sweep"
import type { MerchantState } from "../../state/merchants"
import type { PlanRecord } from "../../state/repayment"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { merchantsMatching } from "./lookup"

/** Default `credit_decline_reason` of a plan rejected through the control API without a reason. */
export const CONTROL_REJECTION_REASON = "TOO_HIGH_RISK"

const FundingBody = z.object({
  status: z.enum(["ACCEPTED", "REJECTED"]),
  reason: z.string().min(1).max(255).optional(),
})
const FulfilmentBody = z.object({ status: z.enum(["SUCCEEDED", "FAILED"]) })

/** A plan of any merchant, by id, with what is due settled first. */
function findAnyPlan(ctx: SimulatorContext, id: string): { merchant: MerchantState; record: PlanRecord } {
  for (const merchant of ctx.merchants.list()) {
    const record = merchant.repayment.plan(id)
    if (record) {
      sweepMerchantRepayment(ctx, merchant)
      return { merchant, record }
    }
  }
  throw notFound(`Repayment plan ${id}`)
}

function planSummary(merchant: MerchantState, record: PlanRecord) {
  return {
    merchant: merchant.id,
    id: record.plan.id,
    reference: record.plan.reference,
    account_id: record.plan.account_id,
    currency: record.plan.currency,
    number_of_periods: record.plan.terms.number_of_periods,
    cancelled: record.cancellation !== null,
    created_at: record.createdAt,
    ...planStatus(record),
  }
}

const query = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined)

/**
 * The repayment part of the control API: accounts, plans and invoices of
 * every merchant, and the decisions the service makes on its own (funding,
 * the end of a fulfilment) taken now.
 */
export function controlRepaymentRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/repayment/accounts",
    route((req, res) => {
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) =>
        merchant.repayment.allAccounts().map((record) => ({
          merchant: merchant.id,
          account: record.account,
          plan_ids: record.planIds,
          financial_record: merchant.repayment.isFinancialRecord(record.account.id),
          created_at: record.createdAt,
          updated_at: record.updatedAt,
        })),
      )
      res.json({ items })
    }),
  )

  router.get(
    "/repayment/invoices",
    route((req, res) => {
      const accountId = query(req.query.account_id)
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) => {
        sweepMerchantRepayment(ctx, merchant)
        return merchant.repayment.invoices(accountId).map((invoice) => ({ merchant: merchant.id, ...invoice }))
      })
      res.json({ items })
    }),
  )

  router.get(
    "/plans",
    route((req, res) => {
      const accountId = query(req.query.account_id)
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) => {
        sweepMerchantRepayment(ctx, merchant)
        return merchant.repayment
          .allPlans()
          .filter((record) => !accountId || record.plan.account_id === accountId)
          .map((record) => planSummary(merchant, record))
      })
      res.json({ items })
    }),
  )

  router.get(
    "/plans/:id",
    route((req, res) => {
      const { merchant, record } = findAnyPlan(ctx, req.params.id)
      res.json({
        merchant: merchant.id,
        plan: record.plan,
        status: planStatus(record),
        description: record.plan.description,
        consent_date: record.plan.consent_date,
        created_at: record.createdAt,
        funding: record.funding,
        fulfilment: record.fulfilment,
        cancellation: record.cancellation,
        credits: record.credits,
      })
    }),
  )

  router.post(
    "/plans/:id/funding",
    route((req, res) => {
      const body = parseWith(FundingBody, req.body ?? {}, "body")
      const { merchant, record } = findAnyPlan(ctx, req.params.id)
      const outcome =
        body.status === "ACCEPTED"
          ? { status: "ACCEPTED" as const, reason: null }
          : { status: "REJECTED" as const, reason: body.reason ?? CONTROL_REJECTION_REASON }
      setFunding(ctx, merchant, record, outcome, "control")
      res.json(planStatus(record))
    }),
  )

  router.post(
    "/plans/:id/fulfilment",
    route((req, res) => {
      const body = parseWith(FulfilmentBody, req.body ?? {}, "body")
      const { merchant, record } = findAnyPlan(ctx, req.params.id)
      settleFulfilment(ctx, record, body.status)
      sweepMerchantRepayment(ctx, merchant)
      res.json(planStatus(record))
    }),
  )

  return router
}
