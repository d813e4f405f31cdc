import { Alert, Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { type TradeCreditSettings, useConnectionCheck } from "../../lib/trade-credit-api"
import { ConfigurationRows } from "./configuration-rows"
import { ConnectionCheckResult } from "./connection-check-result"

/** The page's first section: its title, the connection check and its outcome, and how the plugin is configured. */
export const ConfigurationSection = ({
  settings,
  isLoading,
  error,
}: {
  settings: TradeCreditSettings | undefined
  isLoading: boolean
  error: unknown
}) => {
  const { t } = useTranslation("tradeCredit")
  const check = useConnectionCheck()
  return (
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
            <ConnectionCheckResult check={check.data} />
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
        <ConfigurationRows settings={settings} />
      )}
    </Container>
  )
}
