import { randomUUID } from "node:crypto"

/** Ids of the repayment interface **(chosen)**: a prefix naming the kind, then 32 hexadecimal characters. */
export type RepaymentIdKind = "acct" | "plan" | "inst" | "crd" | "rinv"

export const newRepaymentId = (kind: RepaymentIdKind) => `${kind}_${randomUUID().replace(/-/g, "")}`
