import BigNumber from "bignumber.js"
import type { CreateOrderRequest, LineItem } from "../contract/orders"
import { SIMULATOR_API_KEY, type RunningSimulator } from "../index"

export type Answer<T = any> = { status: number; body: T; text: string; headers: Headers }

/** A call to the simulator over real HTTP. */
export async function call<T = any>(
  sim: RunningSimulator,
  method: string,
  path: string,
  options: {
    body?: unknown
    key?: string | null
    idempotencyKey?: string
    headers?: Record<string, string>
    redirect?: RequestRedirect
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers }
  const key = options.key === undefined ? SIMULATOR_API_KEY : options.key
  if (key !== null) headers["X-Api-Key"] = key
  if (options.idempotencyKey !== undefined) headers["Idempotency-Key"] = options.idempotencyKey
  if (options.body !== undefined) headers["Content-Type"] = "application/json"
  const response = await fetch(sim.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: options.redirect ?? "manual",
  })
  const text = await response.text()
  let body: any = text
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  return { status: response.status, body, text, headers: response.headers }
}

export const control = (sim: RunningSimulator, method: string, path: string, body?: unknown) =>
  call(sim, method, `/_sim${path}`, { body, key: null })

/** A line whose amounts follow the service's arithmetic. */
export function line(
  name: string,
  quantity: string,
  unitPrice: string,
  taxRate = "0.200000",
  extra: Partial<LineItem> = {},
): LineItem {
  const net = new BigNumber(quantity).times(unitPrice).decimalPlaces(2, BigNumber.ROUND_HALF_UP)
  const tax = net.times(taxRate).decimalPlaces(2, BigNumber.ROUND_HALF_UP)
  return {
    name,
    description: `${name}, as the shop describes it`,
    quantity,
    quantity_unit: "pcs",
    unit_price: new BigNumber(unitPrice).toFixed(6),
    net_amount: net.toFixed(2),
    tax_amount: tax.toFixed(2),
    gross_amount: net.plus(tax).toFixed(2),
    discount_amount: "0.00",
    tax_rate: taxRate,
    tax_class_name: `VAT ${new BigNumber(taxRate).times(100).toFixed()}%`,
    type: "PHYSICAL",
    ...extra,
  }
}

const sum = (lines: LineItem[], field: "net_amount" | "tax_amount" | "gross_amount") =>
  lines.reduce((acc, l) => acc.plus(l[field]), new BigNumber(0)).toFixed(2)

/** Totals and tax subtotals of some lines, as create, edit and fulfil bodies carry them. */
export function totals(lines: LineItem[]) {
  const rates = [...new Set(lines.map((l) => l.tax_rate))].sort()
  return {
    gross_amount: sum(lines, "gross_amount"),
    net_amount: sum(lines, "net_amount"),
    tax_amount: sum(lines, "tax_amount"),
    tax_subtotals: rates.map((rate) => {
      const of = lines.filter((l) => l.tax_rate === rate)
      return { tax_rate: rate, taxable_amount: sum(of, "net_amount"), tax_amount: sum(of, "tax_amount") }
    }),
    line_items: lines,
  }
}

/** ACME INDUSTRIAL SUPPLIES LTD of the fixtures. */
export const ACME_ID = "cmpgb08123456"

export const address = {
  organization_name: "ACME INDUSTRIAL SUPPLIES LTD",
  street_address: "14 Mill Lane",
  postal_code: "LS1 4AP",
  city: "Leeds",
  country: "GB",
}

export const defaultLines = () => [
  line("Pallet of bricks", "2", "100", "0.200000", { line_item_reference: "li_bricks" }),
  line("Cement bag", "10", "7.5", "0.200000", { line_item_reference: "li_cement" }),
  line("Delivery", "1", "25", "0.200000", {
    type: "SHIPPING_FEE",
    quantity_unit: "sc",
    line_item_reference: "li_ship",
  }),
]

let counter = 0

export function orderBody(overrides: Partial<CreateOrderRequest> & { lines?: LineItem[] } = {}): CreateOrderRequest {
  const { lines, ...rest } = overrides
  return {
    ...totals(lines ?? defaultLines()),
    discount_amount: "0.00",
    currency: "GBP",
    buyer: {
      company: { company_canonical_id: ACME_ID },
      representative: {
        email: "jane@acme.example",
        first_name: "Jane",
        last_name: "Doe",
        phone_number: "+447700900123",
      },
    },
    billing_address: address,
    shipping_address: address,
    merchant_order_id: `cart_${Date.now()}_${++counter}`,
    merchant_urls: {
      merchant_confirmation_url: "https://shop.example/confirm?cart=1",
      merchant_cancel_order_url: "https://shop.example/cancel?cart=1",
      merchant_order_verification_failed_url: "https://shop.example/failed?cart=1",
    },
    ...rest,
  }
}

/** Creates an order and takes it to VERIFIED (control API) and CONFIRMED. */
export async function confirmedOrder(sim: RunningSimulator, overrides: Parameters<typeof orderBody>[0] = {}) {
  const created = await call(sim, "POST", "/v1/order", { body: orderBody(overrides) })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  expect((await control(sim, "POST", `/orders/${id}/verify`, { approve: true })).status).toBe(200)
  const confirmed = await call(sim, "POST", `/v1/order/${id}/confirm`)
  expect(confirmed.status).toBe(200)
  return confirmed.body
}

/** The simulator tests' one way to wait: poll a condition until it holds or the deadline passes. */
export const waitFor = async <T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error("waitFor: timed out")
    await new Promise((r) => setTimeout(r, 20))
  }
}
