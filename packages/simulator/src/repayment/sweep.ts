import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import { decideFundingIfDue } from "./funding"
import { settleFulfilmentIfDue } from "./fulfilment"
import { invoiceDueInstalments } from "./invoicing"

export type RepaymentSweep = { funding_decided: number; fulfilments_settled: number; invoices_issued: number }

/**
 * Everything of one merchant's plans that is due by the simulator clock, in
 * this order: funding decisions, then fulfilments, then invoices (so a plan
 * fulfilled in this sweep has its due instalments invoiced in it). Runs on a
 * timer, before every repayment request of the merchant, and on
 * `POST /_sim/clock/advance`.
 */
export function sweepMerchantRepayment(ctx: SimulatorContext, merchant: MerchantState): RepaymentSweep {
  const result: RepaymentSweep = { funding_decided: 0, fulfilments_settled: 0, invoices_issued: 0 }
  for (const record of merchant.repayment.allPlans()) {
    if (decideFundingIfDue(ctx, merchant, record)) result.funding_decided++
    if (settleFulfilmentIfDue(ctx, record)) result.fulfilments_settled++
  }
  result.invoices_issued = invoiceDueInstalments(ctx, merchant).length
  return result
}

/** The sweep of every merchant. */
export function sweepRepayment(ctx: SimulatorContext): RepaymentSweep {
  const total: RepaymentSweep = { funding_decided: 0, fulfilments_settled: 0, invoices_issued: 0 }
  for (const merchant of ctx.merchants.list()) {
    const one = sweepMerchantRepayment(ctx, merchant)
    total.funding_decided += one.funding_decided
    total.fulfilments_settled += one.fulfilments_settled
    total.invoices_issued += one.invoices_issued
  }
  return total
}
