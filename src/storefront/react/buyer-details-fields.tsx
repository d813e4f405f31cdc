"use client"
import { textsOf, type TextProps } from "./texts"

/**
 * The fields as typed (the invoice emails as one text): the kit's `TradeCreditChoice.details`, which
 * `tradeCreditSessionData` turns into session data.
 */
export type BuyerDetails = {
  purchaseOrderNumber?: string
  department?: string
  project?: string
  invoiceEmails?: string
}

export type BuyerDetailsFieldsProps = TextProps & {
  value: BuyerDetails
  onChange: (value: BuyerDetails) => void
  /** Prepended to the inputs' ids (#po-number, #department, #project, #invoice-emails). */
  idPrefix?: string
  className?: string
  id?: string
  /** The fieldset's legend (default the kit's "Your references (on the invoice)"); false for none. */
  legend?: string | false
}

const FIELDS = [
  { key: "purchaseOrderNumber", id: "po-number", label: "details.purchaseOrderNumber", max: 255 },
  { key: "department", id: "department", label: "details.department", max: 255 },
  { key: "project", id: "project", label: "details.project", max: 255 },
] as const

/**
 * The buyer's references, printed on the invoice: purchase order number, department, project and the addresses the
 * invoice goes to. Controlled: `value` and `onChange`; the session data fields they become are
 * `purchase_order_number`, `department`, `project` and `invoice_emails` (a list, at most 10).
 */
export function BuyerDetailsFields({
  value,
  onChange,
  idPrefix = "",
  className,
  id,
  legend,
  language,
  overrides,
}: BuyerDetailsFieldsProps) {
  const t = textsOf({ language, overrides })
  return (
    <fieldset className={["trade-credit-references", className].filter(Boolean).join(" ")} id={id}>
      {legend === false ? null : <legend>{legend ?? t("details.legend")}</legend>}
      {FIELDS.map((field) => (
        <label key={field.key}>
          {t(field.label)}
          <input
            id={`${idPrefix}${field.id}`}
            name={field.id}
            maxLength={field.max}
            value={value[field.key] ?? ""}
            onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
          />
        </label>
      ))}
      <label>
        {t("details.invoiceEmails")}
        <input
          id={`${idPrefix}invoice-emails`}
          name="invoice-emails"
          inputMode="email"
          autoComplete="off"
          placeholder={t("details.invoiceEmailsHint")}
          value={value.invoiceEmails ?? ""}
          onChange={(event) => onChange({ ...value, invoiceEmails: event.target.value })}
        />
      </label>
    </fieldset>
  )
}
