import { Container, Heading, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditSettings } from "../../lib/trade-credit-api"
import { when } from "./when"

/** The failures the plugin recorded (webhooks, reconciliation, order edits), newest first. */
export const RecentErrorsSection = ({ errors }: { errors: TradeCreditSettings["recent_errors"] }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <Container className="divide-y p-0" data-testid="tc-recent-errors">
      <div className="px-6 py-4">
        <Heading level="h2">{t("settings.errors.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("settings.errors.description")}
        </Text>
      </div>
      {errors.length === 0 ? (
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
            {errors.map((e, n) => (
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
  )
}
