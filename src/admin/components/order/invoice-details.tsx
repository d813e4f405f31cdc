import { Alert, Copy, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditOrderSummary } from "../../lib/trade-credit-api"
import { DetailRow } from "../common/detail-row"
import { amountText } from "./display-format"
import { CreditNoteList, InvoiceList } from "./invoice-documents"
import { StateBadge } from "./state-badge"

/** An order paid by invoice: the service's order, its state and amount, the verification link while unverified,
 * its invoices and credit notes. */
export const InvoiceDetails = ({ summary }: { summary: TradeCreditOrderSummary }) => {
  const { t } = useTranslation("tradeCredit")
  const invoice = summary.invoice!
  const currency = invoice.currency ?? summary.payment.currency_code
  return (
    <>
      <DetailRow title={t("order.serviceOrder")}>
        {invoice.service_order_id ? (
          <>
            <Text size="small" className="truncate font-mono" data-testid="tc-service-order-id">
              {invoice.service_order_id}
            </Text>
            <Copy content={invoice.service_order_id} />
          </>
        ) : (
          <Text size="small">{t("order.notCreated")}</Text>
        )}
      </DetailRow>
      <DetailRow title={t("order.state")}>
        <StateBadge value={invoice.state} name="state" />
        <StateBadge value={invoice.status} name="status" />
      </DetailRow>
      <DetailRow title={t("order.amount")}>
        <Text size="small">{amountText(invoice.gross_amount, currency)}</Text>
      </DetailRow>
      {invoice.decline_reason && (
        <DetailRow title={t("order.declineReason")}>
          <Text size="small">{invoice.decline_reason}</Text>
        </DetailRow>
      )}
      {invoice.verification_url && (
        <div className="px-6 py-3">
          <Alert variant="warning">
            {t("order.notVerified")}{" "}
            <a
              href={invoice.verification_url}
              target="_blank"
              rel="noreferrer"
              className="text-ui-fg-interactive underline"
              data-testid="tc-verification-link"
            >
              {t("order.verificationLink")}
            </a>{" "}
            <Copy content={invoice.verification_url} className="inline" />
          </Alert>
        </div>
      )}
      <InvoiceList orderId={summary.order.id} invoice={invoice} currency={currency} />
      <CreditNoteList orderId={summary.order.id} invoice={invoice} currency={currency} />
    </>
  )
}
