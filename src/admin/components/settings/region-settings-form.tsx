import { Alert, Button, Input, Label, Switch, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { RegionSettingsAnswer } from "../../lib/trade-credit-api"
import { OverridesEditor } from "./overrides-editor"
import { InvoiceSelects, OfferSwitches, OrderAmountFields } from "./region-form-fields"
import { useRegionSettingsForm } from "./use-region-settings-form"

/** The edit form of one region's settings: what is offered, the order amounts, the invoice terms. */
export const RegionSettingsForm = ({ answer }: { answer: RegionSettingsAnswer }) => {
  const { t } = useTranslation("tradeCredit")
  const { form, update, submit, save } = useRegionSettingsForm(answer)
  const currency = answer.region.currency_code.toUpperCase()
  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="tc-region-form">
      <OfferSwitches form={form} update={update} />
      <OrderAmountFields form={form} update={update} currency={currency} />
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-periods">{t("regions.fields.instalment_periods")}</Label>
        <Input
          id="tc-periods"
          placeholder={t("regions.periodsPlaceholder")}
          value={form.instalment_periods}
          onChange={(e) => update({ instalment_periods: e.target.value })}
        />
      </div>
      <OverridesEditor rows={form.overrides} onChange={(overrides) => update({ overrides })} />
      <InvoiceSelects form={form} update={update} />
      <div className="flex items-center gap-x-2">
        <Switch
          id="tc-hide-declined"
          checked={form.hide_when_declined}
          onCheckedChange={(value) => update({ hide_when_declined: value })}
        />
        <Label htmlFor="tc-hide-declined">{t("regions.fields.hide_when_declined")}</Label>
        <Text size="small" className="text-ui-fg-subtle" data-testid="tc-hide-declined-caption">
          {t(form.hide_when_declined ? "regions.hideWhenDeclinedOn" : "regions.hideWhenDeclinedOff")}
        </Text>
      </div>
      <div className="flex items-center gap-x-2">
        <Switch
          id="tc-hide-in-arrears"
          checked={form.hide_in_arrears}
          onCheckedChange={(value) => update({ hide_in_arrears: value })}
        />
        <Label htmlFor="tc-hide-in-arrears">{t("regions.fields.hide_in_arrears")}</Label>
        <Text size="small" className="text-ui-fg-subtle" data-testid="tc-hide-in-arrears-caption">
          {t(form.hide_in_arrears ? "regions.hideInArrearsOn" : "regions.hideInArrearsOff")}
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
