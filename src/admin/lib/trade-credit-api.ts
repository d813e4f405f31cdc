import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  TradeCreditConnectionCheck,
  TradeCreditOrderSummary,
  TradeCreditRegionSettingsAnswer,
  TradeCreditSettings,
} from "../../api/admin/trade-credit/admin-ui-types"
import { backendUrl, sdk } from "./sdk"
import type { RegionSettingFields } from "../../core/region/region-settings"

export type { TradeCreditConnectionCheck, TradeCreditOrderSummary, TradeCreditSettings }

/** A failed admin call: its HTTP status and the message of Medusa's JSON error. */
export type ApiError = Error & { status?: number }

const orderKey = (orderId: string) => ["trade-credit", "order", orderId] as const
const settingsKey = ["trade-credit", "settings"] as const

/** The order's trade credit summary; a 404 (not paid by trade credit) comes back as `null`. */
export function useTradeCreditOrder(orderId: string) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: async () => {
      try {
        const { trade_credit } = await sdk.client.fetch<{ trade_credit: TradeCreditOrderSummary }>(
          `/admin/trade-credit/orders/${encodeURIComponent(orderId)}`,
        )
        return trade_credit
      } catch (error) {
        if ((error as ApiError).status === 404) return null
        throw error
      }
    },
    retry: (count, error) => (error as ApiError).status !== 400 && count < 1,
  })
}

/** One finding of a reconciliation run; `discrepancy` names a difference the run counts (e.g. `unknown_at_service`). */
export type ReconciliationRunFinding = {
  found: string
  action: string
  error?: string
  service_order_id?: string | null
  order_id?: string | null
  discrepancy?: "unknown_at_service"
}
/** A run as the reconciliation route answers it: its counts (`unknown_at_service`: orders the service answers 404 for).
 * */
export type ReconciliationRun = {
  id: string
  checked: number
  repaired: number
  failed: number
  unknown_at_service: number
  findings: ReconciliationRunFinding[] | null
}
export type ReconciliationRunAnswer = { run: ReconciliationRun }

/** The findings of a run about orders the service does not know (answers 404 for). */
export const unknownAtService = (run: Pick<ReconciliationRun, "findings"> | undefined | null) =>
  (run?.findings ?? []).filter((f) => f.discrepancy === "unknown_at_service" && !f.error)

const latestRunKey = ["trade-credit", "reconciliation", "latest"] as const

/** "Re-sync": a reconciliation run for this order, then the summary is read again. */
export function useResyncOrder(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<ReconciliationRunAnswer>("/admin/trade-credit/reconciliation", {
        method: "POST",
        body: { order_id: orderId },
      }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: orderKey(orderId) })
      client.invalidateQueries({ queryKey: ["trade-credit", "receivables", "order", orderId] })
      client.invalidateQueries({ queryKey: latestRunKey })
      client.invalidateQueries({ queryKey: settingsKey })
    },
  })
}

/** The newest reconciliation run with its findings and named counts (Settings → Trade credit); null before the first.
 * */
export function useLatestReconciliationRun() {
  return useQuery({
    queryKey: latestRunKey,
    queryFn: async () =>
      (
        await sdk.client.fetch<{ runs: ReconciliationRun[] }>("/admin/trade-credit/reconciliation", {
          query: { limit: 1 },
        })
      ).runs[0] ?? null,
  })
}

export function useTradeCreditSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () =>
      (await sdk.client.fetch<{ settings: TradeCreditSettings }>("/admin/trade-credit/settings")).settings,
  })
}

/** The connection check; the settings are read again afterwards. */
export function useConnectionCheck() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (
        await sdk.client.fetch<{ check: TradeCreditConnectionCheck }>("/admin/trade-credit/connection-check", {
          method: "POST",
          body: {},
        })
      ).check,
    onSettled: () => client.invalidateQueries({ queryKey: settingsKey }),
  })
}

/**
 * Downloads a PDF of an admin route (invoice, credit note) with the admin's
 * session and saves it under its own file name. A refusal (409: not invoiced
 * yet, 502: the service did not answer) throws the route's message.
 */
export async function downloadDocument(path: string, fallbackName: string): Promise<void> {
  const base = backendUrl.replace(/\/$/, "")
  const res = await fetch(`${base}${path}`, { credentials: "include" })
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`
    try {
      const body = await res.json()
      if (body?.message) message = body.message
    } catch {
      // No JSON answer (a proxy's page, an empty body): the status line says it.
    }
    const error = new Error(message) as ApiError
    error.status = res.status
    throw error
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const invoicePath = (orderId: string, fulfilmentId: string) =>
  `/admin/trade-credit/orders/${encodeURIComponent(orderId)}/invoice?fulfilment=${encodeURIComponent(fulfilmentId)}`
export const creditNotePath = (orderId: string, creditNoteNumber: string) =>
  `/admin/trade-credit/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(creditNoteNumber)}`

/** A region's trade credit settings as `GET /admin/trade-credit/regions/:id/settings` answers them. */
export type RegionSettingsAnswer = TradeCreditRegionSettingsAnswer

/** The settings `POST /admin/trade-credit/regions/:id/settings` changes (a field left out keeps its value). */
export type RegionSettingsChange = Partial<RegionSettingFields>

/** The store's customer groups (Medusa's admin route), for the terms per group. */
export function useCustomerGroups() {
  return useQuery({
    queryKey: ["trade-credit", "customer-groups"],
    queryFn: async () =>
      (
        await sdk.client.fetch<{ customer_groups: { id: string; name: string }[] }>("/admin/customer-groups", {
          query: { fields: "id,name", limit: 200 },
        })
      ).customer_groups,
  })
}

const regionSettingsKey = (regionId: string) => ["trade-credit", "region-settings", regionId] as const

/** The store's regions (Medusa's admin route), for the settings page's region picker. */
export function useRegions() {
  return useQuery({
    queryKey: ["trade-credit", "regions"],
    queryFn: async () =>
      (
        await sdk.client.fetch<{ regions: { id: string; name: string; currency_code: string }[] }>("/admin/regions", {
          query: { fields: "id,name,currency_code", limit: 100 },
        })
      ).regions,
  })
}

export function useRegionSettings(regionId: string | undefined) {
  return useQuery({
    queryKey: regionSettingsKey(regionId ?? ""),
    enabled: !!regionId,
    queryFn: async () =>
      await sdk.client.fetch<RegionSettingsAnswer>(
        `/admin/trade-credit/regions/${encodeURIComponent(regionId!)}/settings`,
      ),
  })
}

export function useSaveRegionSettings(regionId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RegionSettingsChange) =>
      sdk.client.fetch<RegionSettingsAnswer>(`/admin/trade-credit/regions/${encodeURIComponent(regionId)}/settings`, {
        method: "POST",
        body,
      }),
    onSuccess: (answer) => client.setQueryData(regionSettingsKey(regionId), answer),
  })
}
