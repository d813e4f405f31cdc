import { type FormEvent, type KeyboardEvent, useRef, useState } from "react"
import { type ClientSdk, type CompanySelection, manualSelection, moveActive, selectionOfHit } from "../company-search"
import type { TextProps } from "./texts"
import { useChosenCompany } from "./use-chosen-company"
import { useCompanySearch } from "./use-company-search"
import { useManualEntry } from "./use-manual-entry"

export type CompanyPickerState = TextProps & {
  sdk: ClientSdk
  initialCountry: string
  onSelect: (selection: CompanySelection) => void
  onClear?: () => void
  value?: CompanySelection | null
  limit: number
  minLength: number
  debounceMs: number
}

/**
 * The company picker's state and what the buyer does with it: the country and the query searched, the results and
 * the keyboard over them, manual entry, the company chosen and "Change" (back to the search field, focused).
 */
export function useCompanyPicker({
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
}: CompanyPickerState) {
  const [country, setCountry] = useState(initialCountry.toUpperCase())
  const [query, setQuery] = useState("")
  const manual = useManualEntry()
  const [chosen, setChosen] = useChosenCompany(value)
  const search = useCompanySearch({
    sdk,
    country,
    query,
    limit,
    minLength,
    debounceMs,
    language,
    overrides,
    onUnavailable: manual.show,
  })
  const { items, active, setActive, open, setOpen } = search
  const input = useRef<HTMLInputElement>(null)

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
    if (manual.name.trim() && manual.number.trim()) choose(manualSelection(manual.name, manual.number, country))
  }
  const change = () => {
    setChosen(null)
    onClear?.()
    setTimeout(() => input.current?.focus(), 0)
  }

  return { country, setCountry, query, setQuery, manual, chosen, search, input, pick, onKeyDown, submitManual, change }
}
