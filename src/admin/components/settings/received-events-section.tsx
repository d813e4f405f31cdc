import { Alert, Container, Heading, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useReceivedEvents } from "../../lib/trade-credit-receivables-api"
import { when } from "./when"

/**
 * The events the service sent that the plugin acknowledges without acting on them (credit lines, workflows, payee
 * accounts): each type with how many arrived and when the last did, so none is dropped silently.
 */
export const ReceivedEventsSection = () => {
  const { t } = useTranslation("tradeCredit")
  const { data, error } = useReceivedEvents()
  const events = data?.received_events ?? []
  return (
    <Container className="divide-y p-0" data-testid="tc-received-events">
      <div className="px-6 py-4">
        <Heading level="h2">{t("settings.receivedEvents.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("settings.receivedEvents.description")}
        </Text>
      </div>
      {error ? (
        <div className="px-6 py-4">
          <Alert variant="error">{t("settings.receivedEvents.loadFailed", { error: (error as Error).message })}</Alert>
        </div>
      ) : events.length === 0 ? (
        <div className="px-6 py-4">
          <Text size="small" className="text-ui-fg-muted">
            {t("settings.receivedEvents.none")}
          </Text>
        </div>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("settings.receivedEvents.type")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("settings.receivedEvents.count")}</Table.HeaderCell>
              <Table.HeaderCell>{t("settings.receivedEvents.last")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {events.map((event) => (
              <Table.Row key={event.type} data-testid="tc-received-event">
                <Table.Cell className="font-mono">{event.type}</Table.Cell>
                <Table.Cell className="text-right">{event.count}</Table.Cell>
                <Table.Cell className="whitespace-nowrap">{when(event.last_received_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
