import { Alert, Table, Text } from "@medusajs/ui"
import type { ComponentProps } from "react"
import { useTranslation } from "react-i18next"
import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import { ReceivableRow } from "./receivable-row"

const COLUMNS = ["document", "company", "status", "issued", "due", "amount", "outstanding", "order"] as const
const RIGHT = new Set(["amount", "outstanding"])

/** The documents of one page, with the pager; a failed read said plainly. */
export const ReceivablesTable = ({
  docs,
  error,
  paging,
}: {
  docs: TradeCreditReceivable[] | undefined
  error: Error | null
  paging: ComponentProps<typeof Table.Pagination>
}) => {
  const { t } = useTranslation("tradeCredit")
  if (error)
    return (
      <div className="px-6 py-4">
        <Alert variant="error">{t("receivables.page.loadFailed", { error: error.message })}</Alert>
      </div>
    )
  return (
    <>
      <Table data-testid="tc-receivables-table">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <Table.HeaderCell key={column} className={RIGHT.has(column) ? "text-right" : undefined}>
                {t(`receivables.page.columns.${column}`)}
              </Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {docs?.map((doc) => (
            <ReceivableRow key={doc.id} doc={doc} />
          ))}
        </Table.Body>
      </Table>
      {docs && !docs.length && (
        <Text size="small" className="text-ui-fg-muted px-6 py-4" data-testid="tc-receivables-none">
          {t("receivables.page.none")}
        </Text>
      )}
      <Table.Pagination
        {...paging}
        translations={{
          of: t("receivables.page.of"),
          results: t("receivables.page.results"),
          pages: t("receivables.page.pages"),
          prev: t("receivables.page.prev"),
          next: t("receivables.page.next"),
        }}
      />
    </>
  )
}
