import { parse } from "csv-parse/sync"
import type { ReceivableRow } from "../../modules/trade-credit/types"
import { isOverdue, likeLiteral, receivableFilters, receivableOrder } from "../receivable-filters"
import { decimalOf, receivableView } from "../receivable-view"
import { RECEIVABLE_CSV_COLUMNS, receivableCsvRecord, receivablesCsv } from "../receivables-csv"
import { allReceivables, type ReceivablesDeps } from "../receivables"

const NOW = new Date("2026-04-10T12:00:00.000Z")

const row = (fields: Partial<ReceivableRow> & Record<string, unknown> = {}) =>
  ({
    id: "tcrcv_1",
    kind: "invoice",
    document_id: "inv_1",
    number: "1042",
    status: "open",
    currency_code: "gbp",
    amount: 1200,
    raw_amount: { value: "1200.00", precision: 20 },
    due_at: new Date("2026-04-02T00:00:00.000Z"),
    issued_at: new Date("2026-03-03T00:00:00.000Z"),
    ...fields,
  }) as unknown as ReceivableRow

describe("receivable filters", () => {
  it("reads open and overdue as the open and part-paid documents before and after their due date", () => {
    expect(receivableFilters({ status: "overdue" }, NOW)).toEqual({
      $and: [{ status: ["open", "part_paid"] }, { due_at: { $lt: NOW } }],
    })
    expect(receivableFilters({ status: "open" }, NOW)).toEqual({
      $and: [{ status: ["open", "part_paid"] }, { $or: [{ due_at: null }, { due_at: { $gte: NOW } }] }],
    })
    expect(receivableFilters({ status: "recoursed", kind: "invoice" }, NOW)).toEqual({
      $and: [{ kind: "invoice" }, { status: "recoursed" }],
    })
    expect(receivableFilters({}, NOW)).toEqual({})
  })

  it("searches number, company and reference with the text taken literally", () => {
    expect(likeLiteral("50%_a\\b")).toBe("50\\%\\_a\\\\b")
    const filters = receivableFilters({ q: "  10%  " }, NOW) as { $and: { $or: object[] }[] }
    expect(filters.$and[0].$or).toContainEqual({ number: { $ilike: "%10\\%%" } })
    expect(filters.$and[0].$or).toContainEqual({ company_name: { $ilike: "%10\\%%" } })
    expect(receivableFilters({ q: "   " }, NOW)).toEqual({})
  })

  it("sorts newest issued first by default, documents without the field last, the id breaking ties", () => {
    expect(receivableOrder()).toEqual({ issued_at: "DESC NULLS LAST", id: "DESC" })
    expect(receivableOrder("due_at")).toEqual({ due_at: "ASC NULLS LAST", id: "ASC" })
  })

  it("calls a document overdue only while it is owed and past its due date", () => {
    expect(isOverdue(row(), NOW)).toBe(true)
    expect(isOverdue(row({ status: "part_paid" }), NOW)).toBe(true)
    expect(isOverdue(row({ status: "paid" }), NOW)).toBe(false)
    expect(isOverdue(row({ due_at: new Date("2026-05-01") }), NOW)).toBe(false)
    expect(isOverdue(row({ due_at: null }), NOW)).toBe(false)
  })
})

describe("receivable answers", () => {
  it("writes amounts exactly from the raw value, with two decimals at least", () => {
    expect(decimalOf({ amount: 1200, raw_amount: { value: "1200.00" } }, "amount")).toBe("1200.00")
    expect(decimalOf({ amount: 0.1 + 0.2, raw_amount: { value: "0.3" } }, "amount")).toBe("0.30")
    expect(decimalOf({ amount: "12345678901234567.891" }, "amount")).toBe("12345678901234567.891")
    expect(decimalOf({ amount: -400 }, "amount")).toBe("-400.00")
    expect(decimalOf({ paid_amount: null }, "paid_amount")).toBeNull()
  })

  it("answers a document with its life and whether it is overdue", () => {
    const entry = {
      id: "tcrce_1",
      receivable_id: "tcrcv_1",
      event_id: "evt_1",
      kind: "payment",
      amount: -400,
      raw_amount: { value: "-400.00" },
      currency_code: "gbp",
      occurred_at: new Date("2026-03-03T10:00:00.000Z"),
      reference: null,
    }
    const view = receivableView(row({ status: "part_paid" }), [entry as never], NOW)
    expect(view).toMatchObject({
      amount: "1200.00",
      overdue: true,
      due_at: "2026-04-02T00:00:00.000Z",
      paid_amount: null,
    })
    expect(view.entries).toEqual([
      {
        id: "tcrce_1",
        kind: "payment",
        amount: "-400.00",
        currency_code: "gbp",
        occurred_at: "2026-03-03T10:00:00.000Z",
        reference: null,
      },
    ])
  })
})

describe("receivables CSV", () => {
  const module = (rows: ReceivableRow[]) => {
    const listReceivables = jest.fn(async (_filters: unknown, config: { take: number; skip: number }) =>
      rows.slice(config.skip, config.skip + config.take),
    )
    return { deps: { module: { listReceivables } } as unknown as ReceivablesDeps, listReceivables }
  }

  it("writes a header, exact amounts, ISO times, quoted texts and formulas defused", () => {
    const record = receivableCsvRecord(
      row({ company_name: '=HYPERLINK("http://x"), "Best" Ltd', company_key: "GB:08123456", order_id: "order_1" }),
      NOW,
    )
    const [fields] = parse(record) as string[][]
    const byColumn = Object.fromEntries(RECEIVABLE_CSV_COLUMNS.map((column, i) => [column, fields[i]]))
    expect(byColumn).toMatchObject({
      kind: "invoice",
      number: "1042",
      status: "open",
      overdue: "yes",
      company_name: `'=HYPERLINK("http://x"), "Best" Ltd`,
      company: "GB:08123456",
      currency: "GBP",
      amount: "1200.00",
      paid_amount: "",
      issued_at: "2026-03-03T00:00:00.000Z",
      due_at: "2026-04-02T00:00:00.000Z",
    })
  })

  it("reads every document a batch at a time, and answers only the header for none", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => row({ id: `tcrcv_${i}`, number: `N${i}` }))
    const { deps, listReceivables } = module(rows)
    const batches: ReceivableRow[][] = []
    for await (const batch of allReceivables(deps, {}, NOW, 2)) batches.push(batch)
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1])
    expect(listReceivables).toHaveBeenCalledTimes(3)

    const chunks: string[] = []
    for await (const chunk of receivablesCsv(deps, {}, NOW)) chunks.push(chunk)
    expect(parse(chunks.join(""))).toHaveLength(6)
    const empty: string[] = []
    for await (const chunk of receivablesCsv(module([]).deps, {}, NOW)) empty.push(chunk)
    expect(empty).toEqual([`${RECEIVABLE_CSV_COLUMNS.join(",")}\r\n`])
  })
})
