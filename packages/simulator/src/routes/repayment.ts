import { Router } from "express"
import {
  AccountCreate,
  AccountUpdate,
  Cancellation,
  CreditCheck,
  Credit,
  Fulfilment,
  StatusQuery,
} from "../contract/repayment"
import type { SimulatorContext } from "../context"
import { requireIdempotencyKey } from "../idempotency"
import { merchantOf } from "../locals"
import { createAccount, updateAccount } from "../repayment/accounts"
import { CheckedPlan, CheckedPreview } from "../repayment/arithmetic"
import { cancelPlan } from "../repayment/cancellation"
import { checkCredit } from "../repayment/credit-limits"
import { creditPlan } from "../repayment/credits"
import { fulfilPlan } from "../repayment/fulfilment"
import { createPlan, planOf, planStatus, previewPlan } from "../repayment/plans"
import { sweepMerchantRepayment } from "../repayment/sweep"
import { parseWith } from "../validate"
import { route } from "./handler"

/**
 * The repayment interface, version 1.0.0 (contract section 3), mounted at
 * /repay/v1, validated with the simulator's own schemas (contract/repayment.ts).
 * The seed's paths where it gives one (`/preview`, `/status?plan_id=`,
 * `/fulfilment` with the plan in the body); the published ones where it does
 * not (`/account/{id}`, `/plan/{plan_id}/cancellation`); `/credit` **(chosen)**.
 * Whatever is due by the clock (funding decisions, fulfilments, invoices) is
 * settled before each request, so an answer never lags the timer.
 */
export function repaymentRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.use((_req, res, next) => {
    try {
      sweepMerchantRepayment(ctx, merchantOf(res))
    } catch (error) {
      return next(error)
    }
    next()
  })

  router.post(
    "/account",
    route((req, res) => {
      requireIdempotencyKey(req)
      const body = parseWith(AccountCreate, req.body ?? {}, "body")
      res.status(201).json(createAccount(ctx, merchantOf(res), body).account)
    }),
  )

  router.put(
    "/account/:accountId",
    route((req, res) => {
      const body = parseWith(AccountUpdate, req.body ?? {}, "body")
      updateAccount(ctx, merchantOf(res), req.params.accountId, body)
      res.status(204).end()
    }),
  )

  router.post(
    "/credit-check",
    route((req, res) => {
      const body = parseWith(CreditCheck, req.body ?? {}, "body")
      res.json(checkCredit(ctx.companies.findByNumber(body.country_code, body.national_identifier), body))
    }),
  )

  router.post(
    "/preview",
    route((req, res) => {
      res.json(previewPlan(ctx, parseWith(CheckedPreview, req.body ?? {}, "body")))
    }),
  )

  router.post(
    "/plan",
    route((req, res) => {
      requireIdempotencyKey(req)
      const body = parseWith(CheckedPlan, req.body ?? {}, "body")
      res.status(201).json(createPlan(ctx, merchantOf(res), body).plan)
    }),
  )

  router.get(
    "/status",
    route((req, res) => {
      const { plan_id } = parseWith(StatusQuery, req.query, "query")
      res.json(planStatus(planOf(merchantOf(res), plan_id)))
    }),
  )

  router.put(
    "/fulfilment",
    route((req, res) => {
      const { plan_id, invoice_grouping_key } = parseWith(Fulfilment, req.body ?? {}, "body")
      res.status(202).json(fulfilPlan(ctx, planOf(merchantOf(res), plan_id), invoice_grouping_key))
    }),
  )

  router.put(
    "/plan/:planId/cancellation",
    route((req, res) => {
      requireIdempotencyKey(req)
      const body = parseWith(Cancellation, req.body ?? {}, "body")
      res.json(cancelPlan(ctx, planOf(merchantOf(res), req.params.planId), body))
    }),
  )

  router.post(
    "/credit",
    route((req, res) => {
      const body = parseWith(Credit, req.body ?? {}, "body")
      res.status(201).json(creditPlan(ctx, planOf(merchantOf(res), body.plan_id), body))
    }),
  )

  return router
}
