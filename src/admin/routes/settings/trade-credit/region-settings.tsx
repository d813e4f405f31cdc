import { Alert, Button, Container, Heading, Input, Label, Select, Switch, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { type RegionSettingsAnswer, useCustomerGroups, useRegions, useRegionSettings, useSaveRegionSettings } from "../../../lib/trade-credit-api"

const FIELD_NAMES: Record<string, string> = {
  offered: "Pay by invoice offered",
  instalments_offered: "Instalments offered",
  min_order_amount: "Minimum order",
  max_order_amount: "Maximum order",
  invoice_terms_days: "Invoice terms (days)",
  instalment_periods: "Instalment months offered",
  invoice_terms_overrides: "Terms per group or customer",
}

type Override = RegionSettingsAnswer["settings"]["invoice_terms_overrides"][number]
const targetOf = (o: Override) => ("customer_id" in o ? o.customer_id : o.customer_group_id)

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return "none"
  if (value === true) return "yes"
  if (value === false) return "no"
  if (Array.isArray(value)) {
    if (!value.length) return "none"
    return value.map((v) => (typeof v === "object" && v ? `${targetOf(v as Override)}: ${(v as Override).invoice_terms_days} days` : String(v))).join(", ")
  }
  return String(value)
}

/** "3, 6, 12" → [3, 6, 12]; empty → null (every number the credit check allows); anything else is sent as is for the route to refuse. */
const periodsOf = (text: string): number[] | null => (text.trim() ? text.split(/[\s,]+/).filter(Boolean).map(Number) : null)

/** The terms per customer group or customer: a row each, a group picked from the store's groups or a customer id. */
const OverridesEditor = ({ rows, onChange }: { rows: { kind: "group" | "customer"; target: string; days: string }[]; onChange: (rows: { kind: "group" | "customer"; target: string; days: string }[]) => void }) => {
  const groups = useCustomerGroups()
  const set = (i: number, patch: Partial<(typeof rows)[number]>) => onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  return (
    <div className="flex flex-col gap-y-2" data-testid="tc-terms-overrides">
      <Label>{FIELD_NAMES.invoice_terms_overrides}</Label>
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-x-2">
          {row.kind === "group" ? (
            <div className="w-56">
              <Select value={row.target} onValueChange={(target) => set(i, { target })}>
                <Select.Trigger data-testid={`tc-override-group-${i}`}>
                  <Select.Value placeholder="Customer group" />
                </Select.Trigger>
                <Select.Content>
                  {(groups.data ?? []).map((group) => (
                    <Select.Item key={group.id} value={group.id}>
                      {group.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          ) : (
            <Input className="w-56" placeholder="Customer id (cus_…)" value={row.target} onChange={(e) => set(i, { target: e.target.value })} data-testid={`tc-override-customer-${i}`} />
          )}
          <Input className="w-24" placeholder="days" value={row.days} onChange={(e) => set(i, { days: e.target.value })} data-testid={`tc-override-days-${i}`} />
          <Button size="small" variant="transparent" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <div className="flex gap-x-2">
        <Button size="small" variant="secondary" onClick={() => onChange([...rows, { kind: "group", target: "", days: "" }])} data-testid="tc-add-group-terms">
          Add terms for a group
        </Button>
        <Button size="small" variant="secondary" onClick={() => onChange([...rows, { kind: "customer", target: "", days: "" }])}>
          Add terms for a customer
        </Button>
      </div>
    </div>
  )
}

/** The edit form of one region's settings: what is offered, the order amounts, the invoice terms. */
const RegionSettingsForm = ({ answer }: { answer: RegionSettingsAnswer }) => {
  const save = useSaveRegionSettings(answer.region.id)
  const [form, setForm] = useState(() => ({
    offered: answer.settings.offered,
    instalments_offered: answer.settings.instalments_offered,
    min_order_amount: answer.settings.min_order_amount ?? "",
    max_order_amount: answer.settings.max_order_amount ?? "",
    invoice_terms_days: answer.settings.invoice_terms_days === null ? "" : String(answer.settings.invoice_terms_days),
    instalment_periods: (answer.settings.instalment_periods ?? []).join(", "),
    overrides: answer.settings.invoice_terms_overrides.map((o) => ({
      kind: "customer_id" in o ? ("customer" as const) : ("group" as const),
      target: targetOf(o),
      days: String(o.invoice_terms_days),
    })),
  }))
  const currency = answer.region.currency_code.toUpperCase()
  const submit = () =>
    save.mutate({
      offered: form.offered,
      instalments_offered: form.instalments_offered,
      min_order_amount: form.min_order_amount.trim() || null,
      max_order_amount: form.max_order_amount.trim() || null,
      invoice_terms_days: form.invoice_terms_days.trim() ? Number(form.invoice_terms_days) : null,
      instalment_periods: periodsOf(form.instalment_periods),
      invoice_terms_overrides: form.overrides.map((row) =>
        row.kind === "customer"
          ? { customer_id: row.target.trim(), invoice_terms_days: Number(row.days) }
          : { customer_group_id: row.target, invoice_terms_days: Number(row.days) }
      ),
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
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-periods">{FIELD_NAMES.instalment_periods}</Label>
        <Input
          id="tc-periods"
          placeholder="all the credit check allows, e.g. 3, 6, 12"
          value={form.instalment_periods}
          onChange={(e) => setForm({ ...form, instalment_periods: e.target.value })}
        />
      </div>
      <OverridesEditor rows={form.overrides} onChange={(overrides) => setForm({ ...form, overrides })} />
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
