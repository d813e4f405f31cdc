import { Router } from "express"
import {
  AccountRequest,
  CreditCheckRequest,
  PlanCancellationRequest,
  PlanCreditRequest,
  PlanFulfilmentRequest,
  PlanRequest,
  PlanStatusQuery,
  PreviewRequest,
} from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { merchantOf } from "../locals"
import { createAccount, updateAccount } from "../repayment/accounts"
import { cancelPlan } from "../repayment/cancellation"
import { checkCredit } from "../repayment/credit-limits"
import { creditPlan } from "../repayment/credits"
import { fulfilPlan } from "../repayment/fulfilment"
import { createPlan, planOf, planStatus, previewPlans } from "../repayment/plans"
import { sweepMerchantRepayment } from "../repayment/sweep"
import { parseWith } from "../validate"
import { route } from "./handler"

/**
 * The repayment interface, version 1.0.0 (contract section 3), mounted at
 * /repay/v1. A plan is named by `plan_id` in the query (GET) or the body
 * (PUT, POST). Whatever is due by the clock (funding decisions, fulfilments,
 * invoices) is settled before each request, so an answer never lags the timer.
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
      const body = parseWith(AccountRequest, req.body ?? {}, "body")
      res.status(201).json(createAccount(ctx, merchantOf(res), body).account)
    })
  )

  router.put(
    "/account/:accountId",
    route((req, res) => {
      const body = parseWith(AccountRequest, req.body ?? {}, "body")
      res.json(updateAccount(ctx, merchantOf(res), req.params.accountId, body).account)
    })
  )

  router.post(
    "/credit-check",
    route((req, res) => {
      const body = parseWith(CreditCheckRequest, req.body ?? {}, "body")
      res.json(checkCredit(ctx.companies.findByNumber(body.country_code, body.national_identifier), body))
    })
  )

  router.post(
    "/preview",
    route((req, res) => {
      res.json(previewPlans(ctx, parseWith(PreviewRequest, req.body ?? {}, "body")))
    })
  )

  router.post(
    "/plan",
    route((req, res) => {
      const body = parseWith(PlanRequest, req.body ?? {}, "body")
      res.status(201).json(createPlan(ctx, merchantOf(res), body).plan)
    })
  )

  router.get(
    "/status",
    route((req, res) => {
      const { plan_id } = parseWith(PlanStatusQuery, req.query, "query")
      res.json(planStatus(planOf(merchantOf(res), plan_id)))
    })
  )

  router.put(
    "/fulfilment",
    route((req, res) => {
      const { plan_id } = parseWith(PlanFulfilmentRequest, req.body ?? {}, "body")
      res.status(202).json(fulfilPlan(ctx, planOf(merchantOf(res), plan_id)))
    })
  )

  router.put(
    "/cancellation",
    route((req, res) => {
      const body = parseWith(PlanCancellationRequest, req.body ?? {}, "body")
      res.json(cancelPlan(ctx, planOf(merchantOf(res), body.plan_id), body))
    })
  )

  router.post(
    "/credit",
    route((req, res) => {
      const body = parseWith(PlanCreditRequest, req.body ?? {}, "body")
      res.status(201).json(creditPlan(ctx, planOf(merchantOf(res), body.plan_id), body))
    })
  )

  return router
}
