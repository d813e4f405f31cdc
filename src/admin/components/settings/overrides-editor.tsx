import { Button, Input, Label, Select } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useCustomerGroups } from "../../lib/trade-credit-api"
import type { OverrideRow } from "./region-form"

/** The terms per customer group or customer: a row each, a group picked from the store's groups or a customer id. */
export const OverridesEditor = ({
  rows,
  onChange,
}: {
  rows: OverrideRow[]
  onChange: (rows: OverrideRow[]) => void
}) => {
  const { t } = useTranslation("tradeCredit")
  const groups = useCustomerGroups()
  const set = (i: number, patch: Partial<OverrideRow>) =>
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
