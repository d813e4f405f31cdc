import { type TradeCreditClient, TradeCreditError } from ".."
import { createOrderBody } from "./fixtures"
import { type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * orders.documentPdf: one invoice or credit note by the URL the service gave for
 * it, fetched with the API key only when the URL is under the client's base URL.
 */

let sim: Simulator
let client: TradeCreditClient

const control = (method: string, path: string, body?: unknown) => simulatorControl(sim, method, path, body)

beforeAll(async () => {
  ;({ sim, client } = await startSimulatorClient())
})

afterAll(async () => {
  await client?.close()
  await sim?.close()
})

describe("orders.documentPdf", () => {
  it("fetches each fulfilment's invoice and each refund's credit note by its URL", async () => {
    const { items } = await client.companies.search({ country: "GB", q: "acme", limit: 1 })
    const merchantOrderId = `cart_doc_${Date.now().toString(36)}`
    const created = await client.orders.create(
      createOrderBody({ company_canonical_id: items[0].canonical_id }, merchantOrderId),
      {
        idempotencyKey: `${merchantOrderId}:create`,
      },
    )
    await control("POST", `/orders/${created.id}/verify`, { approve: true })
    await client.orders.confirm(created.id, { idempotencyKey: `${merchantOrderId}:confirm` })
    const fulfilled = await client.orders.fulfil(created.id, undefined, { idempotencyKey: `${merchantOrderId}:fulfil` })
    const refund = await client.orders.refund(created.id, undefined, { idempotencyKey: `${merchantOrderId}:refund` })

    const invoice = await client.orders.documentPdf(fulfilled.fulfilments[0].invoice_url)
    expect(invoice.contentType).toMatch(/^application\/pdf/)
    expect(invoice.body.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    const creditNote = await client.orders.documentPdf(refund.credit_note_url!)
    expect(creditNote.body.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    expect(Buffer.compare(invoice.body, creditNote.body)).not.toBe(0)
  })

  it("refuses a URL off the service's base URL before any call, so the API key never leaves", async () => {
    const before = (await control("GET", "/requests")).items.length
    const elsewhere = [
      "https://attacker.example/v1/invoice/x/pdf",
      `${sim.url.replace("127.0.0.1", "localhost")}/v1/invoice/x/pdf`,
      `${sim.url.replace("http://", "http://user:pass@")}/v1/invoice/x/pdf`,
      "not a url",
    ]
    for (const url of elsewhere) {
      const error = await client.orders.documentPdf(url).then(
        () => undefined,
        (e) => e,
      )
      expect(error).toBeInstanceOf(TradeCreditError)
      expect(error.code).toBe("INVALID_REQUEST")
    }
    expect((await control("GET", "/requests")).items.length).toBe(before)
  })
})
