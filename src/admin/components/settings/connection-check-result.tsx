import { Alert, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditConnectionCheck } from "../../lib/trade-credit-api"

/** The outcome of a connection check, in words (the service's message as the route says it). */
export const ConnectionCheckResult = ({ check }: { check: TradeCreditConnectionCheck }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <Alert variant={check.ok ? "success" : "error"} data-testid="tc-connection-result">
      <div className="flex flex-col gap-y-1">
        <Text size="small" weight="plus">
          {check.ok ? t("settings.check.connected") : t("settings.check.notConnected")}
          {check.reason ? ` (${check.reason})` : ""}
        </Text>
        <Text size="small">{check.message}</Text>
        <Text size="xsmall" className="text-ui-fg-muted">
          {check.key_accepted === true
            ? t("settings.check.keyAccepted")
            : check.key_accepted === false
              ? t("settings.check.keyRefused")
              : t("settings.check.keyNotChecked")}
          {check.status ? ` · HTTP ${check.status}` : ""} · {check.duration_ms} ms · {check.environment} ·{" "}
          {check.key_prefix}
        </Text>
      </div>
    </Alert>
  )
}
