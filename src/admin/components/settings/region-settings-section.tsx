import { Alert, Container, Heading, Select, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useRegionSettings } from "../../lib/trade-credit-api"
import { RegionChanges } from "./region-changes"
import { RegionSettingsForm } from "./region-settings-form"
import { useRegionChoice } from "./use-region-choice"

/**
 * Settings → Trade credit, per region: whether pay by invoice and instalments are offered, the order amounts they are
 * offered for and the invoice terms, with the list of changes (who, when, from what, to what).
 */
export const RegionSettingsSection = () => {
  const { t } = useTranslation("tradeCredit")
  const { regions, regionId, setRegionId } = useRegionChoice()
  const settings = useRegionSettings(regionId)
  return (
    <Container className="divide-y p-0" data-testid="tc-region-settings">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("regions.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("regions.description")}
          </Text>
        </div>
        {regions.data && regions.data.length > 0 && (
          <div className="w-56">
            <Select value={regionId} onValueChange={setRegionId}>
              <Select.Trigger data-testid="tc-region-select">
                <Select.Value placeholder={t("regions.region")} />
              </Select.Trigger>
              <Select.Content>
                {regions.data.map((region) => (
                  <Select.Item key={region.id} value={region.id}>
                    {region.name} ({region.currency_code.toUpperCase()})
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
        )}
      </div>
      {settings.error ? (
        <div className="px-6 py-4">
          <Alert variant="error">{t("regions.loadFailed", { error: (settings.error as Error).message })}</Alert>
        </div>
      ) : settings.data ? (
        <>
          <RegionSettingsForm key={settings.data.region.id} answer={settings.data} />
          <RegionChanges changes={settings.data.changes} />
        </>
      ) : null}
    </Container>
  )
}
