import type { Proposal } from "../../../service/schemas"
import {
  changedValues,
  type EnrollmentRow,
  enrollmentKeys,
  isOlderThanRow,
  valuesFromProposal,
} from "../enrollment-store"
import { decisionEventOf, proposalLockKey } from "../enrollment-events"
import { sniffEvidenceType } from "../../../api/store/trade-credit/soletrader/evidence-upload"

const business = {
  business_type: "SOLE_TRADER" as const,
  country_code: "GB",
  trading_name: "Jo's Joinery",
  email: "[redacted]",
  phone: "[redacted]",
  business_address: {
    building: "Unit 2",
    street: "5 Mill Lane",
    postal_code: "M4 1AB",
    city: "Manchester",
    country_code: "GB",
  },
  proprietor_details: null,
}
const accepted: Proposal = {
  id: "prop_1",
  status: "ACCEPTED",
  proposed_business: business,
  enrolled_business: {
    id: "bus_1",
    business_type: "SOLE_TRADER",
    organization_number: "SOLE-GB-1",
    trading_name: "JO'S JOINERY",
    country_code: "GB",
    email: "[redacted]",
    phone: "[redacted]",
    business_address: business.business_address,
  },
}
const row: EnrollmentRow = {
  id: "tcenr_1",
  customer_id: "cus_1",
  proposal_id: "prop_1",
  status: "SUBMITTED",
  source: "proposal",
  country_code: "GB",
  company_name: "Jo's Joinery",
  organization_number: null,
  decided_at: null,
  last_polled_at: null,
  created_at: new Date("2026-11-22T09:00:00Z"),
  updated_at: new Date("2026-11-22T09:00:00Z"),
  deleted_at: null,
}

describe("enrollment values", () => {
  it("takes the organization number, name and decision time from an accepted proposal", () => {
    const at = new Date("2026-11-22T10:00:00Z")
    expect(valuesFromProposal(accepted, at)).toEqual({
      status: "ACCEPTED",
      organization_number: "SOLE-GB-1",
      company_name: "JO'S JOINERY",
      country_code: "GB",
      decided_at: at,
    })
    expect(valuesFromProposal({ ...accepted, status: "IN_REVIEW", enrolled_business: null })).toEqual({
      status: "IN_REVIEW",
    })
  })

  it(
    "takes the approval event's organization number only for an accepted proposal " +
      "read back without an enrolled business",
    () => {
      const at = new Date("2026-11-22T10:00:00Z")
      const approval = { organization_number: "SOLE-GB-EVENT" }
      // The proposal read back has the business: the event's number is not used.
      expect(valuesFromProposal(accepted, at, approval)).toMatchObject({
        organization_number: "SOLE-GB-1",
        company_name: "JO'S JOINERY",
      })
      // Accepted without an enrolled business: the event's number, the trading name and country of the proposal read
      // back.
      expect(valuesFromProposal({ ...accepted, enrolled_business: null }, at, approval)).toEqual({
        status: "ACCEPTED",
        organization_number: "SOLE-GB-EVENT",
        company_name: "Jo's Joinery",
        country_code: "GB",
        decided_at: at,
      })
      // Never for a proposal not accepted at the service (the event alone decides nothing), nor without a number.
      expect(valuesFromProposal({ ...accepted, status: "IN_REVIEW", enrolled_business: null }, at, approval)).toEqual({
        status: "IN_REVIEW",
      })
      expect(valuesFromProposal({ ...accepted, enrolled_business: null }, at, { organization_number: null })).toEqual({
        status: "ACCEPTED",
        decided_at: at,
      })
    },
  )

  it("changes nothing when the row already says it (a repeated event), and keeps the first decision time", () => {
    const values = valuesFromProposal(accepted, new Date("2026-11-22T10:00:00Z"))
    const applied = { ...row, ...values }
    expect(changedValues(applied, valuesFromProposal(accepted, new Date("2026-11-22T11:00:00Z")))).toEqual({})
    const { country_code: _same, ...changed } = values
    expect(changedValues(row, values)).toEqual(changed)
  })

  it(
    "takes a proposal read before the decision the row records for an old read " + "(a decided proposal stays decided)",
    () => {
      const decided = { ...row, status: "ACCEPTED" as const }
      expect(isOlderThanRow(decided, { ...accepted, status: "SUBMITTED", enrolled_business: null })).toBe(true)
      expect(
        isOlderThanRow({ ...row, status: "DECLINED" }, { ...accepted, status: "IN_REVIEW", enrolled_business: null }),
      ).toBe(true)
      expect(isOlderThanRow(decided, accepted)).toBe(false)
      expect(isOlderThanRow(row, accepted)).toBe(false)
      expect(isOlderThanRow(row, { ...accepted, status: "IN_REVIEW", enrolled_business: null })).toBe(false)
    },
  )

  it("keeps idempotency keys within the service's 100 characters and never shows an email", () => {
    const customer = "cus_01KAR8Z3W4QJ6V9X2N5T7B1C0D"
    const proposal = "prop_" + "f".repeat(32)
    const keys = [
      enrollmentKeys.proposal(customer, proposal, { a: 1 }),
      enrollmentKeys.evidence(proposal, {
        fileName: "x".repeat(200),
        contentType: "image/png",
        data: Buffer.from("x"),
      }),
      enrollmentKeys.verification(customer, "jo@example.com", 123456789),
      enrollmentKeys.verificationCode(customer, "jo@example.com", "123456"),
      enrollmentKeys.registryToken(customer, "signup", 987654321),
      enrollmentKeys.withdrawal(proposal),
    ]
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,100}$/)
    expect(keys.join(" ")).not.toContain("jo@example.com")
  })

  it("recognises evidence by its bytes", () => {
    expect(sniffEvidenceType(Buffer.from("%PDF-1.7\n..."))).toBe("application/pdf")
    expect(sniffEvidenceType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png")
    expect(sniffEvidenceType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg")
    expect(sniffEvidenceType(Buffer.from("GIF89a"))).toBeUndefined()
  })
})

describe("the Medusa event of a decision", () => {
  const acceptedRow = { ...row, status: "ACCEPTED" as const, organization_number: "SOLE-GB-1" }

  it(
    "is emitted when an application changed the status to ACCEPTED or DECLINED, " + "naming the webhook event if any",
    () => {
      expect(
        decisionEventOf({ enrollment: acceptedRow, changed: ["status", "organization_number", "decided_at"] }, "msg_1"),
      ).toEqual({
        eventName: "trade-credit.enrollment.approved",
        data: {
          proposal_id: "prop_1",
          event_id: "msg_1",
          type: "enrollment.approved",
          enrollment_id: "tcenr_1",
          customer_id: "cus_1",
          status: "ACCEPTED",
        },
      })
      expect(
        decisionEventOf({ enrollment: { ...row, status: "DECLINED" }, changed: ["status", "decided_at"] }),
      ).toMatchObject({
        eventName: "trade-credit.enrollment.declined",
        data: { event_id: null, type: "enrollment.declined", status: "DECLINED" },
      })
    },
  )

  it(
    "is not emitted when the status did not change (a repeat, the other of " +
      "a webhook and a poll), for another status, or for no enrollment",
    () => {
      expect(decisionEventOf({ enrollment: acceptedRow, changed: [] }, "msg_1")).toBeNull()
      expect(decisionEventOf({ enrollment: acceptedRow, changed: ["company_name"] })).toBeNull()
      expect(decisionEventOf({ enrollment: { ...row, status: "IN_REVIEW" }, changed: ["status"] })).toBeNull()
      expect(
        decisionEventOf({ enrollment: { ...row, status: "WITHDRAWN" }, changed: ["status", "decided_at"] }),
      ).toBeNull()
      expect(decisionEventOf({ enrollment: null, changed: [] }, "msg_1")).toBeNull()
    },
  )

  it("is announced under one lock per proposal", () => {
    expect(proposalLockKey("prop_1")).toBe("trade-credit:proposal:prop_1")
  })
})
