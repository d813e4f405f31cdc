import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Alert, Badge, Button, Container, Copy, Heading, Skeleton, StatusBadge, Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useConnectionCheck, useTradeCreditSettings, type TradeCreditConnectionCheck } from "../../../lib/trade-credit-api"
import { RegionSettingsSection } from "./region-settings"

const when = (value: string | null | undefined) => (value ? new Date(value).toLocaleString() : "never")

const Row = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-[1fr_2fr] items-center gap-x-4 px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>
  </div>
)

const SOURCES: Record<string, string> = { webhook: "Webhook", reconciliation: "Reconciliation", order_edit: "Order edit" }

/** The outcome of a connection check, in words. */
const CheckResult = ({ check }: { check: TradeCreditConnectionCheck }) => (
  <Alert variant={check.ok ? "success" : "error"} data-testid="tc-connection-result">
    <div className="flex flex-col gap-y-1">
      <Text size="small" weight="plus">
        {check.ok ? "Connected" : "Not connected"}
        {check.reason ? ` (${check.reason})` : ""}
      </Text>
      <Text size="small">{check.message}</Text>
      <Text size="xsmall" className="text-ui-fg-muted">
        Key {check.key_accepted === true ? "accepted" : check.key_accepted === false ? "refused" : "not checked (no answer)"}
        {check.status ? ` · HTTP ${check.status}` : ""} · {check.duration_ms} ms · {check.environment} · {check.key_prefix}
      </Text>
    </div>
  </Alert>
)

/**
 * Settings → Trade credit: how the plugin is configured (environment, the API
 * key's prefix only), a connection check, the webhook URL to give the service
 * and when the last webhook arrived, the reconciliation job's last run, and
 * the failures the plugin recorded.
 */
const TradeCreditSettingsPage = () => {
  const { data: settings, isLoading, error } = useTradeCreditSettings()
  const check = useConnectionCheck()

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0" data-testid="tc-settings">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">Trade credit</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              B2B invoice and instalment payments through the trade credit service.
            </Text>
          </div>
          <Button size="small" variant="secondary" onClick={() => check.mutate()} isLoading={check.isPending} data-testid="tc-connection-check">
            Check connection
          </Button>
        </div>
        {(check.data || check.error) && (
          <div className="px-6 py-4">
            {check.data ? (
              <CheckResult check={check.data} />
            ) : (
              <Alert variant="error">The connection check could not run: {(check.error as Error).message}</Alert>
            )}
          </div>
        )}
        {isLoading ? (
          <div className="px-6 py-4">
            <Skeleton className="h-24 w-full" />
          </div>
        ) : error || !settings ? (
          <div className="px-6 py-4">
            <Alert variant="error">Could not load the trade credit settings: {(error as Error)?.message ?? "no answer"}</Alert>
          </div>
        ) : (
          <>
            <Row title="Environment">
              <Badge size="2xsmall" color={settings.environment === "production" ? "green" : "orange"} data-testid="tc-environment">
                {settings.environment}
              </Badge>
            </Row>
            <Row title="API key">
              <Text size="small" className="font-mono" data-testid="tc-key-prefix">
                {settings.key_prefix}
                {settings.previous_key_prefix ? ` (rotating: the previous key ${settings.previous_key_prefix} is accepted too)` : ""}
              </Text>
            </Row>
            <Row title="Service address">
              <Text size="small" className="font-mono break-all">
                {settings.base_url}
              </Text>
            </Row>
            <Row title="Invoice on">
              <Text size="small">{settings.capture_on}</Text>
            </Row>
            <Row title="Unverified orders expire after">
              <Text size="small">{settings.unverified_order_ttl_hours} hours</Text>
            </Row>
          </>
        )}
      </Container>

      {settings && (
        <>
          <Container className="divide-y p-0">
            <div className="px-6 py-4">
              <Heading level="h2">Webhooks</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                Give the service this address in its merchant portal.
              </Text>
            </div>
            <Row title="Webhook URL">
              <Text size="small" className="font-mono break-all" data-testid="tc-webhook-url">
                {settings.webhook.url}
              </Text>
              <Copy content={settings.webhook.url} />
            </Row>
            <Row title="Signing secret">
              <StatusBadge color={settings.webhook.secret_configured ? "green" : "red"}>
                {settings.webhook.secret_configured
                  ? settings.webhook.secret_fingerprints.length > 1
                    ? "Two configured: rotation in progress"
                    : "Configured"
                  : "Missing: webhooks are ignored"}
              </StatusBadge>
              {settings.webhook.secret_fingerprints.length > 0 && (
                <Text size="small" className="font-mono text-ui-fg-subtle" data-testid="tc-secret-fingerprints">
                  {settings.webhook.secret_fingerprints.join(" · ")}
                </Text>
              )}
            </Row>
            {settings.webhook.secret_fingerprints.length > 1 && (
              <Row title="Last verified with">
                <Text size="small" className="font-mono" data-testid="tc-last-verified-with">
                  {settings.webhook.last_verified_with
                    ? `${settings.webhook.last_verified_with}${
                        settings.webhook.last_verified_with === settings.webhook.secret_fingerprints[0] ? " (the first)" : " (the second)"
                      }`
                    : "Not recorded yet"}
                </Text>
              </Row>
            )}
            <Row title="Last webhook">
              <Text size="small" data-testid="tc-last-webhook">
                {settings.webhook.last_received_at
                  ? `${when(settings.webhook.last_received_at)} · ${settings.webhook.last_event_type}`
                  : "None received yet"}
              </Text>
            </Row>
          </Container>

          <RegionSettingsSection />

          <Container className="divide-y p-0">
            <div className="px-6 py-4">
              <Heading level="h2">Reconciliation</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                Compares Medusa's trade credit payments with the service and repairs what a missed webhook left behind.
              </Text>
            </div>
            <Row title="Schedule">
              <Text size="small" className="font-mono">
                {settings.reconciliation.schedule === "off" ? "off (run from an order's Re-sync)" : settings.reconciliation.schedule}
              </Text>
            </Row>
            <Row title="Last run">
              {settings.reconciliation.last_run ? (
                <Text size="small" data-testid="tc-last-run">
                  {when(settings.reconciliation.last_run.created_at)} ({settings.reconciliation.last_run.trigger}): checked{" "}
                  {settings.reconciliation.last_run.checked}, repaired {settings.reconciliation.last_run.repaired}, failed{" "}
                  {settings.reconciliation.last_run.failed}
                </Text>
              ) : (
                <Text size="small" data-testid="tc-last-run">
                  Never run
                </Text>
              )}
            </Row>
          </Container>

          <Container className="divide-y p-0" data-testid="tc-recent-errors">
            <div className="px-6 py-4">
              <Heading level="h2">Recent errors</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                Failed webhook deliveries, reconciliation items and order edits the service could not follow.
              </Text>
            </div>
            {settings.recent_errors.length === 0 ? (
              <div className="px-6 py-4">
                <Text size="small" className="text-ui-fg-muted">
                  No errors recorded.
                </Text>
              </div>
            ) : (
              <Table>
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell>When</Table.HeaderCell>
                    <Table.HeaderCell>Source</Table.HeaderCell>
                    <Table.HeaderCell>What happened</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {settings.recent_errors.map((e, n) => (
                    <Table.Row key={`${e.reference}-${n}`}>
                      <Table.Cell className="whitespace-nowrap">{when(e.at)}</Table.Cell>
                      <Table.Cell>{SOURCES[e.source] ?? e.source}</Table.Cell>
                      <Table.Cell className="whitespace-normal py-2">
                        {e.message}
                        {e.order_id ? ` (order ${e.order_id})` : ""}
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

export const config = defineRouteConfig({ label: "Trade credit", icon: CreditCard })

export default TradeCreditSettingsPage
