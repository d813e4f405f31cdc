import { model } from "@medusajs/framework/utils"

/**
 * The service's repayment account of one buyer ordering for one company: a
 * Medusa customer (or a guest, by a digest of the cart email) and the company's
 * country and organization number. Plans of the same buyer and company share
 * the account, so the service invoices their instalments together. `digest` is
 * that of the last account body sent: an unchanged body is not sent again, a
 * changed one (billing details) updates the account.
 */
export const BuyerRepaymentAccount = model
  .define("trade_credit_buyer_repayment_account", {
    id: model.id({ prefix: "tcbra" }).primaryKey(),
    /** The Medusa customer id, or "guest-" + a digest of the cart email. */
    buyer_key: model.text(),
    /** "GB-08123456": the company's country and organization number. */
    company_key: model.text(),
    /** The service's account id (acct_...). */
    account_id: model.text(),
    /** Digest of the last account body the service has. */
    digest: model.text(),
    /** That body (the buyer's billing details), to update the account when the customer's details change. */
    body: model.json(),
  })
  .indexes([{ on: ["buyer_key", "company_key"], unique: true }, { on: ["account_id"] }])
