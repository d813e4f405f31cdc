"use client"
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import type { CompanyHit } from "../checkout"
import {
  type ClientSdk,
  type CompanySelection,
  highlightParts,
  manualSelection,
  moveActive,
  searchCompanies,
  selectionOfHit,
} from "../company-search"
import { textsOf, type TextProps } from "./texts"

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
  const [country, setCountry] = useState(initialCountry.toUpperCase())
  const [query, setQuery] = useState("")
  const [items, setItems] = useState<CompanyHit[]>([])
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const [hint, setHint] = useState("")
  const [manual, setManual] = useState(false)
  const [manualName, setManualName] = useState("")
  const [manualNumber, setManualNumber] = useState("")
  const [chosen, setChosen] = useState<CompanySelection | null>(value ?? null)
  const seq = useRef(0)
  const input = useRef<HTMLInputElement>(null)
  const id = (name: string) => `${idPrefix}-${name}`

  useEffect(() => {
    if (value !== undefined) setChosen(value)
  }, [value])

  useEffect(() => {
    const q = query.trim()
    const mine = ++seq.current
    if (q.length < minLength) {
      setItems([])
      setHint("")
      return
    }
    const timer = setTimeout(async () => {
      setHint(t("company.searching"))
      try {
        const found = await searchCompanies({ sdk, country, q, limit })
        if (mine !== seq.current) return // a newer search is under way
        setItems(found)
        setActive(-1)
        setOpen(true)
        setHint(found.length ? "" : t("company.none"))
      } catch (error: any) {
        if (mine !== seq.current) return
        setItems([])
        if (error?.status === 429) setHint(buyerMessage("TRADE_CREDIT_RATE_LIMITED", { language, overrides }))
        else {
          setHint(t("company.unavailable"))
          setManual(true)
          setManualName((name) => name || q)
        }
      }
    }, debounceMs)
    return () => clearTimeout(timer)
    // A search runs for a new query or country only (the texts follow the language at the next one).
  }, [query, country, sdk, limit, minLength, debounceMs])

  const choose = (selection: CompanySelection) => {
    setOpen(false)
    setActive(-1)
    setChosen(selection)
    onSelect(selection)
  }
  const pick = (i: number) => {
    const hit = items[i]
    if (hit) choose(selectionOfHit(hit))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) return
      event.preventDefault()
      setOpen(true)
      setActive((current) => moveActive(current, event.key, items.length))
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault()
      pick(active)
    } else if (event.key === "Escape") setOpen(false)
  }
  const submitManual = (event: FormEvent) => {
    event.preventDefault()
    if (manualName.trim() && manualNumber.trim()) choose(manualSelection(manualName, manualNumber, country))
  }

  if (chosen) {
    const byHand = !("company_canonical_id" in chosen.company)
    return (
      <div className={["company-chosen", className].filter(Boolean).join(" ")} id={id("chosen")}>
        <div>
          <strong id={`chosen-${idPrefix}-name`}>{chosen.name}</strong>{" "}
          <span className="muted">
            {chosen.country} · {chosen.number}
            {byHand ? ` · ${t("company.manualEntered")}` : ""}
          </span>
        </div>
        <button
          type="button"
          className="link"
          id={id("change")}
          onClick={() => {
            setChosen(null)
            onClear?.()
            setTimeout(() => input.current?.focus(), 0)
          }}
        >
          {t("company.change")}
        </button>
      </div>
    )
  }

  const listOpen = open && items.length > 0
  return (
    <div className={["company-picker", className].filter(Boolean).join(" ")}>
      <div className="row">
        {countries?.length ? (
          <label className="narrow">
            {t("company.country")}
            <select id={id("country")} value={country} onChange={(event) => setCountry(event.target.value)}>
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
        ) : null}
        <label className="grow" htmlFor={id("search")}>
          {t("company.search")}
          <input
            ref={input}
            id={id("search")}
            type="search"
            autoComplete="off"
            placeholder={t("company.placeholder")}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listOpen}
            aria-controls={id("results")}
            aria-activedescendant={listOpen && active >= 0 ? id(`option-${active}`) : undefined}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          />
        </label>
      </div>
      <ul id={id("results")} role="listbox" className="results" hidden={!listOpen}>
        {items.map((hit, i) => (
          <li
            key={hit.canonical_id}
            role="option"
            id={id(`option-${i}`)}
            aria-selected={i === active}
            onMouseDown={(event) => {
              event.preventDefault() // keep the focus: the choice is made here, not on blur
              pick(i)
            }}
          >
            <span className="name">
              {highlightParts(hit.highlight, hit.name).map((part, n) =>
                part.marked ? <mark key={n}>{part.text}</mark> : <span key={n}>{part.text}</span>,
              )}
            </span>
            <span className="muted">
              {hit.national_identifier.type} {hit.national_identifier.id}
            </span>
          </li>
        ))}
      </ul>
      <p className="hint" id={id("hint")} role="status">
        {hint}
      </p>
      <button
        type="button"
        className="link"
        id={id("manual-toggle")}
        onClick={() => {
          setManual(true)
          setManualName((name) => name || query.trim())
        }}
      >
        {t("company.manual")}
      </button>
      {manual ? (
        <form id={id("manual")} className="manual" onSubmit={submitManual}>
          <label>
            {t("company.manualName")}
            <input
              id={id("manual-name")}
              required
              maxLength={255}
              value={manualName}
              onChange={(event) => setManualName(event.target.value)}
            />
          </label>
          <label>
            {t("company.manualNumber")}
            <input
              id={id("manual-number")}
              required
              maxLength={50}
              value={manualNumber}
              onChange={(event) => setManualNumber(event.target.value)}
            />
          </label>
          <button type="submit">{t("company.manualUse")}</button>
        </form>
      ) : null}
    </div>
  )
}
