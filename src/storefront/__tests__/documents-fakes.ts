import type { ClientSdk, TradeCreditDocument } from ".."

/** An SDK whose client answers `answer` (or throws it, with `status`) for every call, and records them. */
export function fakeSdk(answer: unknown, status?: number) {
  const calls: { input: string; init?: { query?: unknown; headers?: Record<string, string> } }[] = []
  const sdk: ClientSdk = {
    client: {
      fetch: async (input: string, init?: { query?: unknown; headers?: Record<string, string> }) => {
        calls.push({ input, init })
        if (status) throw Object.assign(new Error(String(answer)), { status })
        return answer as never
      },
    },
  }
  return { sdk, calls }
}

/** One open GBP invoice, its PDF ready; `fields` change it. */
export const documentOf = (fields: Partial<TradeCreditDocument> = {}): TradeCreditDocument => ({
  id: "tcrcv_1",
  kind: "invoice",
  number: "INV-000001",
  order_id: "order_1",
  currency_code: "gbp",
  amount: "1200.50",
  paid_amount: null,
  outstanding_amount: "1200.50",
  status: "open",
  overdue: false,
  issued_at: "2026-02-02T00:00:00.000Z",
  due_at: "2026-03-03T00:00:00.000Z",
  settled_at: null,
  pdf_available: true,
  ...fields,
})
