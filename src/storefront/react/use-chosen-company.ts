import { useEffect, useState } from "react"
import type { CompanySelection } from "../company-search"

/** The company chosen in the picker; the page's `value`, when it sets one, replaces it (null clears it). */
export function useChosenCompany(value: CompanySelection | null | undefined) {
  const [chosen, setChosen] = useState<CompanySelection | null>(value ?? null)
  useEffect(() => {
    if (value !== undefined) setChosen(value)
  }, [value])
  return [chosen, setChosen] as const
}
