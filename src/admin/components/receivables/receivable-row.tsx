import { Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import { useIntlFormat } from "../common/intl-format"
import { adminHref } from "./admin-href"
import { documentName } from "./document-life"
import { ReceivableStatus } from "./receivable-status"

/** One document of the Receivables page: what it is, whose, where it stands, its dates and amounts, its order. */
export const ReceivableRow = ({ doc }: { doc: TradeCreditReceivable }) => {
  const { t } = useTranslation("tradeCredit")
  const fmt = useIntlFormat()
  const money = (amount: string | null) => (amount ? fmt.money(amount, doc.currency_code) : "-")
  return (
    <Table.Row data-testid="tc-receivable-row" data-number={doc.number ?? ""}>
      <Table.Cell>{documentName(t, doc)}</Table.Cell>
      <Table.Cell className="max-w-[220px] truncate">
        <Text size="small" className="truncate">
          {doc.company_name ?? doc.company_key ?? "-"}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <ReceivableStatus doc={doc} />
      </Table.Cell>
      <Table.Cell className="whitespace-nowrap">{doc.issued_at ? fmt.day(doc.issued_at) : "-"}</Table.Cell>
      <Table.Cell className="whitespace-nowrap">{doc.due_at ? fmt.day(doc.due_at) : "-"}</Table.Cell>
      <Table.Cell className="whitespace-nowrap text-right">{money(doc.amount)}</Table.Cell>
      <Table.Cell className="whitespace-nowrap text-right">{money(doc.outstanding_amount)}</Table.Cell>
      <Table.Cell>
        {doc.order_id ? (
          <a
            href={adminHref("/trade-credit/receivables", `/orders/${encodeURIComponent(doc.order_id)}`)}
            className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small"
            data-testid="tc-receivable-order"
          >
            {t("receivables.page.viewOrder")}
          </a>
        ) : (
          "-"
        )}
      </Table.Cell>
    </Table.Row>
  )
}
