import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type {
  TradeCreditCustomerCompaniesAnswer,
  TradeCreditCustomerCompany,
  TradeCreditReceivable,
  TradeCreditReceivablesAnswer,
  TradeCreditReceivedEventsAnswer,
} from "../../api/admin/trade-credit/receivables/receivable-types"
import { sdk } from "./sdk"

export type { TradeCreditCustomerCompany, TradeCreditReceivable }

/** What the Receivables page asks for (the route's query; an empty value is left out). */
export type ReceivablesQuery = {
  status?: string
  kind?: string
  q?: string
  order_id?: string
  order?: string
  limit?: number
  offset?: number
}

const given = (query: ReceivablesQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""))

/** A page of the buyers' documents; the previous page stays on screen while the next loads. */
export function useReceivables(query: ReceivablesQuery) {
  return useQuery({
    queryKey: ["trade-credit", "receivables", given(query)],
    queryFn: () =>
      sdk.client.fetch<TradeCreditReceivablesAnswer>("/admin/trade-credit/receivables", { query: given(query) }),
    placeholderData: keepPreviousData,
  })
}

/** The documents of one order with their lives, oldest first (the order widget, once it knows the order is its). */
export function useOrderReceivables(orderId: string, enabled = true) {
  return useQuery({
    queryKey: ["trade-credit", "receivables", "order", orderId],
    enabled,
    queryFn: async () =>
      (
        await sdk.client.fetch<TradeCreditReceivablesAnswer>("/admin/trade-credit/receivables", {
          query: { order_id: orderId, order: "issued_at", limit: 100 },
        })
      ).receivables,
  })
}

/** The CSV export's path for the page's filters (paging left out: every document they select). */
export function exportPath(query: ReceivablesQuery): string {
  const { limit: _limit, offset: _offset, ...filters } = query
  const search = new URLSearchParams(given(filters) as Record<string, string>).toString()
  return `/admin/trade-credit/receivables/export${search ? `?${search}` : ""}`
}

/** The companies a customer buys for, with their credit and arrears (the customer widget). */
export function useCustomerCompanies(customerId: string) {
  return useQuery({
    queryKey: ["trade-credit", "customer", customerId, "companies"],
    queryFn: async () =>
      (
        await sdk.client.fetch<TradeCreditCustomerCompaniesAnswer>("/admin/trade-credit/receivables/companies", {
          query: { customer_id: customerId },
        })
      ).companies,
  })
}

/** The event types received but not acted on (Settings → Trade credit). */
export function useReceivedEvents() {
  return useQuery({
    queryKey: ["trade-credit", "received-events"],
    queryFn: () =>
      sdk.client.fetch<TradeCreditReceivedEventsAnswer>("/admin/trade-credit/received-events", {
        query: { limit: 100 },
      }),
  })
}
