import { Alert, Skeleton, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import { DocumentLifeItem } from "./document-life-item"

/** The order's documents after the sale (invoices, credit notes, instalment invoices, statements) and their lives. */
export const ReceivablesSection = ({
  docs,
  error,
}: {
  docs: TradeCreditReceivable[] | undefined
  error: Error | null
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="px-6 py-4" data-testid="tc-receivables">
      <Text size="small" weight="plus" className="text-ui-fg-subtle mb-2">
        {t("receivables.life.title")}
      </Text>
      {error ? (
        <Alert variant="error">{t("receivables.life.loadFailed", { error: error.message })}</Alert>
      ) : !docs ? (
        <Skeleton className="h-5 w-48" />
      ) : !docs.length ? (
        <Text size="small" className="text-ui-fg-muted">
          {t("receivables.life.none")}
        </Text>
      ) : (
        <ul className="flex flex-col gap-y-3">
          {docs.map((doc) => (
            <DocumentLifeItem key={doc.id} doc={doc} />
          ))}
        </ul>
      )}
    </div>
  )
}
