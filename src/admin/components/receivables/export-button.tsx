import { ArrowDownTray } from "@medusajs/icons"
import { Button, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { downloadDocument } from "../../lib/trade-credit-api"
import { exportPath, type ReceivablesQuery } from "../../lib/trade-credit-receivables-api"

/** "Export CSV": every document the page's filters select (not only the page shown), saved as a file. */
export const ExportButton = ({ query }: { query: ReceivablesQuery }) => {
  const { t } = useTranslation("tradeCredit")
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={busy}
      data-testid="tc-receivables-export"
      onClick={async () => {
        setBusy(true)
        try {
          await downloadDocument(exportPath(query), "receivables.csv")
        } catch (error) {
          toast.error(t("receivables.page.exportFailed"), { description: (error as Error).message })
        } finally {
          setBusy(false)
        }
      }}
    >
      <ArrowDownTray />
      {t("receivables.page.export")}
    </Button>
  )
}
