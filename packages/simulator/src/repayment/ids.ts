import { randomUUID } from "node:crypto"

/**
 * Ids of the repayment interface. Accounts, plans, instalments and cancellations are UUIDs (the published
 * document's path parameters are `format: uuid`); credits and invoices, which have no published path, keep a
 * prefix naming the kind **(chosen)**.
 */
export type RepaymentIdKind = "crd" | "rinv"

export const newRepaymentId = (kind: RepaymentIdKind) => `${kind}_${randomUUID().replace(/-/g, "")}`

export const newRepaymentUuid = () => randomUUID()
