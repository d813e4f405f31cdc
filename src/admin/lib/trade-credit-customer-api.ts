import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  TradeCreditCustomerTradeAccountAnswer,
  TradeCreditEnrollment,
  TradeCreditEnrollmentAnswer,
  TradeCreditErasureRequest,
  TradeCreditTradeAccount,
  TradeCreditVerificationLinkAnswer,
} from "../../api/admin/trade-credit/customers/customer-ui-types"
import { backendUrl } from "./sdk"

export type { TradeCreditEnrollment, TradeCreditErasureRequest, TradeCreditTradeAccount }

/** A refusal of an admin route: its HTTP status, the route's `code` and its message. */
export class CustomerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message)
  }
  /** "message (CODE)", as the widget shows it. */
  get plain(): string {
    return this.code ? `${this.message} (${this.code})` : this.message
  }
}

export const describeError = (error: unknown): string =>
  error instanceof CustomerApiError ? error.plain : error instanceof Error ? error.message : String(error)

/**
 * JSON from an admin route with the admin's session cookie. Unlike the JS
 * SDK's `client.fetch`, a refusal keeps the route's `code` (the SDK's
 * FetchError only carries the message), so the widget can say both.
 */
async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const base = backendUrl.replace(/\/$/, "")
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    credentials: "include",
    headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  // The route's JSON: the answer (T) when ok, Medusa's error (`message`, `code`) otherwise; undefined when not JSON.
  let data: { message?: string; code?: unknown } | undefined = undefined
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = undefined
  }
  if (!res.ok) {
    throw new CustomerApiError(
      data?.message ?? `${res.status} ${res.statusText}`,
      res.status,
      typeof data?.code === "string" ? data.code : null,
    )
  }
  return data as T
}

const id = encodeURIComponent
const keys = {
  enrollment: (customerId: string) => ["trade-credit", "customer", customerId, "enrollment"] as const,
  tradeAccount: (customerId: string) => ["trade-credit", "customer", customerId, "trade-account"] as const,
  erasure: (customerId: string) => ["trade-credit", "customer", customerId, "erasure-requests"] as const,
}
const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof CustomerApiError && error.status < 500) && count < 1

/** The customer's sole-trader enrollment, or null. */
export function useCustomerEnrollment(customerId: string) {
  return useQuery({
    queryKey: keys.enrollment(customerId),
    queryFn: async () =>
      (await call<TradeCreditEnrollmentAnswer>(`/admin/trade-credit/customers/${id(customerId)}/enrollment`))
        .enrollment,
    retry: noRetryOn4xx,
  })
}

/** The trade account the customer orders for, and the customer's user in it (its `verified` read back from the
 * service). */
export function useCustomerTradeAccount(customerId: string) {
  return useQuery({
    queryKey: keys.tradeAccount(customerId),
    queryFn: () =>
      call<TradeCreditCustomerTradeAccountAnswer>(`/admin/trade-credit/customers/${id(customerId)}/trade-account`),
    retry: noRetryOn4xx,
  })
}

/** The company to onboard: by the company search's canonical id, or by country and organization number. */
export type OnboardCompany = { canonical_id: string } | { country_code: string; organization_number: string }

/** "Onboard": the customer's company becomes a trade account customer at the service, the customer its first user. */
export function useOnboardCustomer(customerId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { company: OnboardCompany; trade_name?: string }) =>
      call<{ trade_account: TradeCreditTradeAccount; onboarded: boolean }>("/admin/trade-credit/trade-accounts", {
        method: "POST",
        body: { customer_id: customerId, ...input },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tradeAccount(customerId) }),
  })
}

/** "Send verification link": a link for the customer's user, returned (and emitted as an event for the merchant's
 * mailer). */
export function useSendVerificationLink(customerId: string) {
  return useMutation({
    mutationFn: (tradeAccountId: string) =>
      call<TradeCreditVerificationLinkAnswer>(
        `/admin/trade-credit/trade-accounts/${id(tradeAccountId)}/users/${id(customerId)}/verification-link`,
        { method: "POST", body: {} },
      ),
  })
}

/** The erasure requests made for this customer, newest first. */
export function useCustomerErasureRequests(customerId: string) {
  return useQuery({
    queryKey: keys.erasure(customerId),
    queryFn: async () =>
      (
        await call<{ erasure_requests: TradeCreditErasureRequest[] }>(
          `/admin/trade-credit/erasure-requests?customer_id=${id(customerId)}&limit=20`,
        )
      ).erasure_requests,
    retry: noRetryOn4xx,
  })
}

/** "Request erasure" under the merchant's reference (irreversible: the widget confirms first). */
export function useRequestErasure(customerId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (reference: string) =>
      call<{ erasure_request: TradeCreditErasureRequest; replayed: boolean }>("/admin/trade-credit/erasure-requests", {
        method: "POST",
        body: { reference, customer_id: customerId },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["trade-credit", "customer", customerId] }),
  })
}
