"use client"
import type { FormEvent } from "react"
import type { Texts } from "./texts"

/** Manual entry of the company: its registered name and number. */
export function ManualCompanyForm({
  id,
  t,
  name,
  number,
  onName,
  onNumber,
  onSubmit,
}: {
  id: (name: string) => string
  t: Texts
  name: string
  number: string
  onName: (name: string) => void
  onNumber: (number: string) => void
  onSubmit: (event: FormEvent) => void
}) {
  return (
    <form id={id("manual")} className="manual" onSubmit={onSubmit}>
      <label>
        {t("company.manualName")}
        <input
          id={id("manual-name")}
          required
          maxLength={255}
          value={name}
          onChange={(event) => onName(event.target.value)}
        />
      </label>
      <label>
        {t("company.manualNumber")}
        <input
          id={id("manual-number")}
          required
          maxLength={50}
          value={number}
          onChange={(event) => onNumber(event.target.value)}
        />
      </label>
      <button type="submit">{t("company.manualUse")}</button>
    </form>
  )
}
