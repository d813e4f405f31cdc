"use client"
import { useEffect, useMemo } from "react"
import { DEFAULT_INSTALMENT_CHOICES, instalmentChoices } from "../checkout"
import { textsOf, type TextProps } from "./texts"

export type InstalmentChoicesProps = TextProps & {
  /**
   * The instalment session's data after its credit check (minimum_instalments, maximum_instalments,
   * maximum_instalment_amount, gross_amount, offered_periods), or a preview's `{ ...limits, gross_amount }`.
   * Undefined while the check runs.
   */
  sessionData: Parameters<typeof instalmentChoices>[0]
  value?: number
  onChange: (numberOfPeriods: number) => void
  /** The counts the store would rather offer, when they fit (default 3, 6, 12, 24, 36). */
  preferred?: readonly number[]
  id?: string
  className?: string
}

/** The allowed count nearest to `wanted` (the larger of two as near). */
export const nearestChoice = (choices: readonly number[], wanted: number | undefined): number | undefined =>
  choices.reduce<number | undefined>(
    (best, n) => (best === undefined || Math.abs(n - (wanted ?? 12)) <= Math.abs(best - (wanted ?? 12)) ? n : best),
    undefined,
  )

/**
 * The numbers of monthly instalments the buyer may choose: only those the credit check allows (the kit's
 * instalmentChoices: within its limits, no instalment above its monthly maximum, among the region's offered counts),
 * never a count the service would refuse. A value that is not allowed is moved to the nearest allowed one.
 */
export function InstalmentChoices({
  sessionData,
  value,
  onChange,
  preferred = DEFAULT_INSTALMENT_CHOICES,
  id = "instalment-periods",
  className,
  language,
  overrides,
}: InstalmentChoicesProps) {
  const t = textsOf({ language, overrides })
  const choices = useMemo(
    () => (sessionData ? instalmentChoices(sessionData, { preferred }) : []),
    [sessionData, preferred],
  )
  const allowed = value !== undefined && choices.includes(value)
  useEffect(() => {
    if (!allowed && choices.length) onChange(nearestChoice(choices, value)!)
  }, [allowed, choices, value, onChange])

  if (!sessionData) {
    return (
      <p className={["muted", className].filter(Boolean).join(" ")} role="status" id={`${id}-checking`}>
        {t("instalments.checking")}
      </p>
    )
  }
  if (!choices.length) {
    return (
      <p className={["notice", className].filter(Boolean).join(" ")} role="alert" id={`${id}-none`}>
        {t("instalments.none")}
      </p>
    )
  }
  return (
    <label className={className}>
      {t("instalments.label")}
      <select
        id={id}
        value={allowed ? value : nearestChoice(choices, value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {t("instalments.option", { n })}
          </option>
        ))}
      </select>
    </label>
  )
}
