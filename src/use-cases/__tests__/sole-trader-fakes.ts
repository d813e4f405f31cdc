import type { ClaimedMatches, EnrollmentRow, KeptMatches } from "../../modules/trade-credit"
import { enrollmentKeys, timeBucket } from "../../workflows/enrollment/enrollment-store"
import type { SoleTraderDeps } from "../sole-trader-deps"
import { fakeQuery, recordingLogger } from "./fakes"

/*
 * Small fakes of what the sole-trader use cases are given (SoleTraderDeps): the registry's and autofill's calls as jest
 * functions, the customer's enrollment and kept matches token in memory, the two workflows as jest functions that
 * answer the row they would save. The idempotency keys and time buckets are the real ones.
 */

type Row = Record<string, unknown>

/** An enrollment row as the module keeps it (the fields the use cases read). */
export const enrollmentRow = (fields: Partial<EnrollmentRow> = {}): EnrollmentRow =>
  ({
    id: "tcenr_1",
    customer_id: "cus_1",
    proposal_id: null,
    status: "VERIFIED",
    source: "returning_buyer",
    country_code: "GB",
    company_name: "Ada's Desks",
    organization_number: "SOLE-0001",
    decided_at: null,
    last_polled_at: null,
    ...fields,
  }) as EnrollmentRow

export function soleTraderFakes(input: { customers?: Row[]; enrollment?: EnrollmentRow } = {}) {
  const registry = {
    createDelegationToken: jest.fn(async () => ({ token: "registry-token" })),
    requestReturningBuyerCode: jest.fn(),
    verifyReturningBuyerCode: jest.fn(),
    listMatches: jest.fn(),
  }
  const autofill = {
    createDelegationToken: jest.fn(async (body: { write_current_buyer?: boolean }) => ({
      token: body.write_current_buyer ? "autofill-write-token" : "autofill-read-token",
    })),
    readCurrentBuyer: jest.fn(),
  }
  const kept = new Map<string, KeptMatches>()
  const enrollments = input.enrollment ? [input.enrollment] : []
  const module = {
    listEnrollments: jest.fn(async (filters: Row) => enrollments.filter((r) => r.customer_id === filters.customer_id)),
    keepMatchesToken: jest.fn(async (customerId: string, matches: KeptMatches) => void kept.set(customerId, matches)),
    claimMatchesToken: jest.fn(async (customerId: string): Promise<ClaimedMatches | undefined> => {
      const matches = kept.get(customerId)
      kept.delete(customerId)
      return matches && { ...matches, msLeft: 60_000 }
    }),
    restoreMatchesToken: jest.fn(async (customerId: string, claimed: ClaimedMatches) => {
      kept.set(customerId, { email: claimed.email, token: claimed.token })
    }),
  }
  const enrol = jest.fn(async (saved: Parameters<SoleTraderDeps["enrol"]>[0]) =>
    enrollmentRow({
      customer_id: saved.customer_id,
      status: saved.status,
      source: saved.source,
      company_name: saved.business.company_name,
      organization_number: saved.business.organization_number,
    }),
  )
  const applyProposalState = jest.fn(async (_proposalId: string): Promise<EnrollmentRow | null> => null)
  const deps = {
    client: { registry, autofill },
    options: { baseUrl: "https://api.trade-credit.example/", checkoutUrl: undefined },
    query: fakeQuery({ customer: input.customers ?? [] }),
    logger: recordingLogger(),
    module,
    keys: enrollmentKeys,
    timeBucket,
    enrol,
    applyProposalState,
  } as unknown as SoleTraderDeps
  return { deps, registry, autofill, module, kept, enrol, applyProposalState }
}
