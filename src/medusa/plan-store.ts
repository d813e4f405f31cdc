import { MedusaError } from "@medusajs/framework/utils"
import type {
  BuyerRepaymentAccountRow,
  RepaymentPlanSessionRow,
  TradeCreditModuleService,
} from "../modules/trade-credit"
import type { AccountBody } from "../core/plan/repayment-account-body"
import type { MedusaServices } from "./services"
import { quote } from "../utils/quote"

/**
 * What the plan provider keeps in the plugin's module (`tradeCredit`): the
 * buyers' repayment accounts and which payment session each plan belongs to.
 * A payment provider runs in the payment module's own container, which holds
 * no other module: the provider hands the plugin's module in (src/use-cases/deps.ts).
 */
export function tradeCreditModuleOf(medusa: Pick<MedusaServices, "tradeCredit">): TradeCreditModuleService {
  const module = medusa.tradeCredit()
  if (!module) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The trade credit providers need the plugin's module: add medusa-payment-trade-credit " +
        "to `plugins` in medusa-config",
      "TRADE_CREDIT_MODULE_MISSING",
    )
  }
  return module
}

/** What links a buyer and company to a service account (a row without its id). */
export type AccountLink = Pick<BuyerRepaymentAccountRow, "buyer_key" | "company_key" | "account_id" | "digest"> & {
  body: AccountBody
}

export async function findAccountLink(
  module: TradeCreditModuleService,
  buyerKey: string,
  companyKey: string,
): Promise<BuyerRepaymentAccountRow | undefined> {
  const [link] = await module.listBuyerRepaymentAccounts({ buyer_key: buyerKey, company_key: companyKey }, { take: 1 })
  return link
}

export async function accountLinksOfBuyer(
  module: TradeCreditModuleService,
  buyerKey: string,
): Promise<BuyerRepaymentAccountRow[]> {
  return await module.listBuyerRepaymentAccounts({ buyer_key: buyerKey })
}

/**
 * The account body a link keeps (the module's column is plain JSON): the body
 * last sent, which the plugin alone writes. A row that does not hold one
 * (edited by hand) is refused here rather than sent half-read to the service.
 */
export function accountBodyOf(link: BuyerRepaymentAccountRow): AccountBody {
  if (isAccountBody(link.body)) return link.body
  throw new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The repayment account link ${quote(link.id)} does not hold an account body`,
    "TRADE_CREDIT_ACCOUNT_LINK_INVALID",
  )
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The shape of a body the plugin built (not its formats: a body accepted once stays usable). */
function isAccountBody(value: Record<string, unknown>): value is AccountBody {
  return (
    isObject(value.buyer_company) &&
    isObject(value.billing_address) &&
    isObject(value.account_representative) &&
    typeof value.invoice_email === "string" &&
    typeof value.merchant_account_reference === "string"
  )
}

/** Creates or replaces the link of a buyer and company to a service account (unique per buyer and company). */
export async function saveAccountLink(module: TradeCreditModuleService, link: AccountLink): Promise<void> {
  const existing = await findAccountLink(module, link.buyer_key, link.company_key)
  const values = { account_id: link.account_id, digest: link.digest, body: link.body }
  if (existing) {
    await module.updateBuyerRepaymentAccounts({ id: existing.id, ...values })
    return
  }
  try {
    await module.createBuyerRepaymentAccounts({ buyer_key: link.buyer_key, company_key: link.company_key, ...values })
  } catch (error) {
    // Another checkout of the same buyer linked it first: take the row it made.
    const raced = await findAccountLink(module, link.buyer_key, link.company_key)
    if (!raced) throw error
    await module.updateBuyerRepaymentAccounts({ id: raced.id, ...values })
  }
}

/** Forgets every account link of a buyer (the accounts stay at the service: they are financial records). */
export async function forgetBuyer(module: TradeCreditModuleService, buyerKey: string): Promise<number> {
  const links = await accountLinksOfBuyer(module, buyerKey)
  if (links.length) await module.deleteBuyerRepaymentAccounts(links.map((l) => l.id))
  return links.length
}

export async function planSessionOf(
  module: TradeCreditModuleService,
  planId: string,
): Promise<RepaymentPlanSessionRow | undefined> {
  const [row] = await module.listRepaymentPlanSessions({ plan_id: planId }, { take: 1 })
  return row
}

/** Records that a plan belongs to a session (once per plan; a retry finds the row). */
export async function recordPlanSession(
  module: TradeCreditModuleService,
  record: Pick<RepaymentPlanSessionRow, "plan_id" | "session_id" | "account_id" | "amount" | "currency">,
): Promise<RepaymentPlanSessionRow> {
  const existing = await planSessionOf(module, record.plan_id)
  if (existing) return existing
  try {
    return await module.createRepaymentPlanSessions({ ...record, state: "pending", funding_status: "PENDING" })
  } catch (error) {
    const raced = await planSessionOf(module, record.plan_id)
    if (!raced) throw error
    return raced
  }
}

/** Sets what Medusa knows of a plan's funding (no-op for a plan the plugin never recorded). */
export async function updatePlanSession(
  module: TradeCreditModuleService,
  planId: string,
  values: Partial<Pick<RepaymentPlanSessionRow, "state" | "funding_status">>,
): Promise<void> {
  const row = await planSessionOf(module, planId)
  if (!row) return
  if ((values.state ?? row.state) === row.state && (values.funding_status ?? row.funding_status) === row.funding_status)
    return
  await module.updateRepaymentPlanSessions({ id: row.id, ...values })
}
