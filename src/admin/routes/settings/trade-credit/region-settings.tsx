import { Alert, Button, Container, Heading, Input, Label, Select, Switch, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { type RegionSettingsAnswer, useRegions, useRegionSettings, useSaveRegionSettings } from "../../../lib/trade-credit-api"

const FIELD_NAMES: Record<string, string> = {
  offered: "Pay by invoice offered",
  instalments_offered: "Instalments offered",
  min_order_amount: "Minimum order",
  max_order_amount: "Maximum order",
  invoice_terms_days: "Invoice terms (days)",
}

const shown = (value: unknown) => (value === null || value === undefined ? "none" : value === true ? "yes" : value === false ? "no" : String(value))

/** The edit form of one region's settings: what is offered, the order amounts, the invoice terms. */
const RegionSettingsForm = ({ answer }: { answer: RegionSettingsAnswer }) => {
  const save = useSaveRegionSettings(answer.region.id)
  const [form, setForm] = useState(() => ({
    offered: answer.settings.offered,
    instalments_offered: answer.settings.instalments_offered,
    min_order_amount: answer.settings.min_order_amount ?? "",
    max_order_amount: answer.settings.max_order_amount ?? "",
    invoice_terms_days: answer.settings.invoice_terms_days === null ? "" : String(answer.settings.invoice_terms_days),
  }))
  const currency = answer.region.currency_code.toUpperCase()
  const submit = () =>
    save.mutate({
      offered: form.offered,
      instalments_offered: form.instalments_offered,
      min_order_amount: form.min_order_amount.trim() || null,
      max_order_amount: form.max_order_amount.trim() || null,
      invoice_terms_days: form.invoice_terms_days.trim() ? Number(form.invoice_terms_days) : null,
    })
  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="tc-region-form">
      <div className="flex items-center gap-x-6">
        <div className="flex items-center gap-x-2">
          <Switch id="tc-offered" checked={form.offered} onCheckedChange={(offered) => setForm({ ...form, offered })} />
          <Label htmlFor="tc-offered">{FIELD_NAMES.offered}</Label>
        </div>
        <div className="flex items-center gap-x-2">
          <Switch id="tc-instalments-offered" checked={form.instalments_offered} onCheckedChange={(value) => setForm({ ...form, instalments_offered: value })} />
          <Label htmlFor="tc-instalments-offered">{FIELD_NAMES.instalments_offered}</Label>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-x-4">
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-min-order">{FIELD_NAMES.min_order_amount} ({currency})</Label>
          <Input id="tc-min-order" placeholder="none" value={form.min_order_amount} onChange={(e) => setForm({ ...form, min_order_amount: e.target.value })} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-max-order">{FIELD_NAMES.max_order_amount} ({currency})</Label>
          <Input id="tc-max-order" placeholder="none" value={form.max_order_amount} onChange={(e) => setForm({ ...form, max_order_amount: e.target.value })} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-terms">{FIELD_NAMES.invoice_terms_days}</Label>
          <Input id="tc-terms" placeholder="the service's default" value={form.invoice_terms_days} onChange={(e) => setForm({ ...form, invoice_terms_days: e.target.value })} />
        </div>
      </div>
      {save.error && (
        <Alert variant="error" data-testid="tc-region-error">
          {(save.error as Error).message}
        </Alert>
      )}
      <div className="flex items-center gap-x-3">
        <Button size="small" onClick={submit} isLoading={save.isPending} data-testid="tc-region-save">
          Save
        </Button>
        {save.isSuccess && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="tc-region-saved">
            Saved: checkouts in {answer.region.name} follow it now.
          </Text>
        )}
      </div>
    </div>
  )
}

/**
 * Settings → Trade credit, per region: whether pay by invoice and instalments are offered, the order amounts they are
 * offered for and the invoice terms, with the list of changes (who, when, from what, to what).
 */
export const RegionSettingsSection = () => {
  const regions = useRegions()
  const [regionId, setRegionId] = useState<string>()
  useEffect(() => {
    if (!regionId && regions.data?.length) setRegionId(regions.data[0].id)
  }, [regions.data, regionId])
  const settings = useRegionSettings(regionId)
  return (
    <Container className="divide-y p-0" data-testid="tc-region-settings">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">Regions</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            What is offered where, for which order amounts, and the invoice terms.
          </Text>
        </div>
        {regions.data && regions.data.length > 0 && (
          <div className="w-56">
            <Select value={regionId} onValueChange={setRegionId}>
              <Select.Trigger data-testid="tc-region-select">
                <Select.Value placeholder="Region" />
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
          <Alert variant="error">Could not load the region's settings: {(settings.error as Error).message}</Alert>
        </div>
      ) : settings.data ? (
        <>
          <RegionSettingsForm key={settings.data.region.id} answer={settings.data} />
          <div className="px-6 py-4">
            <Text size="small" weight="plus">
              Changes
            </Text>
          </div>
          {settings.data.changes.length === 0 ? (
            <div className="px-6 py-4">
              <Text size="small" className="text-ui-fg-muted">
                No changes yet: the defaults apply.
              </Text>
            </div>
          ) : (
            <Table data-testid="tc-region-changes">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>When</Table.HeaderCell>
                  <Table.HeaderCell>Setting</Table.HeaderCell>
                  <Table.HeaderCell>From</Table.HeaderCell>
                  <Table.HeaderCell>To</Table.HeaderCell>
                  <Table.HeaderCell>By</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {settings.data.changes.map((change) => (
                  <Table.Row key={change.id}>
                    <Table.Cell className="whitespace-nowrap">{new Date(change.at).toLocaleString()}</Table.Cell>
                    <Table.Cell>{FIELD_NAMES[change.field] ?? change.field}</Table.Cell>
                    <Table.Cell>{shown(change.old_value)}</Table.Cell>
                    <Table.Cell>{shown(change.new_value)}</Table.Cell>
                    <Table.Cell className="font-mono">{change.actor_id ?? "?"}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </>
      ) : null}
    </Container>
  )
}
