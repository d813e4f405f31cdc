"use client"
import type { CompanyHit } from "../checkout"
import { highlightParts } from "../company-search"

/** The search's companies as a listbox: the match marked, the registration number beside it. */
export function CompanyResults({
  items,
  active,
  open,
  id,
  onPick,
}: {
  items: CompanyHit[]
  active: number
  open: boolean
  id: (name: string) => string
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
          <span className="muted">
            {hit.national_identifier.type} {hit.national_identifier.id}
          </span>
        </li>
      ))}
    </ul>
  )
}
