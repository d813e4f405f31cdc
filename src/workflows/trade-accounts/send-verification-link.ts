import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import type { TradeAccountUserRow } from "./lib/records"
import { createVerificationLinkStep } from "./steps/create-verification-link"

/** The event a merchant subscribes to (e.g. with the notification module) to send the link to the user. */
export const VERIFICATION_LINK_EVENT = "trade-credit.trade-account.verification-link"

export type VerificationLinkEventData = {
  trade_account_id: string
  trade_account_user_id: string
  customer_id: string
  email: string | null
  redirect_url: string
  return_url: string
}

export type SendVerificationLinkInput = {
  trade_account_id: string
  user: TradeAccountUserRow
  email: string | null
  return_url: string
}

export const sendVerificationLinkWorkflowId = "trade-credit-send-verification-link"

/**
 * Creates a verification link for a trade account user (the return URL was
 * checked against the storefront origins) and emits
 * `trade-credit.trade-account.verification-link` with it, for the merchant's
 * subscriber to send (the plugin sends no email itself).
 */
export const sendVerificationLinkWorkflow = createWorkflow(
  sendVerificationLinkWorkflowId,
  (input: SendVerificationLinkInput) => {
    const link = createVerificationLinkStep(
      transform({ input }, ({ input }) => ({
        user_row_id: input.user.id,
        service_user_id: input.user.service_user_id,
        return_url: input.return_url,
      })),
    )
    const data = transform({ input, link }, ({ input, link }): VerificationLinkEventData => ({
      trade_account_id: input.trade_account_id,
      trade_account_user_id: input.user.id,
      customer_id: input.user.customer_id,
      email: input.email,
      redirect_url: link.redirect_url,
      return_url: input.return_url,
    }))
    emitEventStep({ eventName: VERIFICATION_LINK_EVENT, data })
    return new WorkflowResponse(data)
  },
)
