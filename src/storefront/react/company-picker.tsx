"use client"
import type { ClientSdk, CompanySelection } from "../company-search"
import { ChosenCompany } from "./chosen-company"
import { CompanyCountrySelect } from "./company-country-select"
import { CompanyResults } from "./company-results"
import { CompanySearchInput } from "./company-search-input"
import { ManualCompanyForm } from "./manual-company-form"
import { textsOf, type TextProps } from "./texts"
import { useCompanyPicker } from "./use-company-picker"

export type CompanyPickerProps = TextProps & {
  /** `@medusajs/js-sdk` (its `client.fetch` adds the publishable key). */
  sdk: ClientSdk
  /** ISO 3166-1 alpha-2 country searched in (default GB); with `countries`, the buyer may change it. */
  country?: string
  /** The countries to choose from: codes, or [code, name] pairs. Without it the country is fixed. */
  countries?: readonly (string | readonly [string, string])[]
  /** The buyer chose a company (from the search, or entered by hand). */
  onSelect: (selection: CompanySelection) => void
  /** The buyer pressed "Change". */
  onClear?: () => void
  /** The chosen company, when the page sets it (a sole trader's registered business); null clears it. */
  value?: CompanySelection | null
  /** Results asked for (1 to 25, default 8), characters before the first search (default 2), the pause in typing (ms).
   * */
  limit?: number
  minLength?: number
  debounceMs?: number
  /** The elements' ids start with it (default "company": #company-search, #company-results, #company-chosen…). */
  idPrefix?: string
  className?: string
}

/**
 * The buyer's company: search as you type over the plugin's company search (keyboard: arrows, Enter, Escape; the
 * match highlighted with <mark> only), manual entry (registered name and number) when the company is not found or
 * the search is unavailable, and the chosen company with "Change".
 */
export function CompanyPicker({
  sdk,
  country: initialCountry = "GB",
  countries,
  onSelect,
  onClear,
  value,
  limit = 8,
  minLength = 2,
  debounceMs = 250,
  idPrefix = "company",
  className,
  language,
  overrides,
}: CompanyPickerProps) {
  const t = textsOf({ language, overrides })
  const picker = useCompanyPicker({
    sdk,
    initialCountry,
    onSelect,
    onClear,
    value,
    limit,
    minLength,
    debounceMs,
    language,
    overrides,
  })
  const { country, query, manual, search, input } = picker
  const { items, active, open } = search
  const id = (name: string) => `${idPrefix}-${name}`

  if (picker.chosen) {
    return (
      <ChosenCompany
        chosen={picker.chosen}
        idPrefix={idPrefix}
        className={className}
        language={language}
        t={t}
        onChange={picker.change}
      />
    )
  }

  const listOpen = open && items.length > 0
  return (
    <div className={["company-picker", className].filter(Boolean).join(" ")}>
      <div className="row">
        {countries?.length ? (
          <CompanyCountrySelect
            countries={countries}
            country={country}
            onChange={picker.setCountry}
            id={id("country")}
            t={t}
          />
        ) : null}
        <CompanySearchInput
          inputRef={input}
          id={id}
          t={t}
          query={query}
          listOpen={listOpen}
          active={active}
          onQuery={picker.setQuery}
          onKeyDown={picker.onKeyDown}
          onOpen={search.setOpen}
        />
      </div>
      <CompanyResults items={items} active={active} open={listOpen} id={id} t={t} onPick={picker.pick} />
      <p className="hint" id={id("hint")} role="status">
        {search.hint}
      </p>
      <button type="button" className="link" id={id("manual-toggle")} onClick={() => manual.show(query.trim())}>
        {t("company.manual")}
      </button>
      {manual.shown ? (
        <ManualCompanyForm
          id={id}
          t={t}
          name={manual.name}
          number={manual.number}
          onName={manual.setName}
          onNumber={manual.setNumber}
          onSubmit={picker.submitManual}
        />
      ) : null}
    </div>
  )
}
