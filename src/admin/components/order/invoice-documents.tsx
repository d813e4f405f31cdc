import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { creditNotePath, invoicePath, type TradeCreditOrderSummary } from "../../lib/trade-credit-api"
import { amountText, dateText } from "./display-format"
import { DownloadButton } from "./download-button"

type Invoice = NonNullable<TradeCreditOrderSummary["invoice"]>

type DocumentRow = { key: string; number: string; detail: string; download: ReactNode }

/** A titled list of an order's documents (invoices, credit notes), each with its number, detail and download. */
const DocumentList = ({
  testId,
  title,
  empty,
  rows,
  children,
}: {
  testId: string
  title: string
  empty: string
  rows: DocumentRow[]
  children?: ReactNode
}) => (
  <div className="px-6 py-4" data-testid={testId}>
    <Text size="small" weight="plus" className="text-ui-fg-subtle mb-2">
      {title}
    </Text>
    {rows.length === 0 ? (
      <Text size="small" className="text-ui-fg-muted">
        {empty}
      </Text>
    ) : (
      <ul className="flex flex-col gap-y-1">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center justify-between gap-x-2">
            <div className="min-w-0">
              <Text size="small" className="font-mono">
                {row.number}
              </Text>
              <Text size="xsmall" className="text-ui-fg-muted">
                {row.detail}
              </Text>
            </div>
            {row.download}
          </li>
        ))}
      </ul>
    )}
    {children}
  </div>
)

type DocumentsProps = { orderId: string; invoice: Invoice; currency: string | null }

/** The invoices of an order paid by invoice (one per shipment), each to download. */
export const InvoiceList = ({ orderId, invoice, currency }: DocumentsProps) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <DocumentList
      testId="tc-invoices"
      title={t("order.invoices")}
      empty={t("order.noInvoices")}
      rows={invoice.fulfilments.map((f) => ({
        key: f.id,
        number: f.invoice_number,
        detail: amountText(f.gross_amount, currency),
        download: <DownloadButton path={invoicePath(orderId, f.id)} document="invoice" number={f.invoice_number} />,
      }))}
    />
  )
}

/** The credit notes of an order paid by invoice (refunds), each to download. */
export const CreditNoteList = ({ orderId, invoice, currency }: DocumentsProps) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <DocumentList
      testId="tc-credit-notes"
      title={t("order.creditNotes")}
      empty={t("order.noCreditNotes")}
      rows={invoice.refunds.map((r) => ({
        key: r.id,
        number: r.credit_note_number,
        detail:
          amountText(r.amount, currency) +
          (r.refund_date ? ` · ${dateText(r.refund_date)}` : "") +
          (r.reason ? ` · ${r.reason}` : ""),
        download: (
          <DownloadButton
            path={creditNotePath(orderId, r.credit_note_number)}
            document="creditNote"
            number={r.credit_note_number}
          />
        ),
      }))}
    >
      {invoice.refunds.length > 0 && <CreditLineNote />}
    </DocumentList>
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
