import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
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
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import BigNumberJs from "bignumber.js"
import { type CompanyDetails, isTradeCreditError } from "../../../client"
import type { PlanStatus, RepaymentPlan } from "../../../service/schemas"
import { formatMoney, roundToCents, toDecimal } from "../../../core/money/decimal"
import { declined } from "../lib/errors"
import { readCaptureAmount, readCartOfSession } from "../lib/medusa-reader"
import { buildPlanBody } from "../../../core/plan/plan-body"
import { checkPlanCredit } from "../lib/plan-credit-check"
import { type TradeCreditPlanData, sessionStatusOfPlan, withPlan, withPlanStatus } from "../../../core/plan/plan-data"
import { digestOf, planKeys } from "../../../core/plan/plan-idempotency-keys"
import { checkPeriodsWithinLimits, type PlanLimits } from "../../../core/plan/plan-limits"
import { parsePlanSessionInput, storefrontInputOf } from "../../../core/plan/plan-session-input"
import { accountBodyOf, accountLinksOfBuyer, forgetBuyer, recordPlanSession, saveAccountLink, updatePlanSession } from "../lib/plan-store"
import { SESSION_CART_FIELDS, type LinkedCart, regionSettingsOfCart, withCustomerCompany } from "../lib/cart-links"
import { ensureRepaymentAccount } from "../lib/repayment-account"
import { PLAN_PROVIDER_IDENTIFIER } from "../lib/provider-ids"
import { billingAddressOf } from "../../../core/plan/repayment-address"
import {
  accountReferenceOf,
  accountUpdateOf,
  buildAccountBody,
  buyerKeyOf,
  type PaymentCustomerLike,
  withCustomerDetails,
} from "../../../core/plan/repayment-account-body"
import { COMPANY_DETAILS_TTL_MS, resolveRepaymentCompany } from "../lib/repayment-company"
import { TtlCache } from "../lib/ttl-cache"
import { CART_FIELDS, type MedusaCartInput, buildLines, PayloadError } from "../../../core/order"
import { ineligibilityOf, periodsRefusalOf } from "../../../modules/trade-credit/region-settings"
import { TradeCreditBase } from "./trade-credit-base"
import { errorIds, logLine } from "../../../utils/log-line"

/** Exact cents of a Medusa amount (number, string or BigNumber raw value). */
const toCents = (amount: unknown) => roundToCents(toDecimal(amount, "amount"))

const invalidSessionData = (message: string, path?: string) =>
  new PayloadError("INVALID_SESSION_DATA", `Invalid trade credit details: ${message}`, path)

/**
 * Pay in monthly instalments: the service's repayment interface. When the
 * session starts, the buyer's repayment account is made (once per buyer and
 * company, reused) and the buyer is credit-checked; the session data then
 * tells the storefront which terms it may offer (minimum and maximum number
 * of instalments, maximum monthly amount). When the cart is completed the plan
 * is created for the chosen number of months and the order is placed with the
 * payment `pending_authorization`: the service decides the plan's funding later,
 * and its funding webhook (or the polling job) authorizes the payment, or
 * cancels the order when the funding is REJECTED. An authorization of a plan
 * that exists already (the funding sync, a retried completion) reads its
 * funding: ACCEPTED authorizes, REJECTED refuses with the reason. Capture fulfils the whole plan (payout and invoicing
 * start), cancel cancels the instalments not yet invoiced, refund credits.
 */
export class TradeCreditPlanService extends TradeCreditBase {
  static identifier = PLAN_PROVIDER_IDENTIFIER
  /** The service's registry answers by canonical id, so a returning buyer's company is not read again each session. */
  private readonly companies_ = new TtlCache<CompanyDetails>(COMPANY_DETAILS_TTL_MS, 1000)

  constructor(cradle: ConstructorParameters<typeof TradeCreditBase>[0], options: ConstructorParameters<typeof TradeCreditBase>[1]) {
    super(cradle, options)
  }

  // ---------------------------------------------------------------- sessions

  async initiatePayment({ amount, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const given = (data ?? {}) as TradeCreditPlanData
    const sessionId = this.requireString(context?.idempotency_key ?? given.session_id, "payment session id")
    const buyer = { customerId: context?.customer?.id ?? accountHolderBuyerKey(context?.account_holder), loggedIn: context?.customer?.id }
    const checked = await this.checkBuyer(sessionId, storefrontInputOf(given), amount, buyer)
    return { id: sessionId, status: PaymentSessionStatus.PENDING, data: checked }
  }

  async updatePayment({ amount, data, context }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    // A plan exists: the session is past the storefront's choices; its status is the funding's.
    if (current.plan_id) return { status: storedFundingStatus(current), data: current }
    const sessionId = this.requireString(current.session_id ?? context?.idempotency_key, "payment session id")
    const buyer = { customerId: context?.customer?.id ?? accountHolderBuyerKey(context?.account_holder), loggedIn: context?.customer?.id }
    return { status: PaymentSessionStatus.PENDING, data: await this.checkBuyer(sessionId, storefrontInputOf(current), amount, buyer) }
  }

  /**
   * The session's credit check and account. A storefront that starts the
   * session before it knows the company gets a pending session naming what is
   * missing, and starts it again with the company.
   */
  private async checkBuyer(
    sessionId: string,
    given: Record<string, unknown>,
    amount: unknown,
    buyer: { customerId?: string; loggedIn?: string }
  ): Promise<TradeCreditPlanData> {
    const missing = (data: Record<string, unknown>) => ({ ...data, session_id: sessionId, missing: ["company"] })
    // A guest who names no company has none to find: nothing is read.
    if ((given.company === undefined || given.company === null) && !buyer.loggedIn) return missing(given)
    // The cart and its region's settings: one Query.
    const cart = await readCartOfSession<MedusaCartInput & LinkedCart>(sessionId, SESSION_CART_FIELDS)
    // A customer enrolled as a sole trader buys with the enrollment's company when the storefront names none.
    const filled = await withCustomerCompany(given, cart, { customerId: buyer.loggedIn, tradeAccounts: false })
    const input = parsePlanSessionInput(filled, { requireCompany: false })
    if (!input.company) return missing(filled)

    const lines = buildLines(cart, amount === undefined ? {} : { expectedTotal: toCents(amount).toFixed(2) })
    // The merchant's settings for the cart's region (Settings → Trade credit): instalments offered, for this total?
    const region = regionSettingsOfCart(cart, this.options_)
    const refusal = ineligibilityOf(region, "instalments", { grossAmount: lines.gross_amount, currency: cart.currency_code })
    if (refusal) {
      logLine(this.logger_, "info", `trade-credit: instalments not offered for session ${sessionId} (cart ${cart.id}): ${refusal.reason}`, {
        payment_session_id: sessionId,
        cart_id: cart.id,
        region_id: region.region_id,
        code: refusal.code,
      })
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal.message, refusal.code)
    }
    // The numbers of months the merchant offers in the region, before anything is asked of the service.
    const notOffered = input.number_of_periods === undefined ? undefined : periodsRefusalOf(region, input.number_of_periods)
    if (notOffered) throw new MedusaError(MedusaError.Types.INVALID_DATA, notOffered, "TRADE_CREDIT_INVALID_PERIODS")
    const currency = cart.currency_code.toUpperCase()
    const company = await this.call("read the buyer's company", () =>
      resolveRepaymentCompany(this.client_, input.company!, billingAddressOf(cart), this.companies_), { payment_session_id: sessionId, cart_id: cart.id }
    )
    const limits = await this.call("check the buyer's credit", () =>
      checkPlanCredit(this.client_, { company, amount: lines.gross_amount, currency, scope: sessionId }), { payment_session_id: sessionId, cart_id: cart.id }
    )
    if (input.number_of_periods !== undefined) this.assertWithinLimits(lines.gross_amount, input.number_of_periods, limits)

    // A logged-in customer is the buyer; a guest is known by the cart's email.
    const buyerKey = buyerKeyOf(buyer.customerId, cart.email)
    if (!buyerKey) throw invalidSessionData("the cart has no email: give the buyer's email before choosing instalments", "email")
    const body = buildAccountBody(input, cart, company, accountReferenceOf(buyerKey, company.company_key))
    const account = await this.call("set up the buyer's repayment account", () =>
      ensureRepaymentAccount(this.client_, { buyerKey, companyKey: company.company_key, body }), { payment_session_id: sessionId, cart_id: cart.id }
    )
    return {
      ...given,
      session_id: sessionId,
      account_id: account.account_id,
      gross_amount: lines.gross_amount,
      ...limits,
      // What the region offers (null: every number the limits allow): the storefront kit's instalmentChoices reads it.
      offered_periods: region.instalment_periods,
      ...(input.number_of_periods !== undefined && { number_of_periods: input.number_of_periods }),
    }
  }

  private assertWithinLimits(total: string, numberOfPeriods: number, limits: PlanLimits): void {
    const fit = checkPeriodsWithinLimits(total, [numberOfPeriods], limits)
    if (!fit.ok) throw invalidSessionData(fit.message, "number_of_periods")
  }

  // ----------------------------------------------------------- authorization

  async authorizePayment({ data, context }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    const sessionId = this.requireString(context?.idempotency_key ?? current.session_id, "payment session id")
    let stored = current
    if (!current.plan_id) {
      const plan = await this.createPlan(sessionId, current)
      if ("instalments" in plan) {
        // Made just now: the service decides its funding later and says so by webhook (the polling job is the
        // fallback), so a read now would answer PENDING. The order is placed with the payment pending.
        return { status: PaymentSessionStatus.PENDING_AUTHORIZATION, data: { ...withPlan(current, plan), funding_status: "PENDING" } }
      }
      // A plan made by an earlier attempt whose answer was lost: its funding may be decided already.
      stored = { ...current, plan_id: plan.id }
    }
    const planId = stored.plan_id!
    const status = await this.call("read the plan's funding", () => this.client_.repayment.getStatus(planId), { payment_session_id: sessionId, plan_id: planId })
    stored = withPlanStatus(stored, status)
    switch (status.funding_status) {
      case "ACCEPTED":
        await updatePlanSession(planId, { state: "authorized", funding_status: "ACCEPTED" })
        return { status: PaymentSessionStatus.AUTHORIZED, data: stored }
      case "REJECTED":
        await updatePlanSession(planId, { state: "rejected", funding_status: "REJECTED" })
        throw declined(status.credit_decline_reason, { logger: this.logger_, ids: { payment_session_id: sessionId, plan_id: planId } })
      default:
        // The order is placed; the funding webhook (or the polling job) authorizes the payment later.
        return { status: PaymentSessionStatus.PENDING_AUTHORIZATION, data: stored }
    }
  }

  /**
   * Creates the plan of this session, once: its reference is the session id.
   * A retry whose answer was lost finds the plan through the service's 409
   * (the reference is held), never creating a second one.
   */
  private async createPlan(sessionId: string, data: TradeCreditPlanData): Promise<RepaymentPlan | { id: string; existing: true }> {
    const input = parsePlanSessionInput(storefrontInputOf(data), { requirePeriods: true })
    const numberOfPeriods = input.number_of_periods!
    const accountId = data.account_id
    const limits = limitsOfData(data)
    if (!accountId || !limits || !data.gross_amount) {
      throw invalidSessionData("the buyer was not credit-checked: start the payment session again with the company", "company")
    }
    this.assertWithinLimits(data.gross_amount, numberOfPeriods, limits)
    const cart = await readCartOfSession<MedusaCartInput>(sessionId, CART_FIELDS)
    // The cart must still be what was credit-checked (else the session is started again).
    const lines = buildLines(cart, { expectedTotal: data.gross_amount })
    const body = buildPlanBody({
      sessionId,
      cart,
      input,
      accountId,
      numberOfPeriods,
      lines,
      consentedAt: new Date(),
    })
    let plan: RepaymentPlan | { id: string; existing: true }
    try {
      plan = await this.client_.repayment.createPlan(body, { idempotencyKey: planKeys.createPlan(sessionId, body) })
    } catch (error) {
      const holder = holderPlanIdOf(error)
      if (!holder) return await this.call("create the repayment plan", () => Promise.reject(error), { payment_session_id: sessionId })
      plan = { id: holder, existing: true }
    }
    await recordPlanSession({
      plan_id: plan.id,
      session_id: sessionId,
      account_id: accountId,
      amount: lines.gross_amount,
      currency: body.currency,
    })
    return plan
  }

  // ------------------------------------------------------ after the order

  /** Fulfils the whole plan: the service pays out and starts invoicing the instalments. */
  async capturePayment({ data, context }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    const planId = this.requireString(current.plan_id, "repayment plan id")
    const captureId = context?.idempotency_key
    const captureAmount = captureId ? await readCaptureAmount(captureId) : undefined
    if (captureAmount !== undefined && current.gross_amount && toCents(captureAmount).lt(current.gross_amount)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `A repayment plan is fulfilled whole: capture the full ${current.gross_amount}, not ${formatMoney(toCents(captureAmount))}`,
        "TRADE_CREDIT_PLAN_CAPTURE_WHOLE"
      )
    }
    const status = await this.call("fulfil the repayment plan", () =>
      this.client_.repayment.fulfil(planId, { idempotencyKey: planKeys.fulfil(captureId ?? planId) }), { capture_id: captureId, plan_id: planId }
    )
    return { data: withPlanStatus(current, status) }
  }

  /** Cancels the instalments not yet invoiced (Medusa cancels a payment that was not captured). */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    if (!current.plan_id) return { data: current }
    return { data: await this.cancelPlan(current, current.plan_id, "Cancelled in the shop") }
  }

  /** Cancels the plan's instalments not yet invoiced (the service's reason TERMINATED; `why` is for the log). */
  private async cancelPlan(current: TradeCreditPlanData, planId: string, why: string): Promise<TradeCreditPlanData> {
    const body = { at: new Date().toISOString() }
    try {
      await this.client_.repayment.cancel(planId, "TERMINATED", body.at, { idempotencyKey: planKeys.cancel(planId, body) })
      logLine(this.logger_, "info", `trade-credit: cancelled plan ${planId}: ${why}`, { payment_session_id: current.session_id, plan_id: planId })
    } catch (error) {
      if (isTradeCreditError(error) && error.status === 409) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "Every instalment of this repayment plan is already invoiced, so nothing is left to cancel: refund it instead.",
          "TRADE_CREDIT_CANCEL_AFTER_FULFILMENT"
        )
      }
      return await this.call("cancel the repayment plan", () => Promise.reject(error))
    }
    await updatePlanSession(planId, { state: "cancelled" })
    const status = await this.call("read the plan", () => this.client_.repayment.getStatus(planId))
    return { ...withPlanStatus(withCancelledInstalments(current, status), status), cancelled: true }
  }

  /**
   * Credits the plan. What was invoiced and not yet credited is read back first:
   * a refund above it is refused before any credit is sent, and a refund
   * already credited (the same Medusa refund id) is answered from the data.
   */
  async refundPayment({ amount, data, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    const planId = this.requireString(current.plan_id, "repayment plan id")
    const refundId = this.requireString(context?.idempotency_key, "refund id")
    if ((current.credits ?? []).some((c) => c.refund_reference === refundId)) return { data: current }
    const currency = this.requireString(current.currency, "plan currency")
    const value = toCents(amount)
    const status = await this.call("read the plan", () => this.client_.repayment.getStatus(planId))
    // A credit whose answer never reached Medusa (a timeout or a broken answer: Medusa rolled its refund back and
    // this is the retry, under a new refund id) shows as credited at the service beyond Medusa's credits. When
    // that is exactly this amount it is adopted, not credited twice (the service lists no credits to match on).
    const recorded = (current.credits ?? []).reduce((acc, c) => acc.plus(c.amount), new BigNumberJs(0))
    if (value.gt(0) && new BigNumberJs(status.credited_amount).minus(recorded).eq(value)) {
      return {
        data: {
          ...withPlanStatus(current, status),
          credits: [...(current.credits ?? []), { id: "unrecorded", amount: formatMoney(value), refund_reference: refundId }],
        },
      }
    }
    const creditable = new BigNumberJs(status.invoiced_amount).minus(status.credited_amount)
    if (value.lte(0) || value.gt(creditable)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cannot refund ${formatMoney(value)} ${currency} of this repayment plan: ${formatMoney(creditable)} ${currency} is creditable ` +
          "(invoiced and not yet credited). Instalments not yet invoiced are cancelled, not refunded.",
        "TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE"
      )
    }
    const credit = await this.call("credit the repayment plan", () =>
      this.client_.repayment.credit(planId, formatMoney(value), currency, `Medusa refund ${refundId}`, {
        idempotencyKey: planKeys.credit(refundId),
      }),
      { refund_id: refundId, plan_id: planId }
    )
    const credited = new BigNumberJs(status.credited_amount).plus(credit.amount)
    return {
      data: {
        ...withPlanStatus(current, { ...status, credited_amount: formatMoney(credited) }),
        credits: [...(current.credits ?? []), { id: credit.id, amount: credit.amount, refund_reference: refundId }],
      },
    }
  }

  /** A session that goes away (cart changed, another method chosen) cancels a plan that was never funded or fulfilled. */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    const planId = current.plan_id
    if (!planId || current.cancelled) return { data: current }
    try {
      const status = await this.client_.repayment.getStatus(planId)
      // A funded plan belongs to a payment (an order); a rejected one holds nothing.
      if (status.funding_status !== "PENDING" || status.fulfilment_status !== "NOT_INITIATED") return { data: withPlanStatus(current, status) }
      return { data: await this.cancelPlan(current, planId, "The payment session was removed before funding") }
    } catch (error) {
      logLine(this.logger_, "warn", `trade-credit: could not cancel plan ${planId} of a deleted session: ${(error as Error).message}`, {
        payment_session_id: current.session_id,
        plan_id: planId,
        ...errorIds(error),
      })
      return { data: current }
    }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    if (!current.plan_id) return { data: current }
    const planId = current.plan_id
    const status = await this.call("read the plan", () => this.client_.repayment.getStatus(planId))
    return { data: withPlanStatus(current, status) }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const current = (data ?? {}) as TradeCreditPlanData
    if (!current.plan_id) return { status: PaymentSessionStatus.PENDING, data: current }
    const planId = current.plan_id
    const status: PlanStatus = await this.call("read the plan", () => this.client_.repayment.getStatus(planId))
    return { status: sessionStatusOfPlan(status, current.cancelled), data: withPlanStatus(current, status) }
  }

  // ---------------------------------------------------------- account holders

  /**
   * Medusa's account holder of a logged-in customer. The service's account
   * needs the buyer's company, which only a payment session brings, so nothing
   * is made at the service here: the holder names the buyer, and the accounts
   * made for the buyer's companies at checkout are reused for every plan.
   * Idempotent: the same customer always gets the same id.
   */
  async createAccountHolder({ context }: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    const customerId = this.requireString(context?.customer?.id, "customer id")
    const links = await accountLinksOfBuyer(customerId)
    return { id: `buyer_${customerId}`, data: { buyer_key: customerId, account_ids: links.map((l) => l.account_id) } }
  }

  /** The customer's details changed: the service's accounts of this buyer get the new billing details. */
  async updateAccountHolder({ context }: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    const holder = context.account_holder
    const buyerKey = accountHolderBuyerKey(holder) ?? context.customer?.id
    if (!buyerKey) return { data: holder?.data ?? {} }
    const customer = { ...(context.customer ?? {}), id: buyerKey } as PaymentCustomerLike
    const links = await accountLinksOfBuyer(buyerKey)
    for (const link of links) {
      const body = withCustomerDetails(accountBodyOf(link), customer)
      const digest = digestOf(body)
      if (digest === link.digest) continue
      await this.call("update the buyer's repayment account", () =>
        this.client_.repayment.updateAccount(link.account_id, accountUpdateOf(body), {
          idempotencyKey: planKeys.updateAccount(link.account_id),
        })
      )
      await saveAccountLink({ buyer_key: buyerKey, company_key: link.company_key, account_id: link.account_id, digest, body })
    }
    return { data: { ...(holder?.data ?? {}), buyer_key: buyerKey, account_ids: links.map((l) => l.account_id) } }
  }

  /** Forgets the buyer's accounts; they stay at the service (an account with plans is a financial record). */
  async deleteAccountHolder({ context }: DeleteAccountHolderInput): Promise<DeleteAccountHolderOutput> {
    const holder = context.account_holder
    const buyerKey = accountHolderBuyerKey(holder as { data?: Record<string, unknown> }) ?? externalBuyerKey(holder?.external_id)
    if (buyerKey) await forgetBuyer(buyerKey)
    return {}
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/**
 * The plan that holds this session's reference, from the service's 409 (a
 * retry whose first answer was lost): the repayment interface's errors are
 * `{description, code}`, so its id (a UUID) is read from the description.
 */
function holderPlanIdOf(error: unknown): string | undefined {
  if (!isTradeCreditError(error) || error.status !== 409) return undefined
  return `${error.details ?? ""} ${error.message}`.match(UUID)?.[0]
}

/**
 * Stored data after a cancellation (its answer names no instalment): the service invoices instalments in date
 * order, so the first ones up to the status's `invoiced_amount` are INVOICED and the rest CANCELLED.
 */
function withCancelledInstalments(data: TradeCreditPlanData, status: PlanStatus): TradeCreditPlanData {
  if (!data.instalments) return data
  let invoiced = new BigNumberJs(status.invoiced_amount)
  const instalments = data.instalments.map((i) => {
    if (invoiced.lt(i.repayment_amount)) return { ...i, status: "CANCELLED" }
    invoiced = invoiced.minus(i.repayment_amount)
    return { ...i, status: "INVOICED" }
  })
  return { ...data, instalments }
}

/** The buyer a Medusa account holder of this provider names. */
function accountHolderBuyerKey(holder: { data?: Record<string, unknown> } | null | undefined): string | undefined {
  const key = holder?.data?.buyer_key
  return typeof key === "string" && key ? key : undefined
}

const externalBuyerKey = (externalId: string | null | undefined) =>
  externalId?.startsWith("buyer_") ? externalId.slice("buyer_".length) : undefined

/** The Medusa status of a session whose plan exists, from the funding last read. */
function storedFundingStatus(data: TradeCreditPlanData): PaymentSessionStatus {
  switch (data.funding_status) {
    case "ACCEPTED":
      return PaymentSessionStatus.AUTHORIZED
    case "REJECTED":
      return PaymentSessionStatus.ERROR
    default:
      return PaymentSessionStatus.PENDING_AUTHORIZATION
  }
}

/** The credit check's limits kept in the session data, if the buyer was checked. */
function limitsOfData(data: TradeCreditPlanData): PlanLimits | undefined {
  const { minimum_instalments, maximum_instalments, maximum_instalment_amount, currency } = data
  if (typeof minimum_instalments !== "number" || typeof maximum_instalments !== "number") return undefined
  if (typeof maximum_instalment_amount !== "string" || typeof currency !== "string") return undefined
  return { minimum_instalments, maximum_instalments, maximum_instalment_amount, currency }
}
