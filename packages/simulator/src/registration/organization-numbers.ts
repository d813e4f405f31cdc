import type { CompanyDirectory } from "../state/companies"

/**
 * Synthetic organization numbers of enrolled sole traders **(chosen)**:
 * "ST" + the country ("GB" or "US") + a 7-digit sequence + a Luhn check digit,
 * e.g. `STGB00000018`. Letters and digits only, so the company registry's
 * lookups (which ignore spaces, dashes and case) find it as it is written.
 * The sequence is per country, the next after the highest in the registry
 * (a reset of the simulator starts again at 1).
 */
export const SYNTHETIC_NUMBER_PATTERN = /^ST(GB|US)(\d{7})(\d)$/

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return (10 - (sum % 10)) % 10
}

export function syntheticNumber(country: "GB" | "US", sequence: number): string {
  const body = String(sequence).padStart(7, "0")
  return `ST${country}${body}${luhnDigit(body)}`
}

export function isSyntheticNumber(value: string): boolean {
  const match = SYNTHETIC_NUMBER_PATTERN.exec(value)
  return match !== null && luhnDigit(match[2]) === Number(match[3])
}

/** The next free synthetic number of a country in the registry. */
export function nextSyntheticNumber(companies: CompanyDirectory, country: "GB" | "US"): string {
  let highest = 0
  for (const company of companies.all()) {
    const match = SYNTHETIC_NUMBER_PATTERN.exec(company.organization_number)
    if (match && match[1] === country) highest = Math.max(highest, Number(match[2]))
  }
  return syntheticNumber(country, highest + 1)
}
