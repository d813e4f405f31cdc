import { Alert, Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { type ReconciliationRun, type TradeCreditSettings, unknownAtService } from "../../lib/trade-credit-api"
import { SettingRow } from "./setting-row"
import { when } from "./when"

/** The reconciliation job: its schedule, its last run, and the orders that run found unknown at the service. */
export const ReconciliationSection = ({
  reconciliation,
  latestRun,
}: {
  reconciliation: TradeCreditSettings["reconciliation"]
  /** The newest run with its findings and named counts (the reconciliation route), read with the page. */
  latestRun: ReconciliationRun | null | undefined
}) => {
  const { t } = useTranslation("tradeCredit")
  const lastRun = reconciliation.last_run
  // The last run's findings: orders the service answers 404 for.
  const unknown = latestRun && latestRun.id === lastRun?.id ? unknownAtService(latestRun) : []
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">{t("settings.reconciliation.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("settings.reconciliation.description")}
        </Text>
      </div>
      <SettingRow title={t("settings.reconciliation.schedule")}>
        <Text size="small" className="font-mono">
          {reconciliation.schedule === "off" ? t("settings.reconciliation.off") : reconciliation.schedule}
        </Text>
      </SettingRow>
      <SettingRow title={t("settings.reconciliation.lastRun")}>
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
      </SettingRow>
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
  )
}
