import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { ConfigurationSection } from "../../../components/settings/configuration-section"
import { ReceivedEventsSection } from "../../../components/settings/received-events-section"
import { RecentErrorsSection } from "../../../components/settings/recent-errors-section"
import { ReconciliationSection } from "../../../components/settings/reconciliation-section"
import { RegionSettingsSection } from "../../../components/settings/region-settings-section"
import { WebhookSection } from "../../../components/settings/webhook-section"
import { useLatestReconciliationRun, useTradeCreditSettings } from "../../../lib/trade-credit-api"

/**
 * Settings → Trade credit: how the plugin is configured (environment, the API
 * key's prefix and fingerprint only), a connection check, the webhook URL to give the service
 * and when the last webhook arrived, the per-region settings, the reconciliation job's last run,
 * the failures the plugin recorded, and the events received but not acted on.
 */
const TradeCreditSettingsPage = () => {
  const { data: settings, isLoading, error } = useTradeCreditSettings()
  // Read with the settings, not after them: the reconciliation section shows the newest run's findings.
  const { data: latestRun } = useLatestReconciliationRun()

  return (
    <div className="flex flex-col gap-y-3">
      <ConfigurationSection settings={settings} isLoading={isLoading} error={error} />
      {settings && (
        <>
          <WebhookSection webhook={settings.webhook} />
          <RegionSettingsSection />
          <ReconciliationSection reconciliation={settings.reconciliation} latestRun={latestRun} />
          <RecentErrorsSection errors={settings.recent_errors} />
          <ReceivedEventsSection />
        </>
      )}
    </div>
  )
}

/** The settings menu's label: a key of the plugin's translations (src/admin/i18n), in the admin's language. */
export const config = defineRouteConfig({ label: "common.title", translationNs: "tradeCredit", icon: CreditCard })

export default TradeCreditSettingsPage
