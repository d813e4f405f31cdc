import { Alert, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import { useIntlFormat } from "../common/intl-format"
import { documentName, isRecoursed } from "../receivables/document-life"

/**
 * At the top of the order widget, impossible to miss: each document the service handed back to the merchant
 * (recourse), with the amount the merchant now bears.
 */
export const RecourseAlert = ({ docs }: { docs: TradeCreditReceivable[] }) => {
  const { t } = useTranslation("tradeCredit")
  const fmt = useIntlFormat()
  const recoursed = docs.filter(isRecoursed)
  if (!recoursed.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-3">
      {recoursed.map((doc) => (
        <Alert key={doc.id} variant="error" data-testid="tc-recourse-alert">
          <Text size="small" weight="plus">
            {t("receivables.recourse.title", {
              amount: fmt.money((doc.recoursed_amount ?? doc.amount).replace(/^-/, ""), doc.currency_code),
            })}
          </Text>
          <Text size="small">{t("receivables.recourse.description", { document: documentName(t, doc) })}</Text>
        </Alert>
      ))}
    </div>
  )
}
