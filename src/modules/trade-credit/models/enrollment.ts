import { model } from "@medusajs/framework/utils"

/** Where a proposal stands at the service, plus VERIFIED: a returning buyer confirmed by email code or found in
 * autofill. */
export const ENROLLMENT_STATUSES = [
  "DRAFT",
  "SUBMITTED",
  "IN_REVIEW",
  "ACCEPTED",
  "DECLINED",
  "WITHDRAWN",
  "VERIFIED",
] as const
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number]
/** States in which the customer buys with the enrollment's organization number. */
export const ENROLLED_STATUSES: EnrollmentStatus[] = ["ACCEPTED", "VERIFIED"]

/** How the customer got enrolled: their own proposal, a returning buyer's email code, or the service's autofill record.
 * */
export const ENROLLMENT_SOURCES = ["proposal", "returning_buyer", "autofill"] as const
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number]

/**
 * A Medusa customer's enrollment at the service as a sole trader (business
 * registration interface): one live row per customer. Once ACCEPTED (or
 * VERIFIED) it carries the organization number that the customer's checkouts
 * use as the buyer's company. No personal data is kept: no names, emails,
 * phones or dates of birth (those stay at the service, which redacts them once
 * the proposal is decided). `company_name` may be a person's trading name: the
 * erasure helper anonymises it.
 */
export const Enrollment = model
  .define(
    { name: "Enrollment", tableName: "trade_credit_enrollment" },
    {
      id: model.id({ prefix: "tcenr" }).primaryKey(),
      customer_id: model.text(),
      /** The service's proposal id; null for a returning buyer or an autofill record. */
      proposal_id: model.text().nullable(),
      status: model.enum([...ENROLLMENT_STATUSES]),
      source: model.enum([...ENROLLMENT_SOURCES]),
      /** ISO alpha-2: GB or US. */
      country_code: model.text(),
      company_name: model.text().nullable(),
      organization_number: model.text().nullable(),
      decided_at: model.dateTime().nullable(),
      last_polled_at: model.dateTime().nullable(),
    },
  )
  .indexes([{ on: ["customer_id"], unique: true }, { on: ["proposal_id"], unique: true }, { on: ["status"] }])
