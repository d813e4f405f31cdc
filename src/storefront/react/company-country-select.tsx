"use client"
import type { Texts } from "./texts"

/** The country searched in, when the page offers a choice of countries (codes, or [code, name] pairs). */
export function CompanyCountrySelect({
  countries,
  country,
  onChange,
  id,
  t,
}: {
  countries: readonly (string | readonly [string, string])[]
  country: string
  onChange: (country: string) => void
  id: string
  t: Texts
}) {
  return (
    <label className="narrow">
      {t("company.country")}
      <select id={id} value={country} onChange={(event) => onChange(event.target.value)}>
        {countries.map((entry) => {
          const [code, name] = typeof entry === "string" ? [entry, entry] : entry
          return (
            <option key={code} value={code.toUpperCase()}>
              {name}
            </option>
          )
        })}
      </select>
    </label>
  )
}
