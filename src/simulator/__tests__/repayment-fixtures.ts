import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import type { AccountRequest, LineItem, PlanRequest } from "../../service/schemas"
import { line, totals } from "./helpers"

/** Bodies of the repayment interface (contract section 3) for the simulator's and the client's tests. */

let counter = 0
export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++counter}`

const acmeAddress = {
  address_line_1: "14 Mill Lane",
  address_line_2: "Unit 4",
  city: "Leeds",
  region: "West Yorkshire",
  postal_code: "LS1 4AP",
  country_code: "GB",
}

/** An account of ACME INDUSTRIAL SUPPLIES LTD (GB 08123456, limit 50000.00). */
export function accountBody(overrides: Partial<AccountRequest> = {}): AccountRequest {
  return {
    buyer_company: {
      trade_name: "ACME INDUSTRIAL SUPPLIES LTD",
      official_address: acmeAddress,
      country_code: "GB",
      national_identifier: "08123456",
    },
    billing_address: { ...acmeAddress, address_line_2: null },
    invoice_email: "accounts@acme.example",
    invoice_cc_emails: ["finance@acme.example"],
    account_representative: { first_name: "Jane", last_name: "Doe", phone_number: "+447700900123", email: "jane@acme.example" },
    merchant_account_reference: unique("cus"),
    ...overrides,
  }
}

/** The buyer company of HIGHGATE RISK HOLDINGS LTD (GB 06660666): always declined. */
export const declinedCompany = {
  trade_name: "HIGHGATE RISK HOLDINGS LTD",
  official_address: { address_line_1: "99 Shadow Row", city: "Manchester", postal_code: "M1 1AE", country_code: "GB" },
  country_code: "GB",
  national_identifier: "06660666",
}

/** Two rates: 1200.00 at 20 % and 21.00 at 5 %, 1221.00 in all. */
export const planLines = (): LineItem[] => [
  line("Forklift battery", "1", "1000", "0.200000", { line_item_reference: "li_battery" }),
  line("Service manual", "2", "10", "0.050000", { line_item_reference: "li_manual", type: "DIGITAL" }),
]

export function planBody(accountId: string, overrides: Partial<PlanRequest> & { lines?: LineItem[] } = {}): PlanRequest {
  const { lines, ...rest } = overrides
  const t = totals(lines ?? planLines())
  return {
    reference: unique("plan_ref"),
    description: "Forklift battery in 12 instalments",
    account_id: accountId,
    total_repayment_amount: t.gross_amount,
    currency: "GBP",
    tax_subtotals: t.tax_subtotals,
    consent_date: new Date().toISOString(),
    line_items: t.line_items,
    terms: { period: "MONTHLY", number_of_periods: 12 },
    ...rest,
  }
}

export type Received = { headers: IncomingHttpHeaders; body: string }

/** A webhook receiver on a random port that answers 200 to everything and keeps what it got. */
export async function webhookReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") })
      res.statusCode = 200
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Milliseconds from the simulator's `now` to one hour past midnight (UTC) of `date` ("YYYY-MM-DD"). */
export const msUntil = (now: string, date: string) => Date.parse(`${date}T01:00:00Z`) - Date.parse(now)
