import { adminRequester, loginAdmin } from "../../helpers/admin"
import { areaPart, areaSimulator } from "../../helpers/area"
import { invoicedOrderPdfUrl, moduleOf, seedDocument, tradeAccountOf } from "../../helpers/documents"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()
const BASE = "/store/trade-credit/documents"
const PASSWORD = "documents-password-1"

/**
 * The buyer's documents (issue #38): a logged-in customer reads the invoices, credit notes, instalment invoices and
 * statements of their own orders and of their trade account's company, and downloads their PDFs; never another
 * company's, whose documents are answered as documents that do not exist.
 */
export default areaPart("buyer-documents", ({ api, getContainer }) => {
  let seed: any
  let customers = 0
  const docs: Record<string, { id: string }> = {}
  const buyers: Record<string, Awaited<ReturnType<typeof registerCustomer>>> = {}

  /** A registered, logged-in customer: `call` answers whatever the status (the body as JSON, or bytes for a PDF). */
  async function registerCustomer(first_name: string) {
    const email = `${first_name.toLowerCase()}.docs.${++customers}@example.com`
    const pk = { "x-publishable-api-key": seed.publishableKey }
    const registered = await api.post("/auth/customer/emailpass/register", { email, password: PASSWORD })
    const { data } = await api.post(
      "/store/customers",
      { email, first_name, last_name: "Buyer" },
      { headers: { ...pk, authorization: `Bearer ${registered.data.token}` } },
    )
    const login = await api.post("/auth/customer/emailpass", { email, password: PASSWORD })
    const headers = { ...pk, authorization: `Bearer ${login.data.token}` }
    const call = (url: string, options: { responseType?: "arraybuffer" } = {}) =>
      api.request({ method: "GET", url, headers, validateStatus: () => true, ...options })
    return { id: data.customer.id as string, call }
  }

  const idsOf = async (buyer: { call: (url: string) => Promise<any> }) => {
    const res = await buyer.call(BASE)
    expect(res.status).toBe(200)
    return res.data.documents.map((d: { id: string }) => d.id).sort()
  }

  beforeAll(async () => {
    seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
    for (const name of ["Alice", "Bob", "Carol", "Dave"]) buyers[name] = await registerCustomer(name)
    const module = moduleOf(getContainer())
    // Alice and Bob buy for Acme (users of its trade account), Carol for Zenith; Dave has no trade account.
    await tradeAccountOf(module, {
      country: "GB",
      organizationNumber: "08123456",
      name: "Acme",
      customerIds: [buyers.Alice.id, buyers.Bob.id],
    })
    await tradeAccountOf(module, {
      country: "GB",
      organizationNumber: "07654321",
      name: "Zenith",
      customerIds: [buyers.Carol.id],
    })
    const pdfUrl = await invoicedOrderPdfUrl(simulator.sim!)
    const acme = { company_key: "GB:08123456", company_name: "ACME INDUSTRIAL SUPPLIES LTD" }
    docs.alice = await seedDocument(module, {
      ...acme,
      customer_id: buyers.Alice.id,
      number: "INV-000001",
      document_url: pdfUrl,
    })
    docs.bob = await seedDocument(module, {
      ...acme,
      customer_id: buyers.Bob.id,
      kind: "credit_note",
      number: "CN-000001",
      amount: "-100.00",
      status: "credited",
    })
    docs.statement = await seedDocument(module, {
      ...acme,
      kind: "statement",
      number: "7",
      amount: "640.00",
      outstanding_amount: "320.00",
      status: "part_paid",
    })
    docs.carol = await seedDocument(module, {
      company_key: "GB:07654321",
      customer_id: buyers.Carol.id,
      number: "INV-000009",
      document_url: pdfUrl,
    })
    docs.dave = await seedDocument(module, {
      company_key: "GB:08123456",
      customer_id: buyers.Dave.id,
      number: "INV-000010",
      status: "paid",
    })
  })

  it("refuses a visitor who is not logged in: 401 with a code", async () => {
    for (const url of [BASE, `${BASE}/${docs.alice.id}/pdf`]) {
      const res = await api.get(url, {
        headers: { "x-publishable-api-key": seed.publishableKey },
        validateStatus: () => true,
      })
      expect(res.status).toBe(401)
      expect(res.data).toMatchObject({ type: "unauthorized", code: "TRADE_CREDIT_UNAUTHORIZED" })
    }
  })

  it("shows a customer their own documents and their company's, in the buyer's terms", async () => {
    const all = [docs.alice.id, docs.bob.id, docs.statement.id, docs.dave.id].sort()
    expect(await idsOf(buyers.Alice)).toEqual(all)
    expect(await idsOf(buyers.Bob)).toEqual(all)
    const { data } = await buyers.Alice.call(BASE)
    expect(data).toMatchObject({ count: 4, limit: 50, offset: 0 })
    expect(data.documents.find((d: any) => d.id === docs.statement.id)).toEqual({
      id: docs.statement.id,
      kind: "statement",
      number: "7",
      order_id: null,
      currency_code: "GBP",
      amount: "640.00",
      paid_amount: null,
      outstanding_amount: "320.00",
      status: "part_paid",
      overdue: expect.any(Boolean),
      issued_at: "2026-02-02T00:00:00.000Z",
      due_at: "2026-03-03T00:00:00.000Z",
      settled_at: null,
      pdf_available: false,
    })
    // Nothing of the service's or of other customers: no link, no customer or company key.
    expect(JSON.stringify(data)).not.toMatch(/document_url|customer_id|company_key|\/v1\/invoice/)
    const page = await buyers.Alice.call(`${BASE}?limit=1&offset=1`)
    expect(page.data).toMatchObject({ count: 4, limit: 1, offset: 1 })
    expect(page.data.documents).toHaveLength(1)
    expect((await buyers.Alice.call(`${BASE}?limit=500`)).data).toMatchObject({ code: "TRADE_CREDIT_INVALID_QUERY" })
  })

  it("never shows a customer of another company, or of none, the company's documents", async () => {
    expect(await idsOf(buyers.Carol)).toEqual([docs.carol.id])
    expect(await idsOf(buyers.Dave)).toEqual([docs.dave.id])
  })

  it("downloads the PDF of one's own document, and of no other company's: those are answered as none", async () => {
    const own = await buyers.Alice.call(`${BASE}/${docs.alice.id}/pdf`, { responseType: "arraybuffer" })
    expect(own.status).toBe(200)
    expect(own.headers["content-type"]).toBe("application/pdf")
    expect(own.headers["content-disposition"]).toBe('attachment; filename="INV-000001.pdf"')
    expect(Buffer.from(own.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")

    for (const [buyer, id] of [
      [buyers.Carol, docs.alice.id],
      [buyers.Dave, docs.alice.id],
      [buyers.Alice, docs.carol.id],
      [buyers.Carol, "tcrcv_01NOSUCHDOCUMENT"],
    ] as const) {
      const refused = await buyer.call(`${BASE}/${id}/pdf`)
      expect(refused.status).toBe(404)
      expect(refused.data).toEqual({
        type: "not_found",
        code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
        message: `You have no document ${id}`,
      })
    }
  })

  it("says a document's PDF is not ready yet until the service gave one", async () => {
    const res = await buyers.Bob.call(`${BASE}/${docs.bob.id}/pdf`)
    expect(res.status).toBe(409)
    expect(res.data).toMatchObject({
      code: "TRADE_CREDIT_NOT_INVOICED",
      message: expect.stringContaining("credit note CN-000001 is not ready yet"),
    })
  })
})
