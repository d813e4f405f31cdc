"use client"
import { buyerLanguageOf } from "../buyer-messages"
import { type CompanySelection, registrationNumberOf } from "../company-search"
import type { Texts } from "./texts"

/** A country's name in the buyer's language ("United Kingdom"), its code where the runtime has no names. */
const countryNameOf = (country: string, language: string | undefined): string => {
  if (!/^[A-Z]{2}$/.test(country)) return country
  try {
    return new Intl.DisplayNames([buyerLanguageOf(language ?? "en")], { type: "region" }).of(country) ?? country
  } catch {
    return country
  }
}

/** The company the buyer chose (by hand: said so), with "Change": its country's name and its number, in words. */
export function ChosenCompany({
  chosen,
  idPrefix,
  className,
  language,
  t,
  onChange,
}: {
  chosen: CompanySelection
  idPrefix: string
  className?: string
  language?: string
  t: Texts
  onChange: () => void
}) {
  const byHand = !("company_canonical_id" in chosen.company)
  const number = registrationNumberOf(chosen.number)
  const parts = [
    chosen.country && countryNameOf(chosen.country, language),
    number && t("company.number", { number }),
    byHand && t("company.manualEntered"),
  ].filter(Boolean)
  return (
    <div className={["company-chosen", className].filter(Boolean).join(" ")} id={`${idPrefix}-chosen`}>
      <div>
        <strong id={`chosen-${idPrefix}-name`}>{chosen.name}</strong> <span className="muted">{parts.join(" · ")}</span>
      </div>
      <button type="button" className="link" id={`${idPrefix}-change`} onClick={onChange}>
        {t("company.change")}
      </button>
    </div>
  )
}
