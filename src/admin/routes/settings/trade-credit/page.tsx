import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Alert, Badge, Button, Container, Copy, Heading, Skeleton, StatusBadge, Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  unknownAtService,
  useConnectionCheck,
  useLatestReconciliationRun,
  useTradeCreditSettings,
  type TradeCreditConnectionCheck,
} from "../../../lib/trade-credit-api"
import { RegionSettingsSection } from "./region-settings"

const when = (value: string) => new Date(value).toLocaleString()

const Row = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-[1fr_2fr] items-center gap-x-4 px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>
  </div>
)

/** The outcome of a connection check, in words (the service's message as the route says it). */
const CheckResult = ({ check }: { check: TradeCreditConnectionCheck }) => {
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

/**
 * Settings → Trade credit: how the plugin is configured (environment, the API
 * key's prefix and fingerprint only), a connection check, the webhook URL to give the service
 * and when the last webhook arrived, the reconciliation job's last run, and
 * the failures the plugin recorded.
 */
const TradeCreditSettingsPage = () => {
  const { t } = useTranslation("tradeCredit")
  const { data: settings, isLoading, error } = useTradeCreditSettings()
  const check = useConnectionCheck()
  const lastRun = settings?.reconciliation.last_run
  // The last run's findings and named counts (the reconciliation route): orders the service answers 404 for.
  const { data: latestRun } = useLatestReconciliationRun()
  const unknown = latestRun && latestRun.id === lastRun?.id ? unknownAtService(latestRun) : []

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0" data-testid="tc-settings">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">{t("common.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("settings.description")}
            </Text>
          </div>
          <Button
            size="small"
            variant="secondary"
            onClick={() => check.mutate()}
            isLoading={check.isPending}
            data-testid="tc-connection-check"
          >
            {t("settings.check.button")}
          </Button>
        </div>
        {(check.data || check.error) && (
          <div className="px-6 py-4">
            {check.data ? (
              <CheckResult check={check.data} />
            ) : (
              <Alert variant="error">{t("settings.check.failed", { error: (check.error as Error).message })}</Alert>
            )}
          </div>
        )}
        {isLoading ? (
          <div className="px-6 py-4">
            <Skeleton className="h-24 w-full" />
          </div>
        ) : error || !settings ? (
          <div className="px-6 py-4">
            <Alert variant="error">
              {t("settings.loadFailed", { error: (error as Error)?.message ?? t("settings.noAnswer") })}
            </Alert>
          </div>
        ) : (
          <>
            <Row title={t("settings.environment")}>
              <Badge
                size="2xsmall"
                color={settings.environment === "production" ? "green" : "orange"}
                data-testid="tc-environment"
              >
                {settings.environment}
              </Badge>
            </Row>
            <Row title={t("settings.apiKey")}>
              <Text size="small" className="font-mono" data-testid="tc-key-prefix">
                {settings.key_prefix}
                {settings.previous_key_prefix
                  ? ` ${t("settings.keyRotating", { previous: settings.previous_key_prefix })}`
                  : ""}
              </Text>
            </Row>
            <Row title={t("settings.serviceAddress")}>
              <Text size="small" className="font-mono break-all">
                {settings.base_url}
              </Text>
            </Row>
            <Row title={t("settings.invoiceOn")}>
              <Text size="small">{settings.capture_on}</Text>
            </Row>
            <Row title={t("settings.unverifiedTtl")}>
              <Text size="small">{t("settings.hours", { count: settings.unverified_order_ttl_hours })}</Text>
            </Row>
          </>
        )}
      </Container>

      {settings && (
        <>
          <Container className="divide-y p-0">
            <div className="px-6 py-4">
              <Heading level="h2">{t("settings.webhooks.title")}</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                {t("settings.webhooks.description")}
              </Text>
            </div>
            <Row title={t("settings.webhooks.url")}>
              <Text size="small" className="font-mono break-all" data-testid="tc-webhook-url">
                {settings.webhook.url}
              </Text>
              <Copy content={settings.webhook.url} />
            </Row>
            <Row title={t("settings.webhooks.secret")}>
              <StatusBadge color={settings.webhook.secret_configured ? "green" : "red"}>
                {settings.webhook.secret_configured
                  ? settings.webhook.secret_fingerprints.length > 1
                    ? t("settings.webhooks.secretRotating")
                    : t("settings.webhooks.secretConfigured")
                  : t("settings.webhooks.secretMissing")}
              </StatusBadge>
              {settings.webhook.secret_fingerprints.length > 0 && (
                <Text size="small" className="font-mono text-ui-fg-subtle" data-testid="tc-secret-fingerprints">
                  {settings.webhook.secret_fingerprints.join(" · ")}
                </Text>
              )}
            </Row>
            {settings.webhook.secret_fingerprints.length > 1 && (
              <Row title={t("settings.webhooks.lastVerifiedWith")}>
                <Text size="small" className="font-mono" data-testid="tc-last-verified-with">
                  {settings.webhook.last_verified_with
                    ? `${settings.webhook.last_verified_with} ${
                        settings.webhook.last_verified_with === settings.webhook.secret_fingerprints[0]
                          ? t("settings.webhooks.theFirst")
                          : t("settings.webhooks.theSecond")
                      }`
                    : t("settings.webhooks.notRecorded")}
                </Text>
              </Row>
            )}
            <Row title={t("settings.webhooks.last")}>
              <Text size="small" data-testid="tc-last-webhook">
                {settings.webhook.last_received_at
                  ? `${when(settings.webhook.last_received_at)} · ${settings.webhook.last_event_type}`
                  : t("settings.webhooks.noneReceived")}
              </Text>
            </Row>
          </Container>

          <RegionSettingsSection />

          <Container className="divide-y p-0">
            <div className="px-6 py-4">
              <Heading level="h2">{t("settings.reconciliation.title")}</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                {t("settings.reconciliation.description")}
              </Text>
            </div>
            <Row title={t("settings.reconciliation.schedule")}>
              <Text size="small" className="font-mono">
                {settings.reconciliation.schedule === "off"
                  ? t("settings.reconciliation.off")
                  : settings.reconciliation.schedule}
              </Text>
            </Row>
            <Row title={t("settings.reconciliation.lastRun")}>
              {lastRun ? (
                <Text size="small" data-testid="tc-last-run">
                  {t("settings.reconciliation.run", {
                    when: when(lastRun.created_at),
                    trigger: lastRun.trigger,
                    checked: lastRun.checked,
                    repaired: lastRun.repaired,
                    failed: lastRun.failed,
                  })}
                  {latestRun && latestRun.id === lastRun.id
                    ? `, ${t("settings.reconciliation.unknownCount", { count: latestRun.unknown_at_service })}`
                    : ""}
                </Text>
              ) : (
                <Text size="small" data-testid="tc-last-run">
                  {t("settings.reconciliation.neverRun")}
                </Text>
              )}
            </Row>
            {unknown.length > 0 && (
              <div className="px-6 py-3">
                <Alert variant="warning" data-testid="tc-last-run-unknown">
                  {t("settings.reconciliation.unknownAtService", {
                    count: unknown.length,
                    orders: unknown
                      .map((f) => `${f.service_order_id ?? "?"}${f.order_id ? ` (${f.order_id})` : ""}`)
                      .join(", "),
                  })}
                </Alert>
              </div>
            )}
          </Container>

          <Container className="divide-y p-0" data-testid="tc-recent-errors">
            <div className="px-6 py-4">
              <Heading level="h2">{t("settings.errors.title")}</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                {t("settings.errors.description")}
              </Text>
            </div>
            {settings.recent_errors.length === 0 ? (
              <div className="px-6 py-4">
                <Text size="small" className="text-ui-fg-muted">
                  {t("settings.errors.none")}
                </Text>
              </div>
            ) : (
              <Table>
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell>{t("settings.errors.when")}</Table.HeaderCell>
                    <Table.HeaderCell>{t("settings.errors.source")}</Table.HeaderCell>
                    <Table.HeaderCell>{t("settings.errors.what")}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {settings.recent_errors.map((e, n) => (
                    <Table.Row key={`${e.reference}-${n}`}>
                      <Table.Cell className="whitespace-nowrap">{when(e.at)}</Table.Cell>
                      <Table.Cell>{t(`settings.errors.sources.${e.source}`, { defaultValue: e.source })}</Table.Cell>
                      <Table.Cell className="whitespace-normal py-2">
                        {e.message}
                        {e.order_id ? ` ${t("settings.errors.order", { id: e.order_id })}` : ""}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            )}
          </Container>
        </>
      )}
    </div>
  )
}

/** The settings menu's label: a key of the plugin's translations (src/admin/i18n), in the admin's language. */
export const config = defineRouteConfig({ label: "common.title", translationNs: "tradeCredit", icon: CreditCard })

export default TradeCreditSettingsPage
