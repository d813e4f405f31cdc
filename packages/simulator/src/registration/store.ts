import type { AutofillBuyer, Business, Evidence, Proposal } from "../contract/registration"

/** What a delegation token grants (contract section 5). A matches token only lists one email's businesses. */
export type Capability =
  | "verify_returning_buyer"
  | "create_proposal"
  | "read_current_buyer"
  | "write_current_buyer"
  | "delete_current_buyer"
  | "list_matches"

export type TokenKind = "registry" | "autofill" | "matches"

export type DelegationRecord = {
  token: string
  kind: TokenKind
  merchantId: string
  /** The merchant's id for the buyer; null when the delegation named none. */
  buyerReference: string | null
  capabilities: ReadonlySet<Capability>
  /** The email a matches token lists. */
  email: string | null
  issuedAtMs: number
  expiresAtMs: number
}

export type EvidenceRecord = Evidence & { sha256: string; data: Buffer; uploaded_at: string }

export type ProposalRecord = {
  /** The wire object; handlers change it and answer with it. Personal fields are redacted in place once decided. */
  proposal: Proposal
  /** The buyer reference of the token that created it (null: the API key, or a token without one). */
  buyerReference: string | null
  evidence: EvidenceRecord[]
  createdAt: string
  updatedAt: string
  submittedAt: string | null
  /** When a SUBMITTED proposal is decided by the rules (simulator clock); null: only by the control API. */
  decisionDueAtMs: number | null
  decidedAt: string | null
  decidedBy: "rules" | "control" | null
}

/** A code sent to a returning buyer's email, and the wrong attempts against it. */
export type VerificationRecord = {
  email: string
  code: string | null
  sentAt: string | null
  expiresAtMs: number
  wrongAttempts: number
  /** Every call for this email is 429 until then (simulator clock). */
  lockedUntilMs: number | null
}

/** A business linked to an email by an accepted proposal of this merchant (its proprietor's email). */
export type EnrolledReturningBuyer = { email: string; business: Business; proposalId: string; enrolledAt: string }

export type AutofillRecord = { buyer: AutofillBuyer; updatedAt: string; source: "token" | "api_key" | "proposal" }

/**
 * One merchant's registration and autofill state: delegation tokens, autofill
 * records per buyer reference, proposals with their evidence, codes sent to
 * returning buyers, and the proprietors of accepted proposals.
 */
export class RegistrationStore {
  readonly tokens = new Map<string, DelegationRecord>()
  /** Keyed by buyer reference (or "~token:<token>" for a token issued without one). */
  readonly autofill = new Map<string, AutofillRecord>()
  readonly proposals = new Map<string, ProposalRecord>()
  /** Keyed by lower-case email. */
  readonly verifications = new Map<string, VerificationRecord>()
  readonly enrolledBuyers: EnrolledReturningBuyer[] = []

  get size() {
    return { proposals: this.proposals.size, autofill_records: this.autofill.size }
  }

  /**
   * Replaces an email's personal data in place (names, emails, phones, dates of
   * birth, evidence files) across autofill, proposals and verification codes;
   * returns how many records changed. For the erasure interface.
   */
  erasePersonalData(email: string, placeholder = "[erased]"): number {
    const wanted = email.trim().toLowerCase()
    let changed = 0
    for (const record of this.autofill.values()) {
      if (record.buyer.email?.toLowerCase() !== wanted) continue
      record.buyer = {
        ...record.buyer,
        first_name: placeholder,
        last_name: placeholder,
        email: null,
        phone_number: null,
      }
      changed++
    }
    for (const record of this.proposals.values()) {
      const business = record.proposal.proposed_business
      const emails = [business.email, business.proprietor_details?.email].map((e) => e?.toLowerCase())
      if (!emails.includes(wanted)) continue
      business.email = placeholder
      business.phone = placeholder
      business.proprietor_details = null
      for (const evidence of record.evidence) {
        evidence.data = Buffer.alloc(0)
        evidence.file_name = placeholder
      }
      changed++
    }
    if (this.verifications.delete(wanted)) changed++
    for (let i = this.enrolledBuyers.length - 1; i >= 0; i--) {
      if (this.enrolledBuyers[i].email === wanted) {
        this.enrolledBuyers.splice(i, 1)
        changed++
      }
    }
    return changed
  }

  clear(): void {
    this.tokens.clear()
    this.autofill.clear()
    this.proposals.clear()
    this.verifications.clear()
    this.enrolledBuyers.length = 0
  }
}
