import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditSettings } from "../../lib/trade-credit-api"
import { SettingRow } from "./setting-row"

/** How the plugin is configured: the environment, the API key's display form, the service, the invoice moment, how
 * long an unverified order is kept, and the payment providers by name and Medusa's id. */
export const ConfigurationRows = ({ settings }: { settings: TradeCreditSettings }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <>
      <SettingRow title={t("settings.environment")}>
        <Badge
          size="2xsmall"
          color={settings.environment === "production" ? "green" : "orange"}
          data-testid="tc-environment"
        >
          {settings.environment}
        </Badge>
      </SettingRow>
      <SettingRow title={t("settings.apiKey")}>
        <Text size="small" className="font-mono" data-testid="tc-key-prefix">
          {settings.key_prefix}
          {settings.previous_key_prefix
            ? ` ${t("settings.keyRotating", { previous: settings.previous_key_prefix })}`
            : ""}
        </Text>
      </SettingRow>
      <SettingRow title={t("settings.serviceAddress")}>
        <Text size="small" className="font-mono break-all">
          {settings.base_url}
        </Text>
      </SettingRow>
      <SettingRow title={t("settings.invoiceOn")}>
        <Text size="small">{settings.capture_on}</Text>
      </SettingRow>
      <SettingRow title={t("settings.unverifiedTtl")}>
        <Text size="small">{t("settings.hours", { count: settings.unverified_order_ttl_hours })}</Text>
      </SettingRow>
      {/* Medusa's own pages show a provider by its id (no hook names it): the merchant reads here which is which. */}
      <SettingRow title={t("settings.paymentProviders")}>
        <div className="flex flex-col items-end gap-y-1" data-testid="tc-payment-providers">
          {settings.payment_providers.map((p) => (
            <Text size="small" key={p.id}>
              {t(`common.provider.${p.kind}`)} <span className="text-ui-fg-muted font-mono">{p.id}</span>
            </Text>
          ))}
        </div>
      </SettingRow>
    </>
  )
}
