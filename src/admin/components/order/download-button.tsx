import { ArrowDownTray } from "@medusajs/icons"
import { Button, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { downloadDocument } from "../../lib/trade-credit-api"

/** A button that downloads one PDF (invoice or credit note) and says plainly why it could not. */
export const DownloadButton = ({
  path,
  document,
  number,
}: {
  path: string
  document: "invoice" | "creditNote"
  number: string
}) => {
  const { t } = useTranslation("tradeCredit")
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      variant="transparent"
      isLoading={busy}
      aria-label={t(`order.download.${document}`, { number })}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadDocument(path, `${document === "invoice" ? "invoice" : "credit note"} ${number}.pdf`)
        } catch (error) {
          toast.error(t(`order.download.${document}Failed`, { number }), { description: (error as Error).message })
        } finally {
          setBusy(false)
        }
      }}
    >
      <ArrowDownTray />
      {t("order.download.button")}
    </Button>
  )
}
