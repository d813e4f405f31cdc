import { Modules } from "@medusajs/framework/utils"
import { parse } from "csv-parse/sync"
import { TRADE_CREDIT_MODULE } from "../../../src/modules/trade-credit"
import { loginAdmin } from "../../helpers/admin"
import { areaPart } from "../../helpers/area"

/**
 * The admin's receivables routes (issue #38) over documents kept in the plugin's module (seeded through its service,
 * as the webhook pipeline writes them): the Receivables page's list with its filters (overdue: open or part paid past
 * the due date, read by PostgreSQL), search, sort and paging; its CSV export (header, exact amounts, ISO times,
 * quoting, formulas defused); a customer's companies with their credit and arrears; the events received but not acted
 * on. Admin only; bad queries are 400 with a code.
 */
const DAY = 24 * 60 * 60 * 1000
const at = (days: number) => new Date(Date.now() + days * DAY)
const COMPANY = 'Brightwater, "Office" Ltd'

export default areaPart("admin-receivables", ({ api, getContainer }) => {
  let headers: Record<string, string>
  let customerId: string
  const call = (url: string) => api.request({ method: "GET", url, headers, validateStatus: () => true })
  const tradeCredit = () => getContainer().resolve(TRADE_CREDIT_MODULE) as any
  const numbers = async (query: string) => {
    const res = await call(`/admin/trade-credit/receivables${query}`)
    expect([res.status, res.data.code]).toEqual([200, undefined])
    return res.data.receivables.map((r: any) => r.number)
  }

  /** One document and its life, as the pipeline writes them. */
  async function seed(input: Record<string, unknown>, entries: Record<string, unknown>[] = []) {
    const row = await tradeCredit().upsertReceivable({ kind: "invoice", currency_code: "gbp", ...input })
    for (const entry of entries) await tradeCredit().addReceivableEntry(row.id, { currency_code: "gbp", ...entry })
    return row
  }

  beforeAll(async () => {
    headers = await loginAdmin(getContainer(), api)
    const [customer] = await getContainer()
      .resolve(Modules.CUSTOMER)
      .createCustomers([{ email: "finance@brightwater.example", company_name: "Brightwater" }])
    customerId = customer.id
    const company = { company_key: "GB:08123456", company_name: COMPANY, customer_id: customerId }
    await seed(
      {
        ...company,
        document_id: "inv_1042",
        number: "1042",
        order_id: "order_receivables_a",
        amount: "1200.00",
        paid_amount: "400.00",
        outstanding_amount: "800.00",
        status: "part_paid",
        issued_at: at(-38),
        due_at: at(-8),
      },
      [
        { event_id: "evt_rcv_1", kind: "invoiced", amount: "1200.00", occurred_at: at(-38) },
        { event_id: "evt_rcv_2", kind: "payment", amount: "-400.00", occurred_at: at(-37), reference: "PAY-1" },
      ],
    )
    await seed({
      ...company,
      document_id: "inv_1043",
      number: "1043",
      amount: "99.99",
      issued_at: at(-5),
      due_at: at(25),
    })
    await seed({
      document_id: "inv_1044",
      number: "1044",
      company_key: "US:99-1234567",
      company_name: "=cmd|' /C calc'!A0",
      amount: "12345678901234.57",
      status: "paid",
      paid_amount: "12345678901234.57",
      issued_at: at(-30),
      due_at: at(0),
      settled_at: at(-2),
    })
    await seed({
      document_id: "inv_1045",
      number: "1045",
      amount: "50.00",
      status: "in_collection",
      issued_at: at(-90),
      due_at: at(-60),
    })
    await seed({
      ...company,
      document_id: "inv_1046",
      number: "1046",
      amount: "1200.00",
      recoursed_amount: "1200.00",
      status: "recoursed",
      issued_at: at(-120),
      due_at: at(-90),
    })
    await seed({
      ...company,
      kind: "credit_note",
      document_id: "ref_1",
      number: "CN-7",
      amount: "300.00",
      status: "credited",
      issued_at: at(-20),
    })
    await seed({
      ...company,
      kind: "statement",
      document_id: "bp_1",
      number: "S-3",
      amount: "450.10",
      issued_at: at(-1),
      due_at: null,
    })
    await seed({
      ...company,
      kind: "instalment_invoice",
      document_id: "ii_1",
      number: "50%_off",
      amount: "75.00",
      issued_at: at(-3),
      due_at: at(-1),
    })
  })

  it("lists the documents newest first with their lives, and filters them as the page does", async () => {
    const all = await call("/admin/trade-credit/receivables")
    expect(all.status).toBe(200)
    expect(all.data).toMatchObject({ count: 8, limit: 20, offset: 0 })
    expect(all.data.receivables.map((r: any) => r.number)).toEqual([
      "S-3",
      "50%_off",
      "1043",
      "CN-7",
      "1044",
      "1042",
      "1045",
      "1046",
    ])
    const overdue = all.data.receivables.find((r: any) => r.number === "1042")
    expect(overdue).toMatchObject({
      kind: "invoice",
      status: "part_paid",
      overdue: true,
      amount: "1200.00",
      paid_amount: "400.00",
      outstanding_amount: "800.00",
      recoursed_amount: null,
      company_name: COMPANY,
      order_id: "order_receivables_a",
      due_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    })
    expect(overdue.entries.map((e: any) => [e.kind, e.amount, e.reference])).toEqual([
      ["invoiced", "1200.00", null],
      ["payment", "-400.00", "PAY-1"],
    ])
    expect(all.data.receivables.find((r: any) => r.number === "1044").amount).toBe("12345678901234.57")

    // The five statuses the merchant picks from never overlap: open and overdue are owed before and after the due date.
    expect(await numbers("?status=overdue")).toEqual(["50%_off", "1042"])
    expect(await numbers("?status=open")).toEqual(["S-3", "1043"])
    expect(await numbers("?status=paid")).toEqual(["1044"])
    expect(await numbers("?status=in_collection")).toEqual(["1045"])
    expect(await numbers("?status=recoursed")).toEqual(["1046"])
    expect(await numbers("?kind=credit_note")).toEqual(["CN-7"])
    expect(await numbers("?kind=invoice&status=overdue")).toEqual(["1042"])
    expect(await numbers("?order_id=order_receivables_a")).toEqual(["1042"])
    expect(await numbers(`?customer_id=${customerId}&kind=invoice`)).toEqual(["1043", "1042", "1046"])

    // Search: the number, the company's name (any case) or organization number; the text taken literally.
    expect(await numbers("?q=1042")).toEqual(["1042"])
    expect(await numbers("?q=BRIGHTWATER&kind=invoice")).toEqual(["1043", "1042", "1046"])
    expect(await numbers("?q=99-1234567")).toEqual(["1044"])
    expect(await numbers("?q=50%25_")).toEqual(["50%_off"])
    expect(await numbers("?q=%25")).toEqual(["50%_off"])
    expect(await numbers("?q=nobody")).toEqual([])

    // Sort and paging: the count is the query's, whatever the page.
    expect(await numbers("?order=due_at&status=overdue")).toEqual(["1042", "50%_off"])
    expect(await numbers("?order=-amount&kind=invoice&limit=1")).toEqual(["1044"])
    expect(await numbers("?order=amount&kind=invoice&limit=2")).toEqual(["1045", "1043"])
    const page = await call("/admin/trade-credit/receivables?limit=3&offset=3")
    expect([page.data.count, page.data.limit, page.data.offset]).toEqual([8, 3, 3])
    expect(page.data.receivables.map((r: any) => r.number)).toEqual(["CN-7", "1044", "1042"])
  })

  it("refuses bad queries with a code, and anyone but an admin", async () => {
    for (const query of [
      "status=late",
      "kind=receipt",
      "limit=0",
      "limit=101",
      "offset=-1",
      "order=created_at",
      "page=2",
      `q=${"x".repeat(101)}`,
      "q=%00",
      "q=a&q=b",
      "status[]=paid",
      "order_id=a%20b",
    ]) {
      const res = await call(`/admin/trade-credit/receivables?${query}`)
      expect([query, res.status, res.data.code]).toEqual([query, 400, "TRADE_CREDIT_INVALID_QUERY"])
    }
    const bad = await call("/admin/trade-credit/receivables/export?status=late")
    expect([bad.status, bad.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_QUERY"])
    for (const url of [
      "/admin/trade-credit/receivables",
      "/admin/trade-credit/receivables/export",
      "/admin/trade-credit/received-events",
      `/admin/trade-credit/receivables/companies?customer_id=${customerId}`,
    ]) {
      const anonymous = await api.get(url, { validateStatus: () => true })
      expect([url, anonymous.status]).toEqual([url, 401])
    }
  })

  it("exports the selected documents as CSV: header, exact amounts, ISO times, quoting, formulas defused", async () => {
    // As bytes: axios would take the byte order mark away from a text.
    const url = "/admin/trade-credit/receivables/export?kind=invoice"
    const res = await api.request({ method: "GET", url, headers, responseType: "arraybuffer", validateStatus: () => true })
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8")
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="receivables-\d{4}-\d\d-\d\d\.csv"$/)
    const bytes = Buffer.from(res.data)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString("utf8")
    expect(text.split("\r\n")[0]).toBe(
      [
        "kind",
        "number",
        "status",
        "overdue",
        "company_name",
        "company",
        "order_id",
        "customer_id",
        "currency",
        "amount",
        "paid_amount",
        "credited_amount",
        "collected_amount",
        "recoursed_amount",
        "outstanding_amount",
        "issued_at",
        "due_at",
        "settled_at",
        "payment_reference",
        "document_id",
      ].join(","),
    )
    // The company's name with a comma and quotes, quoted as RFC 4180 says.
    expect(text).toContain(`"Brightwater, ""Office"" Ltd"`)
    const records = parse(text, { columns: true }) as Record<string, string>[]
    expect(records.map((r) => r.number)).toEqual(["1043", "1044", "1042", "1045", "1046"])
    const byNumber = Object.fromEntries(records.map((r) => [r.number, r]))
    expect(byNumber["1042"]).toMatchObject({
      kind: "invoice",
      status: "part_paid",
      overdue: "yes",
      company_name: COMPANY,
      company: "GB:08123456",
      order_id: "order_receivables_a",
      customer_id: customerId,
      currency: "GBP",
      amount: "1200.00",
      paid_amount: "400.00",
      credited_amount: "",
      outstanding_amount: "800.00",
      document_id: "inv_1042",
    })
    expect(byNumber["1042"].due_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(new Date(byNumber["1042"].due_at).getTime()).toBeLessThan(Date.now())
    expect(byNumber["1044"]).toMatchObject({
      amount: "12345678901234.57",
      company_name: "'=cmd|' /C calc'!A0",
      overdue: "no",
    })
    expect(byNumber["1046"]).toMatchObject({ status: "recoursed", recoursed_amount: "1200.00" })

    // The list's filters hold: only the overdue ones; none selected is the header alone.
    const overdueCsv = (await call("/admin/trade-credit/receivables/export?status=overdue")).data
    const overdue = parse(overdueCsv, { columns: true, bom: true })
    expect(overdue.map((r: any) => r.number)).toEqual(["50%_off", "1042"])
    const none = await call("/admin/trade-credit/receivables/export?q=nobody")
    expect(none.data.split("\r\n")).toEqual([text.split("\r\n")[0], ""])
  })

  it("answers a customer's companies with their credit and arrears as the service last told them", async () => {
    const before = await call(`/admin/trade-credit/receivables/companies?customer_id=${customerId}`)
    expect(before.status).toBe(200)
    expect(before.data.companies).toEqual([
      { country_code: "GB", organization_number: "08123456", company_name: COMPANY, source: "orders", credit: null },
    ])

    await tradeCredit().applyCompanyCreditEvent({
      organization_number: "08123456",
      country_code: "GB",
      company_name: "Brightwater Office Ltd",
      at: at(-1),
      limit: {
        currency_code: "GBP",
        credit_limit: "5000.00",
        credit_limit_balance: "3800.00",
        max_single_order_value: "2500.00",
        credit_approved: true,
        decline_reason: null,
        in_arrears: false,
      },
    })
    // The arrears events name no country: their row is the company's all the same.
    await tradeCredit().applyCompanyCreditEvent({
      organization_number: "08123456",
      country_code: null,
      company_name: "Brightwater Office Ltd",
      at: at(0),
      arrears: {
        arrears_state: "blocked",
        days_in_arrears: 8,
        earliest_invoice_number: "1042",
        earliest_invoice_due_date: "2026-04-02",
      },
    })
    const after = await call(`/admin/trade-credit/receivables/companies?customer_id=${customerId}`)
    expect(after.data.companies).toHaveLength(1)
    expect(after.data.companies[0].credit).toMatchObject({
      currency_code: "GBP",
      credit_limit: "5000.00",
      credit_limit_balance: "3800.00",
      max_single_order_value: "2500.00",
      credit_approved: true,
      in_arrears: true,
      arrears_state: "blocked",
      days_in_arrears: 8,
      earliest_invoice_number: "1042",
      earliest_invoice_due_date: "2026-04-02",
    })

    const ghost = await call("/admin/trade-credit/receivables/companies?customer_id=cus_01NOSUCHCUSTOMER000000000")
    expect([ghost.status, ghost.data.code]).toEqual([404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"])
    const missing = await call("/admin/trade-credit/receivables/companies")
    expect([missing.status, missing.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_QUERY"])
  })

  it("lists the event types received but not acted on, the latest first, with their counts", async () => {
    expect((await call("/admin/trade-credit/received-events")).data).toEqual({
      received_events: [],
      count: 0,
      limit: 50,
      offset: 0,
    })
    await tradeCredit().countReceivedEventType("credit_line.updated.v1", new Date("2026-03-01T09:00:00.000Z"))
    await tradeCredit().countReceivedEventType("workflow.completed.v1", new Date("2026-03-02T09:00:00.000Z"))
    await tradeCredit().countReceivedEventType("credit_line.updated.v1", new Date("2026-03-03T09:00:00.000Z"))
    const res = await call("/admin/trade-credit/received-events")
    expect(res.status).toBe(200)
    expect(res.data).toEqual({
      received_events: [
        { type: "credit_line.updated.v1", count: 2, last_received_at: "2026-03-03T09:00:00.000Z" },
        { type: "workflow.completed.v1", count: 1, last_received_at: "2026-03-02T09:00:00.000Z" },
      ],
      count: 2,
      limit: 50,
      offset: 0,
    })
    const bad = await call("/admin/trade-credit/received-events?limit=1000")
    expect([bad.status, bad.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_QUERY"])
  })
})
