import type { SimErasureCase } from "../contract/erasure"

/** One erasure request as the service's audit trail keeps it: never the address, only its hash. */
export type ErasureAuditEntry = {
  reference: string
  /** sha256 of the lower-cased address. */
  email_hash: string
  /** The case when the request first arrived. */
  case: SimErasureCase
  received_at: string
  /** Records changed per store (ERASABLE), or null when nothing was done (NO_RECORDS, RETAINED). */
  erased: Record<string, number> | null
  /** How often the reference arrived; only the first one acted (interfaces.md rule 5). */
  submissions: number
  last_received_at: string
}

/** One merchant's erasure requests by reference: its audit trail, and the guard that a reference erases once. */
export class ErasureStore {
  private byReference = new Map<string, ErasureAuditEntry>()

  get(reference: string): ErasureAuditEntry | undefined {
    return this.byReference.get(reference)
  }

  add(entry: ErasureAuditEntry): void {
    this.byReference.set(entry.reference, entry)
  }

  /** Oldest first. */
  list(): ErasureAuditEntry[] {
    return [...this.byReference.values()]
  }

  get size(): number {
    return this.byReference.size
  }

  clear(): void {
    this.byReference.clear()
  }
}
