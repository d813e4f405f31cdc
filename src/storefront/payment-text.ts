// What an order's confirmation says of a trade credit payment: nothing is paid when the order is placed. An invoice is
// due after its terms (the region's, or the customer's or their group's, kept in the payment's data as the buyer was
// credit-checked); an instalment plan is paid monthly.

import type { Overrides } from "./buyer-messages"
import { isTradeCredit, type SessionLike } from "./checkout"
import { isPlanProvider } from "./session-data"
import { kitText } from "./texts"

/** An order read with its payment collections' payments and/or payment sessions. */
type OrderWithPayments = {
  payment_collections?: { payments?: SessionLike[] | null; payment_sessions?: SessionLike[] | null }[] | null
}

/** The order's trade credit payment (else its trade credit session, not cancelled). */
function tradeCreditPaymentOf(of: SessionLike | OrderWithPayments | null | undefined): SessionLike | undefined {
  if (!of) return undefined
  if (!("payment_collections" in of)) return isTradeCredit(of as SessionLike) ? (of as SessionLike) : undefined
  const collections = of.payment_collections ?? []
  return (
    collections.flatMap((c) => c?.payments ?? []).find((p) => isTradeCredit(p)) ??
    collections.flatMap((c) => c?.payment_sessions ?? []).find((s) => isTradeCredit(s) && s.status !== "canceled")
  )
}

const whole = (value: unknown) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * The words for a trade credit payment on the order's confirmation, in the buyer's language: "Invoice, due in 30
 * days" (the terms the payment holds), "Invoice, due by the date on the invoice" (the service's own terms), "Monthly
 * instalments, 12 months". Takes the payment, its session, or the order (its trade credit payment is found).
 * Undefined for a payment that is not trade credit: the storefront's own words ("paid at …") stay for those.
 */
export function tradeCreditPaymentText(
  of: SessionLike | OrderWithPayments | null | undefined,
  { language, overrides }: { language?: string; overrides?: Overrides } = {},
): string | undefined {
  const payment = tradeCreditPaymentOf(of)
  if (!payment) return undefined
  const t = (key: Parameters<typeof kitText>[0], values?: Record<string, number>) =>
    kitText(key, { language, overrides, values })
  if (isPlanProvider(payment.provider_id)) {
    const months = whole(payment.data?.number_of_periods)
    return months ? t("payment.instalmentsMonths", { n: months }) : t("payment.instalments")
  }
  const days = whole(payment.data?.invoice_terms_days)
  return days ? t("payment.invoiceDays", { days }) : t("payment.invoice")
}
