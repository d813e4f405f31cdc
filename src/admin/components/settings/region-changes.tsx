import { Table, Text } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import type { RegionSettingsAnswer } from "../../lib/trade-credit-api"
import { targetOf } from "./region-form"

/*
 * The settings' names, in the form and in the list of changes, are the translations' `regions.fields.<setting>`
 * (src/admin/i18n): a setting without one is listed by its own name.
 */

type Override = RegionSettingsAnswer["settings"]["invoice_terms_overrides"][number]

/** A value in the list of changes: yes / no, none, the terms per group or customer, or as stored. */
const shown = (t: TFunction, value: unknown): string => {
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

/** The region's settings' changes, newest first: when, which setting, from what, to what, by whom. */
export const RegionChanges = ({ changes }: { changes: RegionSettingsAnswer["changes"] }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <>
      <div className="px-6 py-4">
        <Text size="small" weight="plus">
          {t("regions.changes.title")}
        </Text>
      </div>
      {changes.length === 0 ? (
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
            {changes.map((change) => (
              <Table.Row key={change.id}>
                <Table.Cell className="whitespace-nowrap">{new Date(change.at).toLocaleString()}</Table.Cell>
                <Table.Cell>{t(`regions.fields.${change.field}`, { defaultValue: change.field })}</Table.Cell>
                <Table.Cell>{shown(t, change.old_value)}</Table.Cell>
                <Table.Cell>{shown(t, change.new_value)}</Table.Cell>
                <Table.Cell className="font-mono">{change.actor_id ?? "?"}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </>
  )
}
