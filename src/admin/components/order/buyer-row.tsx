import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditOrderSummary } from "../../lib/trade-credit-api"
import { DetailRow } from "../common/detail-row"

/** The buyer's company as the service knows it: its name (or id), and its country and number. */
export const BuyerRow = ({ company }: { company: TradeCreditOrderSummary["company"] }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <DetailRow title={t("order.buyer")}>
      {company ? (
        <div className="min-w-0">
          <Text size="small" className="truncate" data-testid="tc-company">
            {company.name ?? company.canonical_id ?? "-"}
          </Text>
          {company.organization_number && (
            <Text size="xsmall" className="text-ui-fg-muted">
              {company.country ? `${company.country} ` : ""}
              {company.organization_number}
            </Text>
          )}
        </div>
      ) : (
        <Text size="small">-</Text>
      )}
    </DetailRow>
  )
}
