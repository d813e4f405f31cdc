import { useEffect, useRef, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import type { CompanyHit } from "../checkout"
import { type ClientSdk, searchCompanies } from "../company-search"
import { errorFields, isNoAnswer, SHOP_UNREACHABLE } from "../error-fields"
import { textsOf, type TextProps } from "./texts"

export type CompanySearchOptions = TextProps & {
  sdk: ClientSdk
  country: string
  query: string
  limit: number
  minLength: number
  debounceMs: number
  /** The search is unavailable (not a rate limit): the picker offers manual entry with the query typed. */
  onUnavailable: (query: string) => void
}

/**
 * The company picker's search as the buyer types: after a pause, once the query is long enough; the newest search's
 * answer only; the hint under the field (searching, none found, unavailable, rate limited); the list's open state
 * and its active option (the keyboard's).
 */
export function useCompanySearch({
  sdk,
  country,
  query,
  limit,
  minLength,
  debounceMs,
  language,
  overrides,
  onUnavailable,
}: CompanySearchOptions) {
  const t = textsOf({ language, overrides })
  const [items, setItems] = useState<CompanyHit[]>([])
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const [hint, setHint] = useState("")
  const seq = useRef(0)

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
      } catch (error: unknown) {
        if (mine !== seq.current) return
        setItems([])
        if (errorFields(error)?.status === 429)
          setHint(buyerMessage("TRADE_CREDIT_RATE_LIMITED", { language, overrides }))
        // No answer from the shop: said so (the next keystroke searches again); entering the details by hand would
        // need the shop as well.
        else if (isNoAnswer(error)) setHint(buyerMessage(SHOP_UNREACHABLE, { language, overrides }))
        else {
          setHint(t("company.unavailable"))
          onUnavailable(q)
        }
      }
    }, debounceMs)
    return () => clearTimeout(timer)
    // A search runs for a new query or country only (the texts follow the language at the next one).
  }, [query, country, sdk, limit, minLength, debounceMs])

  return { items, active, setActive, open, setOpen, hint }
}
