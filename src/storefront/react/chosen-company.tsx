"use client"
import type { CompanySelection } from "../company-search"
import type { Texts } from "./texts"

/** The company the buyer chose (by hand: said so), with "Change". */
export function ChosenCompany({
  chosen,
  idPrefix,
  className,
  t,
  onChange,
}: {
  chosen: CompanySelection
  idPrefix: string
  className?: string
  t: Texts
  onChange: () => void
}) {
  const byHand = !("company_canonical_id" in chosen.company)
  return (
    <div className={["company-chosen", className].filter(Boolean).join(" ")} id={`${idPrefix}-chosen`}>
      <div>
        <strong id={`chosen-${idPrefix}-name`}>{chosen.name}</strong>{" "}
        <span className="muted">
          {chosen.country} · {chosen.number}
          {byHand ? ` · ${t("company.manualEntered")}` : ""}
        </span>
      </div>
      <button type="button" className="link" id={`${idPrefix}-change`} onClick={onChange}>
        {t("company.change")}
      </button>
    </div>
  )
}
