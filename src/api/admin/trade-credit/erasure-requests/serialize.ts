/** The fields of an erasure request the admin API answers with (the row holds nothing more; never the address). */
export function serializeErasureRequest(row: Record<string, unknown>) {
  return {
    id: row.id,
    reference: row.reference,
    case: row.case,
    status: row.status,
    source: row.source,
    customer_id: row.customer_id ?? null,
    email_hash: row.email_hash,
    requested_by: row.requested_by ?? null,
    submitted_at: row.submitted_at ?? null,
    anonymised_at: row.anonymised_at ?? null,
    anonymised: row.anonymised ?? null,
    error: row.error ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
