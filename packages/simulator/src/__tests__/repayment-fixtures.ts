import BigNumber from "bignumber.js"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import type { AccountCreate, PlanCreate, PlanLineItem, TaxSubtotal } from "../contract/repayment"

/**
 * Bodies of the repayment interface (contract section 3, as corrected in section 8) for the simulator's and the
 * client's tests, typed by the simulator's own reading (src/simulator/contract/repayment.ts).
 */

let counter = 0
/** A unique value in `[A-Za-z0-9_-]` of at most 40 characters (a plan reference, an idempotency key). */
export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++counter}`.slice(-40)

const acmeAddress = {
  address_line_1: "14 Mill Lane",
  address_line_2: "Unit 4",
  city: "Leeds",
  region: "West Yorkshire",
  postal_code: "LS1 4AP",
  country_code: "GB" as const,
}

export const representative = {
  first_name: "Jane",
  last_name: "Doe",
  phone_number: "+447700900123",
  email: "jane@acme.example",
}

/** An account of ACME INDUSTRIAL SUPPLIES LTD (GB 08123456, limit 50000.00). */
export function accountBody(overrides: Partial<AccountCreate> = {}): AccountCreate {
  return {
    buyer_company: {
      trade_name: "ACME-INDUSTRIAL-SUPPLIES-LTD",
      official_address: acmeAddress,
      country_code: "GB",
      national_identifier: "08123456",
    },
    billing_address: { ...acmeAddress, address_line_2: undefined },
    invoice_email: "accounts@acme.example",
    invoice_cc_emails: ["finance@acme.example"],
    account_representative: representative,
    merchant_account_reference: unique("cus"),
    ...overrides,
  }
}

/** The buyer company of HIGHGATE RISK HOLDINGS LTD (GB 06660666): always declined. */
export const declinedCompany = {
  trade_name: "HIGHGATE-RISK-HOLDINGS-LTD",
  official_address: {
    address_line_1: "99 Shadow Row",
    city: "Manchester",
    postal_code: "M1 1AE",
    country_code: "GB" as const,
  },
  country_code: "GB" as const,
  national_identifier: "06660666",
}

/**
 * A fixture line always carries a `description`: the client's reading requires it (the simulator's leaves it
 * optional, as the published document does), so the same fixtures serve both sides' tests without casts.
 */
export type DescribedPlanLine = PlanLineItem & { description: string }
export type DescribedPlanCreate = Omit<PlanCreate, "line_items"> & { line_items: DescribedPlanLine[] }

/** A plan line in the repayment interface's names; its net is quantity x (unit price - unit discount). */
export function planLine(
  name: string,
  quantity: string,
  unitPrice: string,
  taxRate = "0.200000",
  extra: Partial<DescribedPlanLine> = {},
): DescribedPlanLine {
  return {
    name,
    description: `${name}, as the shop describes it`,
    product_identifiers: [],
    unit_price_amount: new BigNumber(unitPrice).toFixed(2),
    tax_rate: taxRate,
    tax_class_name: `VAT ${new BigNumber(taxRate).times(100).toFixed()}%`,
    quantity,
    quantity_unit_name: "pcs",
    line_item_type: "PHYSICAL",
    ...extra,
  }
}

/** The tax subtotals and total of plan lines: per rate, the lines' net and that net x rate to the cent. */
export function planTotals(lines: PlanLineItem[]): { total_repayment_amount: string; tax_subtotals: TaxSubtotal[] } {
  const rates = [...new Set(lines.map((l) => l.tax_rate))].sort()
  const tax_subtotals = rates.map((rate) => {
    const net = lines
      .filter((l) => l.tax_rate === rate)
      .reduce(
        (acc, l) =>
          acc.plus(
            new BigNumber(l.quantity).times(new BigNumber(l.unit_price_amount).minus(l.unit_discount_amount ?? 0)),
          ),
        new BigNumber(0),
      )
      .decimalPlaces(2, BigNumber.ROUND_HALF_UP)
    const tax = net.times(rate).decimalPlaces(2, BigNumber.ROUND_HALF_UP)
    return { tax_rate: rate, taxable_amount: net.toFixed(2), tax_amount: tax.toFixed(2) }
  })
  const total = tax_subtotals.reduce((acc, t) => acc.plus(t.taxable_amount).plus(t.tax_amount), new BigNumber(0))
  return { total_repayment_amount: total.toFixed(2), tax_subtotals }
}

/** Two rates: 1200.00 at 20 % and 21.00 at 5 %, 1221.00 in all. */
export const planLines = (): DescribedPlanLine[] => [
  planLine("Forklift battery", "1", "1000", "0.200000", {
    product_identifiers: [{ value: "BAT-1000", identifier_type: "SKU" }],
  }),
  planLine("Service manual", "2", "10", "0.050000", { line_item_type: "DIGITAL" }),
]

export const shippingAddress = { ...acmeAddress }

export function planBody(
  accountId: string,
  overrides: Partial<Omit<PlanCreate, "line_items">> & { lines?: DescribedPlanLine[] } = {},
): DescribedPlanCreate {
  const { lines, ...rest } = overrides
  const line_items = lines ?? planLines()
  return {
    reference: unique("plan_ref"),
    description: "Forklift battery in 12 instalments",
    account_id: accountId,
    ...planTotals(line_items),
    currency: "GBP",
    consent_date: new Date().toISOString().slice(0, 10),
    line_items,
    buyer_representative: representative,
    shipping_address: shippingAddress,
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
