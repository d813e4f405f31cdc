import { Alert } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditOrderSummary } from "../../lib/trade-credit-api"

/** What the merchant should know first: the service could not be read, an order edit it could not follow, a
 * cancelled payment. */
export const OrderNotices = ({ summary }: { summary: TradeCreditOrderSummary }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <>
      {summary.service_error && (
        <div className="px-6 py-3">
          <Alert variant="warning" data-testid="tc-service-error">
            {t("order.serviceError")} {summary.service_error.message}
          </Alert>
        </div>
      )}
      {summary.order_edit_error && (
        <div className="px-6 py-3">
          <Alert variant="error">{t("order.orderEditError", { error: summary.order_edit_error })}</Alert>
        </div>
      )}
      {summary.payment.canceled && (
        <div className="px-6 py-3">
          <Alert variant="info">{t("order.canceled")}</Alert>
        </div>
      )}
    </>
  )
}
