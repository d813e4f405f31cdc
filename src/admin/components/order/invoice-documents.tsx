import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { creditNotePath, invoicePath, type TradeCreditOrderSummary } from "../../lib/trade-credit-api"
import { amountText, dateText } from "./display-format"
import { DownloadButton } from "./download-button"

type Invoice = NonNullable<TradeCreditOrderSummary["invoice"]>

/** The invoices of an order paid by invoice (one per shipment), each to download. */
export const InvoiceList = ({
  orderId,
  invoice,
  currency,
}: {
  orderId: string
  invoice: Invoice
  currency: string | null
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="px-6 py-4" data-testid="tc-invoices">
      <Text size="small" weight="plus" className="text-ui-fg-subtle mb-2">
        {t("order.invoices")}
      </Text>
      {invoice.fulfilments.length === 0 ? (
        <Text size="small" className="text-ui-fg-muted">
          {t("order.noInvoices")}
        </Text>
      ) : (
        <ul className="flex flex-col gap-y-1">
          {invoice.fulfilments.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-x-2">
              <div className="min-w-0">
                <Text size="small" className="font-mono">
                  {f.invoice_number}
                </Text>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {amountText(f.gross_amount, currency)}
                </Text>
              </div>
              <DownloadButton path={invoicePath(orderId, f.id)} document="invoice" number={f.invoice_number} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The credit notes of an order paid by invoice (refunds), each to download. */
export const CreditNoteList = ({
  orderId,
  invoice,
  currency,
}: {
  orderId: string
  invoice: Invoice
  currency: string | null
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="px-6 py-4" data-testid="tc-credit-notes">
      <Text size="small" weight="plus" className="text-ui-fg-subtle mb-2">
        {t("order.creditNotes")}
      </Text>
      {invoice.refunds.length === 0 ? (
        <Text size="small" className="text-ui-fg-muted">
          {t("order.noCreditNotes")}
        </Text>
      ) : (
        <ul className="flex flex-col gap-y-1">
          {invoice.refunds.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-x-2">
              <div className="min-w-0">
                <Text size="small" className="font-mono">
                  {r.credit_note_number}
                </Text>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {amountText(r.amount, currency)}
                  {r.refund_date ? ` · ${dateText(r.refund_date)}` : ""}
                  {r.reason ? ` · ${r.reason}` : ""}
                </Text>
              </div>
              <DownloadButton
                path={creditNotePath(orderId, r.credit_note_number)}
                document="creditNote"
                number={r.credit_note_number}
              />
            </li>
          ))}
        </ul>
      )}
      {invoice.refunds.length > 0 && <CreditLineNote />}
    </div>
  )
}

/** What Medusa's "Credit Lines Total" is after a refund: nothing on Medusa's page says so. */
export const CreditLineNote = () => {
  const { t } = useTranslation("tradeCredit")
  return (
    <Text size="xsmall" className="text-ui-fg-muted mt-2" data-testid="tc-credit-line-note">
      {t("order.creditLineNote")}
    </Text>
  )
}
