import { absUnits, compareUnits, formatCents, MONEY_DECIMALS, pow10 } from "../money/units"
import { PayloadError } from "./errors"
import { finishLine, grossOf, type LineDraft } from "./line-draft"

/**
 * Makes the rounded lines add up to `target` exactly (Medusa's total rounded
 * to cents, which is what the buyer is charged), without breaking any line's
 * arithmetic.
 *
 * Each line was rounded on its own, so their sum may be a few cents off the
 * rounded total (at most one cent per line; amounts in cents, as LineDraft has
 * them). The difference is put back one cent at a time: first on the lines
 * whose rounding moved them furthest from Medusa's exact amount in the other
 * direction (so every line stays as close to Medusa's amount as it can), larger lines first among equals; on the tax
 * of a taxed line, else on its net amount (a 0 % line never gets tax). A
 * cent moves only when the line still passes the service's check
 * (|net × rate − tax| ≤ 0.02, |quantity × unit_price − discount − net| ≤ 0.02)
 * afterwards. Each round lets a line take one more cent, so the cents spread
 * before any line takes two.
 *
 * Returns new drafts; throws AMOUNT_NOT_REPRESENTABLE when the difference
 * cannot be placed (impossible for carts Medusa can make: every line can take a
 * cent of tax or net, and the difference is at most one cent per line).
 */
export function reconcileCents(drafts: LineDraft[], target: bigint): LineDraft[] {
  const lines = drafts.map((d) => ({ ...d }))
  let difference = target - lines.reduce((sum, line) => sum + grossOf(line), 0n)
  if (difference === 0n) return lines

  const moved = lines.map(() => ({ taxAmount: 0, net: 0 }))
  const maxRounds = 3

  for (let round = 1; round <= maxRounds && difference !== 0n; round++) {
    const step = difference > 0n ? 1n : -1n
    // How far each line's rounding went against the difference: those first.
    const order = lines
      .map((line, index) => ({
        index,
        error: (line.exactTotal - grossOf(line) * pow10(line.scale - MONEY_DECIMALS)) * step,
      }))
      .sort(
        (a, b) =>
          compareUnits(b.error, a.error) ||
          compareUnits(lines[b.index].exactTotal, lines[a.index].exactTotal) ||
          a.index - b.index,
      )
    for (const { index } of order) {
      if (difference === 0n) break
      for (const field of ["taxAmount", "net"] as const) {
        if (Math.abs(moved[index][field]) >= round) continue
        const line = lines[index]
        if (field === "taxAmount" && line.tax.rate === 0n) continue
        const candidate: LineDraft = { ...line, [field]: line[field] + step }
        if (!finishLine(candidate)) continue
        lines[index] = candidate
        moved[index][field] += step > 0n ? 1 : -1
        difference -= step
        break
      }
    }
  }

  if (difference !== 0n) {
    throw new PayloadError(
      "AMOUNT_NOT_REPRESENTABLE",
      `The lines cannot be made to add up to the cart total ${formatCents(target)} ` +
        `(${formatCents(absUnits(difference))} left over) within the service's line tolerances`,
      "gross_amount",
    )
  }
  return lines
}
