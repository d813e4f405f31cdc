import { Container, Copy, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditSettings } from "../../lib/trade-credit-api"
import { SettingRow } from "./setting-row"
import { when } from "./when"

/** The webhook URL to give the service, its signing secrets (fingerprints only) and the last webhook received. */
export const WebhookSection = ({ webhook }: { webhook: TradeCreditSettings["webhook"] }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">{t("settings.webhooks.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("settings.webhooks.description")}
        </Text>
      </div>
      <SettingRow title={t("settings.webhooks.url")}>
        <Text size="small" className="font-mono break-all" data-testid="tc-webhook-url">
          {webhook.url}
        </Text>
        <Copy content={webhook.url} />
      </SettingRow>
      <SettingRow title={t("settings.webhooks.secret")}>
        <StatusBadge color={webhook.secret_configured ? "green" : "red"}>
          {webhook.secret_configured
            ? webhook.secret_fingerprints.length > 1
              ? t("settings.webhooks.secretRotating")
              : t("settings.webhooks.secretConfigured")
            : t("settings.webhooks.secretMissing")}
        </StatusBadge>
        {webhook.secret_fingerprints.length > 0 && (
          <Text size="small" className="font-mono text-ui-fg-subtle" data-testid="tc-secret-fingerprints">
            {webhook.secret_fingerprints.join(" · ")}
          </Text>
        )}
      </SettingRow>
      {webhook.secret_fingerprints.length > 1 && (
        <SettingRow title={t("settings.webhooks.lastVerifiedWith")}>
          <Text size="small" className="font-mono" data-testid="tc-last-verified-with">
            {webhook.last_verified_with
              ? `${webhook.last_verified_with} ${
                  webhook.last_verified_with === webhook.secret_fingerprints[0]
                    ? t("settings.webhooks.theFirst")
                    : t("settings.webhooks.theSecond")
                }`
              : t("settings.webhooks.notRecorded")}
          </Text>
        </SettingRow>
      )}
      <SettingRow title={t("settings.webhooks.last")}>
        <Text size="small" data-testid="tc-last-webhook">
          {webhook.last_received_at
            ? `${when(webhook.last_received_at)} · ${webhook.last_event_type}`
            : t("settings.webhooks.noneReceived")}
        </Text>
      </SettingRow>
    </Container>
  )
}
