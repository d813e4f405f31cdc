"use client"
import type { CompanyHit } from "../checkout"
import { highlightParts } from "../company-search"
import type { Texts } from "./texts"

/** The search's companies as a listbox: the match marked, the registration number beside it (in words, without the
 * service's scheme code). */
export function CompanyResults({
  items,
  active,
  open,
  id,
  t,
  onPick,
}: {
  items: CompanyHit[]
  active: number
  open: boolean
  id: (name: string) => string
  t: Texts
  onPick: (index: number) => void
}) {
  return (
    <ul id={id("results")} role="listbox" className="results" hidden={!open}>
      {items.map((hit, i) => (
        <li
          key={hit.canonical_id}
          role="option"
          id={id(`option-${i}`)}
          aria-selected={i === active}
          onMouseDown={(event) => {
            event.preventDefault() // keep the focus: the choice is made here, not on blur
            onPick(i)
          }}
        >
          <span className="name">
            {highlightParts(hit.highlight, hit.name).map((part, n) =>
              part.marked ? <mark key={n}>{part.text}</mark> : <span key={n}>{part.text}</span>,
            )}
          </span>
          <span className="muted">{t("company.number", { number: hit.national_identifier.id })}</span>
        </li>
      ))}
    </ul>
  )
}
