import { model } from "@medusajs/framework/utils"

export const ERASURE_REQUEST_STATUSES = ["recorded", "submitted", "failed"] as const
export type ErasureRequestStatus = (typeof ERASURE_REQUEST_STATUSES)[number]

export const ERASURE_REQUEST_SOURCES = ["admin", "customer_deleted"] as const
export type ErasureRequestSource = (typeof ERASURE_REQUEST_SOURCES)[number]

/**
 * The plugin's audit trail of right-to-erasure requests (the service's answer
 * reports no outcome, interfaces.md rule 1): the merchant's reference, the case
 * the lookup found, who asked and when it was submitted.
 *
 * The address itself is never stored, not even before submission: only its
 * sha256 (`email_hash`, of the lower-cased address). Retrying a failed request
 * takes the address (or the customer) again with the same reference, and the
 * hash must match.
 */
export const ErasureRequest = model
  .define("trade_credit_erasure_request", {
    id: model.id({ prefix: "tcera" }).primaryKey(),
    /** The merchant's own data-protection request reference (1-100 characters); one request per reference. */
    reference: model.text().unique(),
    /** sha256 of the lower-cased address. */
    email_hash: model.text(),
    /** The Medusa customer the request was made for, when it was made for one. */
    customer_id: model.text().nullable(),
    /** What the service's lookup answered before submission. */
    case: model.enum(["NO_RECORDS", "RETAINED", "ERASABLE"]),
    status: model.enum([...ERASURE_REQUEST_STATUSES]).default("recorded"),
    source: model.enum([...ERASURE_REQUEST_SOURCES]).default("admin"),
    /** The admin user who asked (null when the customer-deleted subscriber did). */
    requested_by: model.text().nullable(),
    submitted_at: model.dateTime().nullable(),
    /** When the plugin's own copies of the person's data were anonymised (ERASABLE only). */
    anonymised_at: model.dateTime().nullable(),
    /** How many of the plugin's records were anonymised, per kind. */
    anonymised: model.json().nullable(),
    /** Why the last attempt failed (the service's error code and message; never the address). */
    error: model.text().nullable(),
  })
  .indexes([{ on: ["email_hash"] }, { on: ["customer_id"] }, { on: ["status"] }])
