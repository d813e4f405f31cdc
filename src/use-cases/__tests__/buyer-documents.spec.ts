import type { ReceivableRow } from "../../modules/trade-credit"
import {
  type BuyerDocumentsStore,
  buyerDocumentOf,
  companyKeysOfCustomer,
  findBuyerDocument,
  isOverdue,
  listBuyerDocuments,
} from "../buyer-documents"
import { buyerDocumentPdf } from "../buyer-document-pdf"
import { TradeCreditError } from "../../client/errors"

const NOW = new Date("2026-03-10T12:00:00Z")
const ACME = "GB:08123456"
const OTHER = "GB:09999999"

type Filters = Record<string, unknown>

/** Whether a row matches a filter as the module's list reads it: equal, one of an array, or `$or` of filters. */
function matches(row: Record<string, unknown>, filters: Filters): boolean {
  return Object.entries(filters).every(([key, wanted]) =>
    key === "$or"
      ? (wanted as Filters[]).some((one) => matches(row, one))
      : Array.isArray(wanted)
        ? wanted.includes(row[key])
        : row[key] === wanted,
  )
}

/** The module's generated list methods over rows in memory: filters, `take`, `skip`, the latest issued first. */
function fakeStore({
  users = [] as { customer_id: string; trade_account_id: string }[],
  accounts = [] as { id: string; country_code: string | null; organization_number: string | null }[],
  receivables = [] as Partial<ReceivableRow>[],
} = {}) {
  const seen: Filters[] = []
  const list = <T>(rows: T[], filters: Filters, config: { take?: number; skip?: number } = {}) => {
    seen.push(filters)
    const found = rows.filter((row) => matches(row as Record<string, unknown>, filters))
    return found.slice(config.skip ?? 0, (config.skip ?? 0) + (config.take ?? found.length))
  }
  const issued = (r: Partial<ReceivableRow>) => (r.issued_at ? new Date(r.issued_at).toISOString() : "")
  const byIssue = [...receivables].sort((a, b) => issued(b).localeCompare(issued(a)))
  const store = {
    listTradeAccountUsers: async (filters: Filters, config?: { take?: number }) => list(users, filters, config),
    listTradeAccounts: async (filters: Filters, config?: { take?: number }) => list(accounts, filters, config),
    listReceivables: async (filters: Filters, config?: { take?: number }) => list(byIssue, filters, config),
    listAndCountReceivables: async (filters: Filters, config: { take?: number; skip?: number }) => [
      list(byIssue, filters, config),
      byIssue.filter((row) => matches(row as Record<string, unknown>, filters)).length,
    ],
  }
  return { store: store as unknown as BuyerDocumentsStore, seen }
}

const row = (fields: Partial<ReceivableRow>): Partial<ReceivableRow> => ({
  kind: "invoice",
  currency_code: "GBP",
  amount: 120 as never,
  status: "open",
  customer_id: null,
  company_key: null,
  document_url: null,
  issued_at: new Date("2026-02-01T00:00:00Z"),
  due_at: new Date("2026-03-03T00:00:00Z"),
  ...fields,
})

/** Alice and Bob order for Acme (users of its trade account); Carol for another company; Dave for no trade account. */
const world = () =>
  fakeStore({
    users: [
      { customer_id: "cus_alice", trade_account_id: "tcta_acme" },
      { customer_id: "cus_bob", trade_account_id: "tcta_acme" },
      { customer_id: "cus_carol", trade_account_id: "tcta_other" },
    ],
    accounts: [
      { id: "tcta_acme", country_code: "gb", organization_number: "08123456" },
      { id: "tcta_other", country_code: "GB", organization_number: "09999999" },
    ],
    receivables: [
      row({ id: "tcrcv_alice", customer_id: "cus_alice", company_key: ACME, issued_at: new Date("2026-02-03") }),
      row({ id: "tcrcv_bob", customer_id: "cus_bob", company_key: ACME, kind: "credit_note" }),
      row({ id: "tcrcv_statement", kind: "statement", company_key: ACME, issued_at: new Date("2026-03-01") }),
      row({ id: "tcrcv_carol", customer_id: "cus_carol", company_key: OTHER }),
      row({ id: "tcrcv_dave", customer_id: "cus_dave", company_key: ACME, issued_at: new Date("2026-01-05") }),
    ],
  })

const ids = async (store: BuyerDocumentsStore, customer: string) =>
  (await listBuyerDocuments(store, customer, { limit: 50, offset: 0 }, NOW)).documents.map((d) => d.id)

describe("the buyer's documents", () => {
  it("are a trade account user's own and their company's, the latest issued first", async () => {
    const { store } = world()
    expect(await ids(store, "cus_alice")).toEqual(["tcrcv_statement", "tcrcv_alice", "tcrcv_bob", "tcrcv_dave"])
    expect(await ids(store, "cus_bob")).toEqual(["tcrcv_statement", "tcrcv_alice", "tcrcv_bob", "tcrcv_dave"])
  })

  it("are never another company's: a user of another trade account sees only theirs", async () => {
    const { store } = world()
    expect(await ids(store, "cus_carol")).toEqual(["tcrcv_carol"])
    for (const id of ["tcrcv_alice", "tcrcv_bob", "tcrcv_statement", "tcrcv_dave"])
      expect(await findBuyerDocument(store, "cus_carol", id)).toBeUndefined()
    expect(await findBuyerDocument(store, "cus_carol", "tcrcv_carol")).toMatchObject({ id: "tcrcv_carol" })
  })

  it("are only their own orders' for a customer of no trade account, whatever company those orders named", async () => {
    const { store, seen } = world()
    expect(await ids(store, "cus_dave")).toEqual(["tcrcv_dave"])
    expect(await findBuyerDocument(store, "cus_dave", "tcrcv_alice")).toBeUndefined()
    expect(seen.at(-1)).toEqual({ id: "tcrcv_alice", customer_id: "cus_dave" })
  })

  it("are only the customer's own when the trade account has no organization number", async () => {
    const { store } = fakeStore({
      users: [{ customer_id: "cus_erin", trade_account_id: "tcta_canonical" }],
      accounts: [{ id: "tcta_canonical", country_code: "GB", organization_number: null }],
      receivables: [row({ id: "tcrcv_erin", customer_id: "cus_erin" }), row({ id: "tcrcv_x", company_key: ":" })],
    })
    expect(await companyKeysOfCustomer(store, "cus_erin")).toEqual([])
    expect(await ids(store, "cus_erin")).toEqual(["tcrcv_erin"])
  })

  it("come a page at a time, with the count of all", async () => {
    const { store } = world()
    const page = await listBuyerDocuments(store, "cus_alice", { limit: 2, offset: 1 }, NOW)
    expect(page).toMatchObject({ count: 4, limit: 2, offset: 1 })
    expect(page.documents.map((d) => d.id)).toEqual(["tcrcv_alice", "tcrcv_bob"])
  })
})

describe("a document as the buyer reads it", () => {
  it("has exact decimal amounts, ISO dates, whether its PDF is ready, and never the service's link", () => {
    const document = buyerDocumentOf(
      {
        ...row({ id: "tcrcv_1", number: "INV-000001", document_url: "https://svc.example/v1/invoice/o/pdf" }),
        amount: 1200.1,
        raw_amount: { value: "1200.10", precision: 20 },
        paid_amount: null,
        outstanding_amount: 0.1,
        raw_outstanding_amount: { value: "0.1000000000000000055", precision: 20 },
      } as unknown as ReceivableRow,
      NOW,
    )
    expect(document).toEqual({
      id: "tcrcv_1",
      kind: "invoice",
      number: "INV-000001",
      order_id: null,
      currency_code: "GBP",
      amount: "1200.10",
      paid_amount: null,
      outstanding_amount: "0.10",
      status: "open",
      overdue: true,
      issued_at: "2026-02-01T00:00:00.000Z",
      due_at: "2026-03-03T00:00:00.000Z",
      settled_at: null,
      pdf_available: true,
    })
    expect(JSON.stringify(document)).not.toContain("svc.example")
  })

  it("is overdue once its due day is over, while open or part paid only", () => {
    const due = new Date("2026-03-03T00:00:00Z")
    expect(isOverdue({ status: "open", due_at: due }, new Date("2026-03-03T23:59:59Z"))).toBe(false)
    expect(isOverdue({ status: "open", due_at: due }, new Date("2026-03-04T00:00:00Z"))).toBe(true)
    expect(isOverdue({ status: "part_paid", due_at: due }, NOW)).toBe(true)
    for (const status of ["paid", "credited", "in_collection", "recoursed"] as const)
      expect(isOverdue({ status, due_at: due }, NOW)).toBe(false)
    expect(isOverdue({ status: "open", due_at: null }, NOW)).toBe(false)
  })
})

describe("a document's PDF for the buyer", () => {
  const pdf = { body: Buffer.from("%PDF-1.7"), contentType: "application/pdf" } as never
  const depsOf = (store: BuyerDocumentsStore, documentPdf = jest.fn(async () => pdf)) => ({
    store,
    documentPdf,
    fail: (action: string, error: unknown): never => {
      throw new Error(`${action}: ${(error as Error).message}`)
    },
  })
  const withUrl = () =>
    fakeStore({
      users: [{ customer_id: "cus_alice", trade_account_id: "tcta_acme" }],
      accounts: [{ id: "tcta_acme", country_code: "GB", organization_number: "08123456" }],
      receivables: [
        row({ id: "tcrcv_1", number: "1042", company_key: ACME, document_url: "https://svc.example/v1/invoice/x" }),
        row({ id: "tcrcv_2", number: "CN-1", kind: "credit_note", company_key: ACME }),
        row({ id: "tcrcv_3", number: "7", customer_id: "cus_carol", company_key: OTHER, document_url: "https://x/y" }),
      ],
    }).store

  it("is fetched from the link the service gave, named after its number", async () => {
    const documentPdf = jest.fn(async () => pdf)
    const outcome = await buyerDocumentPdf(depsOf(withUrl(), documentPdf), "cus_alice", "tcrcv_1")
    expect(outcome).toEqual({ outcome: "document", name: "1042", pdf })
    expect(documentPdf).toHaveBeenCalledWith("https://svc.example/v1/invoice/x")
  })

  it("is refused as unknown for another company's document, without asking the service", async () => {
    const documentPdf = jest.fn(async () => pdf)
    const outcome = await buyerDocumentPdf(depsOf(withUrl(), documentPdf), "cus_alice", "tcrcv_3")
    expect(outcome).toMatchObject({ outcome: "refused", code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND" })
    expect(documentPdf).not.toHaveBeenCalled()
  })

  it("is not ready before the service gave a link, nor while the service says it is not issued", async () => {
    const notYet = await buyerDocumentPdf(depsOf(withUrl()), "cus_alice", "tcrcv_2")
    expect(notYet).toMatchObject({ code: "TRADE_CREDIT_NOT_INVOICED", message: expect.stringContaining("CN-1") })
    const refused = jest.fn(async () => {
      throw new TradeCreditError({ status: 409, code: "NOT_INVOICED", message: "not yet" } as never)
    })
    const outcome = await buyerDocumentPdf(depsOf(withUrl(), refused), "cus_alice", "tcrcv_1")
    expect(outcome).toMatchObject({ outcome: "refused", code: "TRADE_CREDIT_NOT_INVOICED" })
  })
})
