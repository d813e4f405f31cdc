import { model } from "@medusajs/framework/utils"

/** Whether Medusa has caught up with the plan's funding decision. */
export const REPAYMENT_PLAN_SESSION_STATES = ["pending", "authorized", "rejected", "canceled"] as const
export type RepaymentPlanSessionState = (typeof REPAYMENT_PLAN_SESSION_STATES)[number]

/** The service's funding statuses of a plan (its schema's FUNDING_STATUSES). */
export const REPAYMENT_PLAN_FUNDING_STATUSES = ["PENDING", "ACCEPTED", "REJECTED"] as const
export type RepaymentPlanFundingStatus = (typeof REPAYMENT_PLAN_FUNDING_STATUSES)[number]

/**
 * Which Medusa payment session a repayment plan belongs to. The service's
 * status object and its `repayment.plan.funding_decided` event name only the
 * plan, so the webhook and the funding polling job find the session here.
 * `state` says whether Medusa has caught up with the funding decision:
 * "pending" until the payment is authorized (or the plan is rejected or
 * canceled; Medusa's spelling, as its payment statuses).
 */
export const RepaymentPlanSession = model
  .define("trade_credit_repayment_plan_session", {
    id: model.id({ prefix: "tcpls" }).primaryKey(),
    plan_id: model.text().unique(),
    session_id: model.text(),
    account_id: model.text(),
    /** The plan's total, money in major units ("1234.50"). */
    amount: model.text(),
    currency: model.text(),
    state: model.enum([...REPAYMENT_PLAN_SESSION_STATES]).default("pending"),
    /** The last funding status read from the service. */
    funding_status: model.enum([...REPAYMENT_PLAN_FUNDING_STATUSES]).default("PENDING"),
  })
  .indexes([{ on: ["session_id"] }, { on: ["state"] }])
