import { sameCompany } from "../session-keys"
import { type BuyerReferences, isPlanProvider, type TradeCreditChoice } from "../session-data"
import type { BuyerDetails } from "./buyer-details-fields"

/**
 * What TradeCreditFields starts from when it mounts: the session's data on the server first (`held`: a reload, Back
 * from the service's page, another tab), the tab's remembered choice filling what the session lacks (references
 * typed since the session was last saved), or alone when the session names no company. Months and a passed credit
 * check count for the method they were given for only; a remembered check is never trusted (the company is checked
 * again: the cart may have changed).
 */
export function startingChoice(
  held: TradeCreditChoice | undefined,
  remembered: TradeCreditChoice | undefined,
  providerId: string,
): TradeCreditChoice | undefined {
  const forThis = (choice: TradeCreditChoice | undefined) => choice?.providerId === providerId
  if (held?.company) {
    const fill = remembered && sameCompany(remembered.company, held.company) ? remembered : undefined
    return {
      ...held,
      providerId,
      companyLabel: held.companyLabel ?? fill?.companyLabel,
      details: { ...fill?.details, ...held.details },
      numberOfPeriods: forThis(held) ? held.numberOfPeriods : forThis(fill) ? fill?.numberOfPeriods : undefined,
      check: forThis(held) ? held.check : undefined,
    }
  }
  const base = remembered?.company ? remembered : held
  if (!base && !remembered) return undefined
  return {
    ...base,
    providerId,
    details: { ...remembered?.details, ...held?.details },
    numberOfPeriods: forThis(base) && isPlanProvider(providerId) ? base?.numberOfPeriods : undefined,
    check: undefined,
  }
}

/** The references as BuyerDetailsFields edits them (the invoice emails as one text). */
export const detailsFieldsOf = (references: BuyerReferences | undefined): BuyerDetails => ({
  ...(references?.purchaseOrderNumber && { purchaseOrderNumber: references.purchaseOrderNumber }),
  ...(references?.department && { department: references.department }),
  ...(references?.project && { project: references.project }),
  ...(references?.invoiceEmails?.length && {
    invoiceEmails: Array.isArray(references.invoiceEmails)
      ? references.invoiceEmails.join(", ")
      : references.invoiceEmails,
  }),
})
