import { CreditCard } from "@medusajs/icons"
import React from "react"
import { TRADE_CREDIT_PROVIDER_IDS } from "medusa-payment-trade-credit-storefront"

/* Map of payment provider_id to their title and icon. Add in any payment providers you want to use. */
export const paymentInfoMap: Record<
  string,
  { title: string; icon: React.JSX.Element }
> = {
  pp_stripe_stripe: {
    title: "Credit card",
    icon: <CreditCard />,
  },
  "pp_medusa-payments_default": {
    title: "Credit card",
    icon: <CreditCard />,
  },
  pp_system_default: {
    title: "Manual Payment",
    icon: <CreditCard />,
  },
  [TRADE_CREDIT_PROVIDER_IDS.invoice]: { title: "Invoice, pay in 30 days", icon: <CreditCard /> },
  [TRADE_CREDIT_PROVIDER_IDS.instalments]: { title: "Monthly instalments", icon: <CreditCard /> },
  // Add more payment providers here
}

export { isTradeCredit } from "medusa-payment-trade-credit-storefront"
// This only checks if it is native stripe or medusa payments for card payments, it ignores the other stripe-based providers
export const isStripeLike = (providerId?: string) => {
  return (
    providerId?.startsWith("pp_stripe_") || providerId?.startsWith("pp_medusa-")
  )
}

export const isPaypal = (providerId?: string) => {
  return providerId?.startsWith("pp_paypal")
}
export const isManual = (providerId?: string) => {
  return providerId?.startsWith("pp_system_default")
}
