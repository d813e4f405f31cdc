import { type TradeCreditClient, TradeCreditError } from ".."
import { errorBody, type ScriptedServer, useScriptedClient } from "./scripted-server"

/**
 * `GET /v1/order/{order_id}/invoice_details` (issue #38): the invoice as the service has it now, read as the published
 * InvoiceDetailsWithStatusSchema allows it (the required totals, nulls, fields added later); 409 is "not invoiced
 * yet" (null), 404 an order the service does not know.
 */

const scripted = useScriptedClient()
let server: ScriptedServer
let client: TradeCreditClient
beforeAll(() => ({ server, client } = scripted))

const required = {
  id: "3f1d7a52-9a55-4c8e-8a59-2b4f59c3a0c1",
  gross_amount: "120.5",
  net_amount: "100.42",
  tax_amount: "20.08",
  total_paid_amount: "40",
  total_credited_amount: "0.00",
  total_collected_amount: "0.00",
  total_recoursed_amount: "0.00",
  unpaid_amount: "80.50",
  last_updated: "2026-03-03T10:00:00Z",
}

describe("orders.invoiceDetails", () => {
  it("reads the required totals as money, and what is not sent as null", async () => {
    server.script({ status: 200, body: required })
    const read = await client.orders.invoiceDetails("ord_1")
    expect(read).toEqual({
      ...required,
      gross_amount: "120.50",
      total_paid_amount: "40.00",
      payment_status: null,
      invoice_number: null,
      invoice_issue_date: null,
      due_date: null,
      invoice_url: null,
      payment_reference: null,
    })
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", url: "/v1/order/ord_1/invoice_details" })
  })

  it("keeps a payment status it does not know and drops fields it does not read", async () => {
    server.script({
      status: 200,
      body: { ...required, payment_status: "SOMETHING_NEW", due_date: "2026-04-02", payee: { iban: "x" } },
    })
    const read = await client.orders.invoiceDetails("ord_1")
    expect(read).toMatchObject({ payment_status: "SOMETHING_NEW", due_date: "2026-04-02" })
    expect(read).not.toHaveProperty("payee")
  })

  it("answers null for an order not invoiced yet (409) and refuses an unknown one (404)", async () => {
    server.script({ status: 409, body: errorBody("INVALID_STATE", "The order is not invoiced") })
    expect(await client.orders.invoiceDetails("ord_1")).toBeNull()
    server.script({ status: 404, body: errorBody("NOT_FOUND", "No such order") })
    const refused = await client.orders.invoiceDetails("ord_2").catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TradeCreditError)
    expect(refused).toMatchObject({ code: "NOT_FOUND", status: 404 })
  })

  it("refuses an answer without its totals (CONTRACT_VIOLATION)", async () => {
    const { unpaid_amount: _unpaid, ...partial } = required
    server.script({ status: 200, body: partial })
    await expect(client.orders.invoiceDetails("ord_1")).rejects.toMatchObject({ code: "CONTRACT_VIOLATION" })
  })
})
