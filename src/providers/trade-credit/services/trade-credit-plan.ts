import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  PaymentProviderContext,
  RefundPaymentInput,
  RefundPaymentOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import type { CompanyDetails } from "../../../service/schemas/company"
import {
  accountHolderBuyerKey,
  accountHolderData,
  accountHolderIdOf,
  externalBuyerKey,
} from "../../../core/plan/account-holder"
import { hasCreditOf } from "../../../core/plan/plan-credit"
import {
  isCanceledPlan,
  sessionStatusOfPlan,
  storedFundingStatus,
  type TradeCreditPlanData,
  withPlanStatus,
} from "../../../core/plan/plan-data"
import { storefrontInputOf } from "../../../core/plan/plan-session-input"
import type { PaymentCustomerLike } from "../../../core/plan/repayment-account-body"
import { syncBuyerAccounts } from "../../../use-cases/account-holders"
import { authorizePlan } from "../../../use-cases/authorize-plan"
import { cancelPlan, cancelPlanOfDeletedSession } from "../../../use-cases/cancel-plan"
import { checkPlanBuyer } from "../../../use-cases/check-plan-buyer"
import { CompanyIdentities, PlanCheckReuse } from "../../../use-cases/plan-check-reuse"
import { keptChecksOf } from "../../../medusa/kept-checks"
import { creditPlan } from "../../../use-cases/credit-plan"
import { fulfilPlan } from "../../../use-cases/fulfil-plan"
import { accountLinksOfBuyer, forgetBuyer, tradeCreditModuleOf } from "../../../medusa/plan-store"
import { PLAN_PROVIDER_IDENTIFIER } from "../../../medusa/provider-ids"
import { COMPANY_DETAILS_TTL_MS } from "../../../use-cases/repayment-company"
import { TtlCache } from "../../../utils/ttl-cache"
import type { TradeCreditClient } from "../../../client/index"
import type { TradeCreditClientOptionsInput } from "../../../client/options"
import { acquireTradeCreditClient } from "../../../client/shared-clients"
import { TradeCreditBase } from "./trade-credit-base"

/**
 * Pay in monthly instalments: the service's repayment interface. When the session starts, the buyer's repayment
 * account is made (once per buyer and company, reused) and the buyer is credit-checked; the session data then tells
 * the storefront which terms it may offer (minimum and maximum number of instalments, maximum monthly amount). When
 * the cart is completed the plan is created for the chosen number of months and the order is placed with the payment
 * `pending_authorization`: the service decides the plan's funding later, and its funding webhook (or the polling job)
 * authorizes the payment, or cancels the order when the funding is REJECTED. Capture fulfils the whole plan (payout
 * and invoicing start), cancel cancels the instalments not yet invoiced, refund credits. The flows are in
 * src/use-cases; this class maps Medusa's calls to them.
 */
export class TradeCreditPlanService extends TradeCreditBase<TradeCreditPlanData, TradeCreditClient> {
  static identifier = PLAN_PROVIDER_IDENTIFIER
  /** The service's registry answers by canonical id, so a returning buyer's company is not read again each session. */
  private readonly companies_ = new TtlCache<CompanyDetails>(COMPANY_DETAILS_TTL_MS, 1000)
  /** Approved credit checks and searched companies, kept in the plugin's module for every instance. */
  private readonly kept_ = keptChecksOf(this.medusa_, this.logger_)
  private readonly checks_ = new PlanCheckReuse(this.kept_)
  private readonly identities_ = new CompanyIdentities(this.kept_)

  protected acquireClient(options: TradeCreditClientOptionsInput): TradeCreditClient {
    return acquireTradeCreditClient(options)
  }

  async initiatePayment({ amount, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const given = this.dataOf(data)
    const sessionId = this.sessionIdOf(context?.idempotency_key, given.session_id)
    return {
      id: sessionId,
      status: PaymentSessionStatus.PENDING,
      data: await this.checkBuyer(sessionId, given, amount, context),
    }
  }

  async updatePayment({ amount, data, context }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = this.dataOf(data)
    // A plan exists: the session is past the storefront's choices; its status is the funding's.
    if (current.plan_id) return { status: storedFundingStatus(current), data: current }
    const sessionId = this.sessionIdOf(current.session_id, context?.idempotency_key)
    return { status: PaymentSessionStatus.PENDING, data: await this.checkBuyer(sessionId, current, amount, context) }
  }

  /** The session's credit check and account (a logged-in customer, or the account holder's buyer, else the cart's
   * email). */
  private async checkBuyer(
    sessionId: string,
    data: TradeCreditPlanData,
    amount: unknown,
    context: PaymentProviderContext | undefined,
  ) {
    const buyer = {
      customerId: context?.customer?.id ?? accountHolderBuyerKey(context?.account_holder),
      loggedIn: context?.customer?.id,
    }
    return await checkPlanBuyer(this.deps_, {
      sessionId,
      given: storefrontInputOf(data),
      amount,
      buyer,
      companies: this.companies_,
      // Shared with the store's preview and company search routes of every instance (plan-check-reuse.ts).
      checks: this.checks_,
      identities: this.identities_,
    })
  }

  async authorizePayment({ data, context }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const current = this.dataOf(data)
    return await authorizePlan(this.deps_, this.sessionIdOf(context?.idempotency_key, current.session_id), current)
  }

  /** Fulfils the whole plan: the service pays out and starts invoicing the instalments. */
  async capturePayment({ data, context }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const current = this.dataOf(data)
    const planId = this.requireString(current.plan_id, "repayment plan id")
    const status = await fulfilPlan(this.deps_, {
      planId,
      captureId: context?.idempotency_key,
      grossAmount: current.gross_amount,
    })
    return { data: withPlanStatus(current, status) }
  }

  /** Cancels the instalments not yet invoiced (Medusa cancels a payment that was not captured). */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = this.dataOf(data)
    if (!current.plan_id) return { data: current }
    return { data: await cancelPlan(this.deps_, current, current.plan_id, "Cancelled in the shop") }
  }

  /** Credits the plan (what was invoiced and not yet credited); a refund credited already is answered from the data. */
  async refundPayment({ amount, data, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const current = this.dataOf(data)
    const planId = this.requireString(current.plan_id, "repayment plan id")
    const refundId = this.requireString(context?.idempotency_key, "refund id")
    if (hasCreditOf(current, refundId)) return { data: current }
    const currency = this.requireString(current.currency, "plan currency")
    return { data: await creditPlan(this.deps_, { planId, refundId, currency, amount, data: current }) }
  }

  /** A session that goes away (cart changed, another method chosen) cancels a plan that was never funded or fulfilled.
   * */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: await cancelPlanOfDeletedSession(this.deps_, this.dataOf(data)) }
  }

  protected async readNow(current: TradeCreditPlanData) {
    const planId = current.plan_id
    if (!planId) return undefined
    const status = await this.call("read the plan", () => this.client_.repayment.getStatus(planId))
    return { status: sessionStatusOfPlan(status, isCanceledPlan(current)), data: withPlanStatus(current, status) }
  }

  /**
   * Medusa's account holder of a logged-in customer. The service's account needs the buyer's company, which only a
   * payment session brings, so nothing is made at the service here: the holder names the buyer, and the accounts made
   * for the buyer's companies at checkout are reused for every plan. Idempotent: the same customer gets the same id.
   */
  async createAccountHolder({ context }: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    const customerId = this.requireString(context?.customer?.id, "customer id")
    const links = await accountLinksOfBuyer(tradeCreditModuleOf(this.medusa_), customerId)
    return {
      id: accountHolderIdOf(customerId),
      data: accountHolderData(
        customerId,
        links.map((l) => l.account_id),
      ),
    }
  }

  /** The customer's details changed: the service's accounts of this buyer get the new billing details. */
  async updateAccountHolder({ context }: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    const holder = context.account_holder
    const buyerKey = accountHolderBuyerKey(holder) ?? context.customer?.id
    if (!buyerKey) return { data: holder?.data ?? {} }
    const customer: PaymentCustomerLike = { ...(context.customer ?? {}), id: buyerKey }
    const module = tradeCreditModuleOf(this.medusa_)
    const accountIds = await syncBuyerAccounts(
      { client: this.client_, call: this.deps_.call, module },
      buyerKey,
      customer,
    )
    return { data: accountHolderData(buyerKey, accountIds, holder?.data ?? {}) }
  }

  /** Forgets the buyer's accounts; they stay at the service (an account with plans is a financial record). */
  async deleteAccountHolder({ context }: DeleteAccountHolderInput): Promise<DeleteAccountHolderOutput> {
    const holder = context.account_holder
    const buyerKey = accountHolderBuyerKey(holder) ?? externalBuyerKey(holder?.external_id)
    if (buyerKey) await forgetBuyer(tradeCreditModuleOf(this.medusa_), buyerKey)
    return {}
  }
}
