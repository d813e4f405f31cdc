import { Input, Label, Select, Switch } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { CAPTURE_ON, type CaptureOn } from "../../../core/order/capture-on"
import { INVOICE_LANGUAGES } from "../../../core/order/invoice-language"
import { AUTO, type RegionForm } from "./region-form"

// The region settings form's groups of fields, each given the form's values and a change to them.

type FieldsProps = { form: RegionForm; update: (patch: Partial<RegionForm>) => void }

/** Whether pay by invoice, and instalments, are offered in the region. */
export const OfferSwitches = ({ form, update }: FieldsProps) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="flex items-center gap-x-6">
      <div className="flex items-center gap-x-2">
        <Switch id="tc-offered" checked={form.offered} onCheckedChange={(offered) => update({ offered })} />
        <Label htmlFor="tc-offered">{t("regions.fields.offered")}</Label>
      </div>
      <div className="flex items-center gap-x-2">
        <Switch
          id="tc-instalments-offered"
          checked={form.instalments_offered}
          onCheckedChange={(value) => update({ instalments_offered: value })}
        />
        <Label htmlFor="tc-instalments-offered">{t("regions.fields.instalments_offered")}</Label>
      </div>
    </div>
  )
}

/** The order amounts trade credit is offered for (in the region's currency) and the invoice terms. */
export const OrderAmountFields = ({ form, update, currency }: FieldsProps & { currency: string }) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="grid grid-cols-3 gap-x-4">
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-min-order">
          {t("regions.fields.min_order_amount")} ({currency})
        </Label>
        <Input
          id="tc-min-order"
          placeholder={t("regions.none")}
          value={form.min_order_amount}
          onChange={(e) => update({ min_order_amount: e.target.value })}
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
          onChange={(e) => update({ max_order_amount: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-terms">{t("regions.fields.invoice_terms_days")}</Label>
        <Input
          id="tc-terms"
          placeholder={t("regions.serviceDefault")}
          value={form.invoice_terms_days}
          onChange={(e) => update({ invoice_terms_days: e.target.value })}
        />
      </div>
    </div>
  )
}

/** When the invoice is issued, and its language. */
export const InvoiceSelects = ({ form, update }: FieldsProps) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="grid grid-cols-2 gap-x-4">
      <div className="flex flex-col gap-y-1">
        <Label>{t("regions.fields.capture_on")}</Label>
        <Select value={form.capture_on} onValueChange={(value) => update({ capture_on: value as CaptureOn })}>
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
          onValueChange={(value) => update({ invoice_language: value as typeof form.invoice_language })}
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
  )
}
