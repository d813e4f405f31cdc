import { defineRouteConfig } from "@medusajs/admin-sdk"
import { DocumentText } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { ExportButton } from "../../../components/receivables/export-button"
import { ReceivablesFilterBar } from "../../../components/receivables/receivables-filters"
import { ReceivablesTable } from "../../../components/receivables/receivables-table"
import { useReceivablesPage } from "../../../components/receivables/use-receivables-page"

/**
 * Orders → Receivables: the invoices, credit notes, instalment invoices and statements the service issued to the
 * buyers, filtered by status (open, overdue, paid, in collection, handed back), kind or a search by number or
 * company, a page at a time, each linked to its order; "Export CSV" saves every document the filters select.
 */
const ReceivablesPage = () => {
  const { t } = useTranslation("tradeCredit")
  const page = useReceivablesPage()
  return (
    <Container className="divide-y p-0" data-testid="tc-receivables-page">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h1">{t("receivables.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("receivables.description")}
          </Text>
        </div>
        <ExportButton query={page.query} />
      </div>
      <ReceivablesFilterBar
        filters={page.filters}
        setFilter={page.setFilter}
        search={page.search}
        setSearch={page.setSearch}
      />
      <ReceivablesTable docs={page.result.data?.receivables} error={page.result.error} paging={page.paging} />
    </Container>
  )
}

/** Under Orders in the sidebar; the label is a key of the plugin's translations (src/admin/i18n). */
export const config = defineRouteConfig({
  label: "receivables.title",
  translationNs: "tradeCredit",
  icon: DocumentText,
  nested: "/orders",
})

export default ReceivablesPage
