import type { IPaymentModuleService } from "@medusajs/framework/types"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { ReconciliationRunRow } from "../modules/trade-credit/types"
import { isPlanProviderId, isPluginProviderId, PLUGIN_PROVIDER_ID_PREFIX } from "../medusa/provider-ids"
import type { Query } from "../medusa/services"
import { secretFingerprint } from "../service/webhook-delivery"
import { describeKey, redactKeys } from "../utils/key-display"
import type { discrepancyCounts } from "../workflows/reconciliation/run-outcome"
import type { ReconciliationFinding } from "../workflows/reconciliation/types"
import type {
  TradeCreditRecentError,
  TradeCreditReconciliationRunSummary,
  TradeCreditSettings,
} from "../api/admin/trade-credit/admin-ui-types"

export type SettingsDeps = {
  /** The plugin's module: its options, the webhook deliveries and the reconciliation runs it recorded. */
  module: Pick<TradeCreditModuleService, "getOptions" | "listWebhookEvents" | "listReconciliationRuns">
  query: Pick<Query, "graph">
  /** Medusa's payment module: the providers it registered. */
  payments: Pick<IPaymentModuleService, "listPaymentProviders">
  /**
   * The reconciliation job's schedule as it runs (a cron expression, or "off"), and how a run's findings are counted
   * (src/workflows/reconciliation, above the use cases: the route hands them in).
   */
  reconciliation: { schedule: string; discrepancyCounts: typeof discrepancyCounts }
}

/** The plugin's webhook route on this backend: the one address to give the service. */
export const WEBHOOK_PATH = "/hooks/trade-credit"

/** How many recent errors the settings page lists, newest first. */
const RECENT_ERRORS = 20
/** How many of the latest trade credit payments are searched for order-edit errors. */
const PAYMENTS_SEARCHED = 200

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null)

/**
 * What Settings → Trade credit shows: the configuration (the key only as its
 * safe prefix), the webhook address and the last delivery, the last
 * reconciliation run, and the failures the plugin recorded (failed webhook
 * deliveries, failed reconciliation items, order edits the service could not
 * follow). Every message passes through redactKey.
 */
export async function readSettings(deps: SettingsDeps, input: { origin: string }): Promise<TradeCreditSettings> {
  const tradeCredit = deps.module
  const options = tradeCredit.getOptions()
  const redact = (text: string) => redactKeys(text, [options.apiKey, options.previousApiKey])

  const [[lastEvent], failedEvents, [lastRun], failedRuns, editErrors, providers] = await Promise.all([
    tradeCredit.listWebhookEvents({}, { order: { created_at: "DESC" }, take: 1 }),
    // Failed deliveries, and signed ones refused for text PostgreSQL cannot store (acknowledged, never acted on).
    tradeCredit.listWebhookEvents(
      { $or: [{ outcome: { $like: "failed%" } }, { outcome: { $like: "rejected%" } }] },
      { order: { updated_at: "DESC" }, take: RECENT_ERRORS },
    ),
    tradeCredit.listReconciliationRuns({}, { order: { created_at: "DESC" }, take: 1 }),
    tradeCredit.listReconciliationRuns({ failed: { $gt: 0 } }, { order: { created_at: "DESC" }, take: RECENT_ERRORS }),
    orderEditErrors(deps.query),
    deps.payments.listPaymentProviders({}, { select: ["id"] }),
  ])

  const errors: TradeCreditRecentError[] = [
    ...failedEvents.map((e) => ({
      at: iso(e.updated_at ?? e.created_at)!,
      source: "webhook" as const,
      message: redact(`${e.type}${e.service_order_id ? ` (service order ${e.service_order_id})` : ""}: ${e.outcome}`),
      reference: e.event_id,
      order_id: null,
    })),
    ...failedRuns.flatMap((run) =>
      ((run.findings ?? []) as ReconciliationFinding[])
        .filter((f) => f.error)
        .map((f) => ({
          at: iso(run.finished_at ?? run.created_at)!,
          source: "reconciliation" as const,
          message: redact(`${f.found}; ${f.action}; error: ${f.error}`),
          reference: run.id,
          order_id: f.order_id ?? null,
        })),
    ),
    ...editErrors.map((e) => ({ ...e, message: redact(e.message) })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_ERRORS)

  return {
    environment: options.environment,
    key_prefix: describeKey(options.apiKey),
    // During a rotation, the key being replaced (its display form only).
    previous_key_prefix: options.previousApiKey ? describeKey(options.previousApiKey) : null,
    base_url: options.baseUrl,
    capture_on: options.captureOn,
    unverified_order_ttl_hours: options.unverifiedOrderTtlHours,
    // The invoice provider first, then the instalments', each by id.
    payment_providers: providers
      .map((p) => p.id)
      .filter(isPluginProviderId)
      .map((id) => ({ id, kind: isPlanProviderId(id) ? ("plan" as const) : ("invoice" as const) }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id)),
    webhook: {
      path: WEBHOOK_PATH,
      url: `${input.origin}${WEBHOOK_PATH}`,
      secret_configured: !!options.webhookSecret?.length,
      secret_fingerprints: (options.webhookSecret ?? []).map(secretFingerprint),
      last_verified_with: lastEvent?.verified_with ?? null,
      last_received_at: iso(lastEvent?.created_at),
      last_event_type: lastEvent?.type ?? null,
      last_outcome: lastEvent?.outcome ? redact(lastEvent.outcome) : null,
    },
    reconciliation: {
      schedule: deps.reconciliation.schedule,
      last_run: lastRun ? runSummary(lastRun, deps.reconciliation.discrepancyCounts) : null,
    },
    recent_errors: errors,
  }
}

function runSummary(
  run: ReconciliationRunRow,
  discrepancies: SettingsDeps["reconciliation"]["discrepancyCounts"],
): TradeCreditReconciliationRunSummary {
  return {
    id: run.id,
    trigger: run.trigger,
    created_at: iso(run.created_at)!,
    finished_at: iso(run.finished_at),
    checked: Number(run.checked ?? 0),
    repaired: Number(run.repaired ?? 0),
    failed: Number(run.failed ?? 0),
    unknown_at_service: discrepancies(run.findings).unknown_at_service,
  }
}

/** The fields of a payment `orderEditErrors` reads. */
type EditedPayment = {
  id: string
  data?: { order_edit_error?: unknown } | null
  updated_at?: Date | string | null
  created_at?: Date | string | null
  payment_collection?: { order?: { id: string } | null } | null
}

/** Order edits the service could not follow, kept on the latest trade credit payments (`order_edit_error`). */
async function orderEditErrors(query: SettingsDeps["query"]): Promise<TradeCreditRecentError[]> {
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "data", "updated_at", "created_at", "payment_collection.order.id"],
    filters: { provider_id: { $like: `${PLUGIN_PROVIDER_ID_PREFIX}%` } },
    pagination: { take: PAYMENTS_SEARCHED, skip: 0, order: { created_at: "DESC" } },
  })
  return (data as EditedPayment[])
    .filter((p) => typeof p.data?.order_edit_error === "string" && p.data.order_edit_error)
    .map((p) => ({
      at: iso(p.updated_at ?? p.created_at)!,
      source: "order_edit" as const,
      message: `Order edit not applied at the service: ${p.data?.order_edit_error}`,
      reference: p.id,
      order_id: p.payment_collection?.order?.id ?? null,
    }))
}
