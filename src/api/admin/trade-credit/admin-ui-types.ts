import type { EffectiveRegionSettings } from "../../../core/region/region-settings"
/**
 * The answers of the admin routes the plugin's admin UI reads (the order widget
 * and Settings → Trade credit). Types only, no imports: the admin bundle imports
 * them too (`import type`), so the server and the UI share one definition.
 * Money is a decimal string in major units ("1250.00").
 */

/** The buyer's company as the service knows it (names may be missing when the service could not be read). */
export type TradeCreditCompany = {
  name: string | null
  organization_number: string | null
  country: string | null
  canonical_id: string | null
}

export type TradeCreditInvoiceSummary = {
  /** The service's order id; null while no order was created at the service. */
  service_order_id: string | null
  state: string | null
  status: string | null
  decline_reason: string | null
  gross_amount: string | null
  currency: string | null
  /** The service's verification page, only while the order is UNVERIFIED. */
  verification_url: string | null
  fulfilments: { id: string; invoice_number: string; gross_amount: string }[]
  refunds: {
    id: string
    credit_note_number: string
    amount: string
    refund_date: string | null
    reason: string | null
  }[]
}

export type TradeCreditInstalmentState = "PLANNED" | "INVOICED" | "CANCELLED"

export type TradeCreditPlanSummary = {
  plan_id: string | null
  account_id: string | null
  number_of_periods: number | null
  funding_status: string | null
  fulfilment_status: string | null
  invoiced_amount: string | null
  cancelled_amount: string | null
  credited_amount: string | null
  credit_decline_reason: string | null
  /** Oldest first. `state` follows the plan's live invoiced and cancelled amounts when the service answered. */
  instalments: { id: string; invoice_issue_date: string; repayment_amount: string; state: TradeCreditInstalmentState }[]
  credits: { id: string; amount: string }[]
}

/** `GET /admin/trade-credit/orders/:id` */
export type TradeCreditOrderSummary = {
  order: { id: string; display_id: number | null; status: string | null }
  payment: {
    id: string
    provider_id: string
    kind: "invoice" | "plan"
    amount: string | null
    currency_code: string | null
    canceled: boolean
    captured: boolean
  }
  company: TradeCreditCompany | null
  /** Set for invoice payments (the order interface). */
  invoice: TradeCreditInvoiceSummary | null
  /** Set for instalment payments (the repayment interface). */
  plan: TradeCreditPlanSummary | null
  /** Why the service order could not follow a confirmed order edit (kept on the payment). */
  order_edit_error: string | null
  /** "service": read back just now; "stored": what the payment recorded (the service could not be read). */
  source: "service" | "stored"
  /** Why the service could not be read, in words (with its error code and trace id). */
  service_error: { code: string; message: string } | null
  read_at: string
}

/** One recent failure the plugin recorded. Messages never hold the API key. */
export type TradeCreditRecentError = {
  at: string
  source: "webhook" | "reconciliation" | "order_edit"
  message: string
  /** The webhook event id, reconciliation run id or payment id. */
  reference: string
  order_id: string | null
}

export type TradeCreditReconciliationRunSummary = {
  id: string
  trigger: string
  created_at: string
  finished_at: string | null
  checked: number
  repaired: number
  failed: number
  /** Orders the service answered 404 for (another API key or environment, or removed there): a discrepancy. */
  unknown_at_service: number
}

/** `GET /admin/trade-credit/settings` */
export type TradeCreditSettings = {
  environment: string
  /** The key's safe display form: its prefix and fingerprint ("secret_test_…#1a2b3c4d", describeKey), never any of the
   * key. */
  key_prefix: string
  /** During a key rotation, the display form of the key being replaced; null otherwise. */
  previous_key_prefix: string | null
  base_url: string
  capture_on: string
  unverified_order_ttl_hours: number
  /**
   * The plugin's payment providers as Medusa registered them (`pp_trade-credit_default`): Medusa's own pages show the
   * id, the settings page names each (`kind`).
   */
  payment_providers: { id: string; kind: "invoice" | "plan" }[]
  webhook: {
    path: string
    /** The address to give the service (this backend's origin and `path`). */
    url: string
    secret_configured: boolean
    /**
     * The fingerprints of the configured signing secrets (the first 8 hex digits of each one's SHA-256, never the
     * secret): one, or two while a rotation is in progress.
     */
    secret_fingerprints: string[]
    /** The fingerprint of the secret that verified the last webhook (null: none yet, or not recorded). */
    last_verified_with: string | null
    last_received_at: string | null
    last_event_type: string | null
    last_outcome: string | null
  }
  reconciliation: {
    /** A cron expression, or "off" (runs only from the admin). */
    schedule: string
    last_run: TradeCreditReconciliationRunSummary | null
  }
  recent_errors: TradeCreditRecentError[]
}

export type ConnectionCheckReason =
  "KEY_REJECTED" | "UNREACHABLE" | "SERVICE_UNAVAILABLE" | "BAD_RESPONSE" | "UNEXPECTED_ANSWER"

/** `POST /admin/trade-credit/connection-check` */
export type TradeCreditConnectionCheck = {
  ok: boolean
  /** true: the service accepted the key; false: it refused it (401/403); null: no verdict (no answer). */
  key_accepted: boolean | null
  /** The HTTP status of the service's answer; null when none came. */
  status: number | null
  duration_ms: number
  environment: string
  key_prefix: string
  reason: ConnectionCheckReason | null
  message: string
  checked_at: string
}

/** `GET|POST /admin/trade-credit/regions/:id/settings`: a region's settings as they apply, and their changes, newest
 * first. */
export type TradeCreditRegionSettingsAnswer = {
  region: { id: string; name: string; currency_code: string }
  settings: EffectiveRegionSettings
  changes: { id: string; at: string; actor_id: string | null; field: string; old_value: unknown; new_value: unknown }[]
}
