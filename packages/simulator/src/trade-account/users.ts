import { CUSTOMER_EVENTS } from "../contract/after-invoice-events"
import type { SimTradeAccountUserCreate } from "../contract/trade-account"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { TradeAccountCustomerRecord, TradeAccountUserRecord } from "../state/trade-accounts"
import { newTradeAccountId } from "./ids"

/** The calling merchant's user by either kind of id; 404 NOT_FOUND otherwise. */
export function userOf(merchant: MerchantState, uid: string): TradeAccountUserRecord {
  const record = merchant.tradeAccounts.user(uid)
  if (!record) throw notFound(`Trade account user ${uid}`)
  return record
}

/**
 * POST /trade-account/v3/customer/{cid}/user: completes onboarding. The user
 * starts unverified; an absent `phone_number` answers null. `merchant_user_id`
 * is unique per merchant (across its customers): a second create is 409
 * INVALID_STATE with the existing id.
 */
export function createUser(
  ctx: SimulatorContext,
  merchant: MerchantState,
  customer: TradeAccountCustomerRecord,
  body: SimTradeAccountUserCreate,
): TradeAccountUserRecord {
  const holder = merchant.tradeAccounts.userByMerchantUserId(body.merchant_user_id)
  if (holder) {
    throw invalidState(
      `merchant_user_id ${body.merchant_user_id} is already used by trade account user ${holder.user.id}`,
      holder.user.id,
    )
  }
  const record: TradeAccountUserRecord = {
    user: {
      id: newTradeAccountId("usr"),
      customer_id: customer.customer.id,
      merchant_user_id: body.merchant_user_id,
      email: body.email,
      first_name: body.first_name,
      last_name: body.last_name,
      phone_number: body.phone_number ?? null,
      verified: false,
    },
    createdAt: ctx.clock.iso(),
    verifiedAt: null,
  }
  merchant.tradeAccounts.addUser(record, customer)
  return record
}

/**
 * Marks a user verified (the hosted page's "Verify", or the control API) and sends customer.user.verified.v1 with the
 * merchant's ids of the user and its customer. Verifying twice changes nothing and sends nothing.
 */
export function verifyUser(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: TradeAccountUserRecord,
): TradeAccountUserRecord {
  if (record.user.verified) return record
  record.user.verified = true
  record.verifiedAt = ctx.clock.iso()
  const customer = merchant.tradeAccounts.customer(record.user.customer_id)
  ctx.webhooks.emit(merchant, CUSTOMER_EVENTS.userVerified, {
    merchant_id: merchant.merchantId,
    merchant_user_id: record.user.merchant_user_id,
    user_id: record.user.id,
    merchant_customer_id: customer?.customer.merchant_customer_id ?? null,
    customer_id: record.user.customer_id,
    verification_id: null,
    legal_rep_required: null,
    verified_by_different_user: false,
  })
  return record
}
