"use client"
import type { KeyboardEvent, RefObject } from "react"
import type { Texts } from "./texts"

/** The search field: a combobox over the results' listbox (the active option is its active descendant). */
export function CompanySearchInput({
  inputRef,
  id,
  t,
  query,
  listOpen,
  active,
  onQuery,
  onKeyDown,
  onOpen,
}: {
  inputRef: RefObject<HTMLInputElement>
  id: (name: string) => string
  t: Texts
  query: string
  listOpen: boolean
  active: number
  onQuery: (query: string) => void
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
  onOpen: (open: boolean) => void
}) {
  return (
    <label className="grow" htmlFor={id("search")}>
      {t("company.search")}
      <input
        ref={inputRef}
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
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => onOpen(true)}
        onBlur={() => onOpen(false)}
      />
    </label>
  )
}
