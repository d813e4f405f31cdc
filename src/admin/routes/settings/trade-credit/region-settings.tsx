import { Alert, Button, Container, Heading, Input, Label, Select, Switch, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { CAPTURE_ON, type CaptureOn } from "../../../../core/order/capture-on"
import { INVOICE_LANGUAGES, type InvoiceLanguage } from "../../../../core/order/invoice-language"
import {
  type RegionSettingsAnswer,
  useCustomerGroups,
  useRegions,
  useRegionSettings,
  useSaveRegionSettings,
} from "../../../lib/trade-credit-api"

/*
 * The settings' names, in the form and in the list of changes, are the translations' `regions.fields.<setting>`
 * (src/admin/i18n): a setting without one is listed by its own name.
 */

type Override = RegionSettingsAnswer["settings"]["invoice_terms_overrides"][number]
const targetOf = (o: Override) => ("customer_id" in o ? o.customer_id : o.customer_group_id)

/** "3, 6, 12" → [3, 6, 12]; empty → null (every number the credit check allows); anything else is sent as is for the
 * route to refuse. */
const periodsOf = (text: string): number[] | null =>
  text.trim()
    ? text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number)
    : null

/** The invoice language select's value for "none set: each order's language". */
const AUTO = "auto"

/** The terms per customer group or customer: a row each, a group picked from the store's groups or a customer id. */
const OverridesEditor = ({
  rows,
  onChange,
}: {
  rows: { kind: "group" | "customer"; target: string; days: string }[]
  onChange: (rows: { kind: "group" | "customer"; target: string; days: string }[]) => void
}) => {
  const { t } = useTranslation("tradeCredit")
  const groups = useCustomerGroups()
  const set = (i: number, patch: Partial<(typeof rows)[number]>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  return (
    <div className="flex flex-col gap-y-2" data-testid="tc-terms-overrides">
      <Label>{t("regions.fields.invoice_terms_overrides")}</Label>
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-x-2">
          {row.kind === "group" ? (
            <div className="w-56">
              <Select value={row.target} onValueChange={(target) => set(i, { target })}>
                <Select.Trigger data-testid={`tc-override-group-${i}`}>
                  <Select.Value placeholder={t("regions.customerGroup")} />
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
            <Input
              className="w-56"
              placeholder={t("regions.customerId")}
              value={row.target}
              onChange={(e) => set(i, { target: e.target.value })}
              data-testid={`tc-override-customer-${i}`}
            />
          )}
          <Input
            className="w-24"
            placeholder={t("regions.days")}
            value={row.days}
            onChange={(e) => set(i, { days: e.target.value })}
            data-testid={`tc-override-days-${i}`}
          />
          <Button size="small" variant="transparent" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            {t("regions.remove")}
          </Button>
        </div>
      ))}
      <div className="flex gap-x-2">
        <Button
          size="small"
          variant="secondary"
          onClick={() => onChange([...rows, { kind: "group", target: "", days: "" }])}
          data-testid="tc-add-group-terms"
        >
          {t("regions.addGroupTerms")}
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => onChange([...rows, { kind: "customer", target: "", days: "" }])}
        >
          {t("regions.addCustomerTerms")}
        </Button>
      </div>
    </div>
  )
}

/** The edit form of one region's settings: what is offered, the order amounts, the invoice terms. */
const RegionSettingsForm = ({ answer }: { answer: RegionSettingsAnswer }) => {
  const { t } = useTranslation("tradeCredit")
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
    capture_on: answer.settings.capture_on,
    invoice_language: (answer.settings.invoice_language ?? AUTO) as InvoiceLanguage | typeof AUTO,
    hide_when_declined: answer.settings.hide_when_declined,
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
          : { customer_group_id: row.target, invoice_terms_days: Number(row.days) },
      ),
      // Sent only when changed here: a region left as it was keeps following the provider options' captureOn.
      ...(form.capture_on !== answer.settings.capture_on && { capture_on: form.capture_on }),
      invoice_language: form.invoice_language === AUTO ? null : form.invoice_language,
      hide_when_declined: form.hide_when_declined,
    })
  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="tc-region-form">
      <div className="flex items-center gap-x-6">
        <div className="flex items-center gap-x-2">
          <Switch id="tc-offered" checked={form.offered} onCheckedChange={(offered) => setForm({ ...form, offered })} />
          <Label htmlFor="tc-offered">{t("regions.fields.offered")}</Label>
        </div>
        <div className="flex items-center gap-x-2">
          <Switch
            id="tc-instalments-offered"
            checked={form.instalments_offered}
            onCheckedChange={(value) => setForm({ ...form, instalments_offered: value })}
          />
          <Label htmlFor="tc-instalments-offered">{t("regions.fields.instalments_offered")}</Label>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-x-4">
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-min-order">
            {t("regions.fields.min_order_amount")} ({currency})
          </Label>
          <Input
            id="tc-min-order"
            placeholder={t("regions.none")}
            value={form.min_order_amount}
            onChange={(e) => setForm({ ...form, min_order_amount: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-max-order">
            {t("regions.fields.max_order_amount")} ({currency})
          </Label>
          <Input
            id="tc-max-order"
            placeholder={t("regions.none")}
            value={form.max_order_amount}
            onChange={(e) => setForm({ ...form, max_order_amount: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-terms">{t("regions.fields.invoice_terms_days")}</Label>
          <Input
            id="tc-terms"
            placeholder={t("regions.serviceDefault")}
            value={form.invoice_terms_days}
            onChange={(e) => setForm({ ...form, invoice_terms_days: e.target.value })}
          />
        </div>
      </div>
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-periods">{t("regions.fields.instalment_periods")}</Label>
        <Input
          id="tc-periods"
          placeholder={t("regions.periodsPlaceholder")}
          value={form.instalment_periods}
          onChange={(e) => setForm({ ...form, instalment_periods: e.target.value })}
        />
      </div>
      <OverridesEditor rows={form.overrides} onChange={(overrides) => setForm({ ...form, overrides })} />
      <div className="grid grid-cols-2 gap-x-4">
        <div className="flex flex-col gap-y-1">
          <Label>{t("regions.fields.capture_on")}</Label>
          <Select
            value={form.capture_on}
            onValueChange={(value) => setForm({ ...form, capture_on: value as CaptureOn })}
          >
            <Select.Trigger data-testid="tc-capture-on">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {CAPTURE_ON.map((moment) => (
                <Select.Item key={moment} value={moment}>
                  {t(`regions.captureOn.${moment}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        <div className="flex flex-col gap-y-1">
          <Label>{t("regions.fields.invoice_language")}</Label>
          <Select
            value={form.invoice_language}
            onValueChange={(value) => setForm({ ...form, invoice_language: value as typeof form.invoice_language })}
          >
            <Select.Trigger data-testid="tc-invoice-language">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {[AUTO, ...INVOICE_LANGUAGES].map((language) => (
                <Select.Item key={language} value={language}>
                  {t(`regions.invoiceLanguage.${language}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
      </div>
      <div className="flex items-center gap-x-2">
        <Switch
          id="tc-hide-declined"
          checked={form.hide_when_declined}
          onCheckedChange={(value) => setForm({ ...form, hide_when_declined: value })}
        />
        <Label htmlFor="tc-hide-declined">{t("regions.fields.hide_when_declined")}</Label>
        <Text size="small" className="text-ui-fg-subtle">
          {t("regions.hideWhenDeclinedHint")}
        </Text>
      </div>
      {save.error && (
        <Alert variant="error" data-testid="tc-region-error">
          {(save.error as Error).message}
        </Alert>
      )}
      <div className="flex items-center gap-x-3">
        <Button size="small" onClick={submit} isLoading={save.isPending} data-testid="tc-region-save">
          {t("regions.save")}
        </Button>
        {save.isSuccess && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="tc-region-saved">
            {t("regions.saved", { region: answer.region.name })}
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
  const { t } = useTranslation("tradeCredit")
  const regions = useRegions()
  const [regionId, setRegionId] = useState<string>()
  useEffect(() => {
    if (!regionId && regions.data?.length) setRegionId(regions.data[0].id)
  }, [regions.data, regionId])
  const settings = useRegionSettings(regionId)
  /** A value in the list of changes: yes / no, none, the terms per group or customer, or as stored. */
  const shown = (value: unknown): string => {
    if (value === null || value === undefined) return t("regions.none")
    if (value === true) return t("regions.yes")
    if (value === false) return t("regions.no")
    if (Array.isArray(value)) {
      if (!value.length) return t("regions.none")
      return value
        .map((v: Override | number) =>
          typeof v === "object" && v
            ? t("regions.overrideDays", { target: targetOf(v), count: v.invoice_terms_days })
            : String(v),
        )
        .join(", ")
    }
    return String(value)
  }
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
          <div className="px-6 py-4">
            <Text size="small" weight="plus">
              {t("regions.changes.title")}
            </Text>
          </div>
          {settings.data.changes.length === 0 ? (
            <div className="px-6 py-4">
              <Text size="small" className="text-ui-fg-muted">
                {t("regions.changes.none")}
              </Text>
            </div>
          ) : (
            <Table data-testid="tc-region-changes">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t("regions.changes.when")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("regions.changes.setting")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("regions.changes.from")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("regions.changes.to")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("regions.changes.by")}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {settings.data.changes.map((change) => (
                  <Table.Row key={change.id}>
                    <Table.Cell className="whitespace-nowrap">{new Date(change.at).toLocaleString()}</Table.Cell>
                    <Table.Cell>{t(`regions.fields.${change.field}`, { defaultValue: change.field })}</Table.Cell>
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
