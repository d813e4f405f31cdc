import { container } from "@medusajs/framework"
import { MedusaError } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { FundingStatus } from "../../../service/schemas"
import type { AccountBody } from "./repayment-account-body"
import type { RepaymentPlanSessionState } from "../../../modules/trade-credit/models/repayment-plan-session"

/**
 * What the plan provider keeps in the plugin's module (`tradeCredit`): the
 * buyers' repayment accounts and which payment session each plan belongs to.
 * A payment provider runs in the payment module's own container, so the
 * plugin's module is reached through the application container.
 */
export function tradeCreditModule(): TradeCreditModuleService {
  try {
    return container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  } catch {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The trade-credit-plan provider needs the plugin's module: add medusa-payment-trade-credit to `plugins` in medusa-config",
      "TRADE_CREDIT_MODULE_MISSING"
    )
  }
}

export type AccountLink = { id: string; buyer_key: string; company_key: string; account_id: string; digest: string; body: AccountBody }

export async function findAccountLink(buyerKey: string, companyKey: string): Promise<AccountLink | undefined> {
  const [link] = await tradeCreditModule().listBuyerRepaymentAccounts({ buyer_key: buyerKey, company_key: companyKey }, { take: 1 })
  return link as unknown as AccountLink | undefined
}

export async function accountLinksOfBuyer(buyerKey: string): Promise<AccountLink[]> {
  return (await tradeCreditModule().listBuyerRepaymentAccounts({ buyer_key: buyerKey })) as unknown as AccountLink[]
}

/** Creates or replaces the link of a buyer and company to a service account (unique per buyer and company). */
export async function saveAccountLink(link: Omit<AccountLink, "id">): Promise<void> {
  const module = tradeCreditModule()
  const existing = await findAccountLink(link.buyer_key, link.company_key)
  const values = { account_id: link.account_id, digest: link.digest, body: link.body as unknown as Record<string, unknown> }
  if (existing) {
    await module.updateBuyerRepaymentAccounts({ id: existing.id, ...values })
    return
  }
  try {
    await module.createBuyerRepaymentAccounts({ buyer_key: link.buyer_key, company_key: link.company_key, ...values })
  } catch (error) {
    // Another checkout of the same buyer linked it first: take the row it made.
    const raced = await findAccountLink(link.buyer_key, link.company_key)
    if (!raced) throw error
    await module.updateBuyerRepaymentAccounts({ id: raced.id, ...values })
  }
}

/** Forgets every account link of a buyer (the accounts stay at the service: they are financial records). */
export async function forgetBuyer(buyerKey: string): Promise<number> {
  const links = await accountLinksOfBuyer(buyerKey)
  if (links.length) await tradeCreditModule().deleteBuyerRepaymentAccounts(links.map((l) => l.id))
  return links.length
}

export type PlanSessionState = RepaymentPlanSessionState

export type PlanSessionRecord = {
  id: string
  plan_id: string
  session_id: string
  account_id: string
  amount: string
  currency: string
  state: PlanSessionState
  funding_status: FundingStatus
}

export async function planSessionOf(planId: string): Promise<PlanSessionRecord | undefined> {
  const [row] = await tradeCreditModule().listRepaymentPlanSessions({ plan_id: planId }, { take: 1 })
  return row as unknown as PlanSessionRecord | undefined
}

/** Records that a plan belongs to a session (once per plan; a retry finds the row). */
export async function recordPlanSession(record: Omit<PlanSessionRecord, "id" | "state" | "funding_status">): Promise<PlanSessionRecord> {
  const existing = await planSessionOf(record.plan_id)
  if (existing) return existing
  try {
    return (await tradeCreditModule().createRepaymentPlanSessions({ ...record, state: "pending", funding_status: "PENDING" })) as unknown as PlanSessionRecord
  } catch (error) {
    const raced = await planSessionOf(record.plan_id)
    if (!raced) throw error
    return raced
  }
}

/** Sets what Medusa knows of a plan's funding (no-op for a plan the plugin never recorded). */
export async function updatePlanSession(planId: string, values: { state?: PlanSessionState; funding_status?: FundingStatus }): Promise<void> {
  const row = await planSessionOf(planId)
  if (!row) return
  if ((values.state ?? row.state) === row.state && (values.funding_status ?? row.funding_status) === row.funding_status) return
  await tradeCreditModule().updateRepaymentPlanSessions({ id: row.id, ...values })
}

/** Plans whose funding Medusa has not caught up with yet, oldest first. */
export async function pendingPlanSessions(limit = 100): Promise<PlanSessionRecord[]> {
  return (await tradeCreditModule().listRepaymentPlanSessions(
    { state: "pending" },
    { take: limit, order: { created_at: "ASC" } }
  )) as unknown as PlanSessionRecord[]
}
