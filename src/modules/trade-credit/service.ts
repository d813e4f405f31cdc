import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context, Logger } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { assertApiKey } from "../../client/api-key"
import type { TradeCreditClient } from "../../client/index"
import {
  clientOptionsOf,
  parseOptions,
  type TradeCreditOptions,
  type TradeCreditOptionsInput,
} from "../../config/options"
import { errorIds, logLine, withLogOptions } from "../../utils/log-line"
import { acquireTradeCreditClient } from "../../client/shared-clients"
import { BuyerRepaymentAccount } from "./models/buyer-repayment-account"
import { ErasureRequest } from "./models/erasure-request"
import { Enrollment } from "./models/enrollment"
import { CompanyCredit } from "./models/company-credit"
import { KeptCheck } from "./models/kept-check"
import { Receivable } from "./models/receivable"
import { ReceivableEntry } from "./models/receivable-entry"
import { ReceivedEventType } from "./models/received-event-type"
import { MatchesToken } from "./models/matches-token"
import { OrderReference } from "./models/order-reference"
import { RateLimitBucket } from "./models/rate-limit-bucket"
import { RegionSetting, SettingChange } from "./models/region-setting"
import { ReconciliationRun } from "./models/reconciliation-run"
import { RepaymentPlanSession } from "./models/repayment-plan-session"
import { ShipmentInvoice } from "./models/shipment-invoice"
import { TradeAccount } from "./models/trade-account"
import { TradeAccountUser } from "./models/trade-account-user"
import { WebhookEvent } from "./models/webhook-event"
import {
  type ClaimedMatches,
  claimMatchesToken,
  deleteExpiredMatchesTokens,
  type KeptMatches,
  keepMatchesToken,
  restoreMatchesToken,
  type SealingSecrets,
} from "./matches-tokens"
import { type CheckToKeep, deleteExpiredKeptChecks, findKeptCheck, keepChecks, spendKeptCheck } from "./kept-checks"
import { countRateLimitHit, deleteExpiredRateLimitBuckets } from "./rate-limit-buckets"
import { effectiveRegionSettings, type EffectiveRegionSettings } from "../../core/region/region-settings"
import type { CompanyCreditRow, RateLimitHit, ReceivableEntryRow, ReceivableRow } from "./types"
import {
  type CompanyCreditEvent,
  companyKeyOf,
  givenFields,
  type ReceivableEntryInput,
  type ReceivableInput,
} from "./receivables"
import { type CompanyCreditView, companyCreditView } from "./company-credit-view"
import { countReceivedEventType } from "./received-event-types"

type InjectedDependencies = { logger: Logger }

/**
 * Expired rate-limit buckets are deleted every SWEEP_EVERY-th hit of an instance, at most SWEEP_LIMIT at a time. A hit
 * adds at most one row, so deleting up to 1000 per 100 hits removes expired rows faster than any traffic can leave
 * them, without a scheduled job (a `server` instance runs none) and without a scan on every request.
 */
const SWEEP_EVERY = 100
const SWEEP_LIMIT = 1000

/**
 * The plugin's own module: what it keeps in Medusa's database (webhook events by
 * id, invoiced shipments, reconciliation runs, the buyers' repayment accounts,
 * which payment session each repayment plan and each service order belongs to and
 * the store routes' rate-limit counts) and the service client that its workflows, subscribers,
 * jobs and admin routes use. Its options are the providers' options (one
 * object in medusa-config.ts serves both).
 */
export default class TradeCreditModuleService extends MedusaService({
  WebhookEvent,
  ShipmentInvoice,
  ReconciliationRun,
  BuyerRepaymentAccount,
  RepaymentPlanSession,
  TradeAccount,
  TradeAccountUser,
  ErasureRequest,
  Enrollment,
  RateLimitBucket,
  MatchesToken,
  OrderReference,
  KeptCheck,
  RegionSetting,
  SettingChange,
  Receivable,
  ReceivableEntry,
  CompanyCredit,
  ReceivedEventType,
}) {
  protected readonly options_: TradeCreditOptions
  protected readonly logger_: Logger
  protected client_?: TradeCreditClient
  protected rateLimitHits_ = 0

  // Medusa also passes the module's declaration (and may pass more): the base class is handed every argument.
  constructor(container: InjectedDependencies, options: TradeCreditOptionsInput, ...rest: unknown[]) {
    super(container, options, ...rest)
    this.options_ = parseOptions(options)
    assertApiKey(this.options_.apiKey, this.options_.environment)
    if (this.options_.previousApiKey) assertApiKey(this.options_.previousApiKey, this.options_.environment)
    this.logger_ = withLogOptions(container.logger, this.options_)
  }

  /**
   * A region's trade credit settings as they apply (Settings → Trade credit): its row, else offered, no limits and
   * the options' invoice terms. One read; a change holds at once on every instance.
   */
  async regionSettingsOf(regionId: string | null | undefined): Promise<EffectiveRegionSettings> {
    const [row] = regionId ? await this.listRegionSettings({ region_id: regionId }, { take: 1 }) : []
    return effectiveRegionSettings(regionId, row, this.options_)
  }

  getOptions(): TradeCreditOptions {
    return this.options_
  }

  /** The client of the service, created on first use and kept (one keep-alive pool). */
  getClient(): TradeCreditClient {
    this.client_ ??= acquireTradeCreditClient(clientOptionsOf(this.options_, this.logger_))
    return this.client_
  }

  /**
   * Counts one request against the store routes' rate limit `key` (src/api/utils/rate-limit.ts): at most `max` per
   * window of `windowMs`, shared by every instance on this database (one atomic upsert, rate-limit-buckets.ts).
   */
  @InjectManager()
  async hitRateLimit(
    key: string,
    windowMs: number,
    max: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<RateLimitHit> {
    const manager = sharedContext.manager!
    const hit = await countRateLimitHit(manager, key, windowMs, max)
    if (++this.rateLimitHits_ % SWEEP_EVERY === 0) {
      // Housekeeping only: a failed sweep leaves rows for the next one and must not refuse the request.
      await deleteExpiredRateLimitBuckets(manager, SWEEP_LIMIT).catch((error) =>
        logLine(
          this.logger_,
          "warn",
          `trade-credit: deleting expired rate-limit buckets failed: ${(error as Error).message}`,
          errorIds(error),
        ),
      )
    }
    return hit
  }

  /** The API key seals the kept matches tokens; during a rotation the previous key still opens those it sealed. */
  protected sealingSecrets_(): SealingSecrets {
    return [this.options_.apiKey, this.options_.previousApiKey]
  }

  /**
   * Keeps a returning buyer's matches token for `ttlMs` (replacing one kept before), where every instance reads it
   * (matches-tokens.ts), sealed with a key derived from the API key (never stored or logged as it is). Expired tokens
   * of other buyers are deleted on the way (at most 100: housekeeping only).
   */
  @InjectManager()
  async keepMatchesToken(
    customerId: string,
    kept: KeptMatches,
    ttlMs: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<void> {
    const manager = sharedContext.manager!
    await keepMatchesToken(manager, this.sealingSecrets_(), customerId, kept, ttlMs)
    await deleteExpiredMatchesTokens(manager, 100).catch((error) =>
      logLine(
        this.logger_,
        "warn",
        `trade-credit: deleting expired matches tokens failed: ${(error as Error).message}`,
        errorIds(error),
      ),
    )
  }

  /** Takes the customer's live matches token away (one statement: a second claim, on any instance, finds nothing). */
  @InjectManager()
  async claimMatchesToken(
    customerId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<ClaimedMatches | undefined> {
    return await claimMatchesToken(sharedContext.manager!, this.sealingSecrets_(), customerId)
  }

  /** Gives a claimed matches token back with the time it had left (the choice failed before using it). */
  @InjectManager()
  async restoreMatchesToken(
    customerId: string,
    claimed: ClaimedMatches,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<void> {
    await restoreMatchesToken(sharedContext.manager!, this.sealingSecrets_(), customerId, claimed)
  }

  /**
   * Keeps approved answers of the service for `ttlMs`, each under its key, where every instance reads them
   * (kept-checks.ts): an intent with its tracking id (an answer replayed under its idempotency key leaves a spent row
   * spent). Rows expired for a day are deleted on the way (at most 100: housekeeping only).
   */
  @InjectManager()
  async keepChecks(
    checks: CheckToKeep[],
    ttlMs: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<void> {
    const manager = sharedContext.manager!
    await keepChecks(manager, checks, ttlMs)
    await deleteExpiredKeptChecks(manager, 100).catch((error) =>
      logLine(
        this.logger_,
        "warn",
        `trade-credit: deleting expired kept checks failed: ${(error as Error).message}`,
        errorIds(error),
      ),
    )
  }

  /** The live answer kept under `key` (not expired, not spent), if any. */
  @InjectManager()
  async findKeptCheck<T>(key: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await findKeptCheck<T>(sharedContext.manager!, key)
  }

  /** An order was made with this intent's tracking id: the intent is never reused for another order. */
  @InjectManager()
  async spendKeptCheck(trackingId: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await spendKeptCheck(sharedContext.manager!, trackingId)
  }

  /**
   * Creates or updates the document `kind`/`document_id` with the fields given (issue #38). Callers apply a
   * document's events under Medusa's lock on it, so one writer at a time; a row created meanwhile by another
   * instance (the unique index refuses the second create) is updated instead.
   */
  @InjectTransactionManager()
  async upsertReceivable(
    input: ReceivableInput,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<ReceivableRow> {
    // A bigNumber column takes the service's decimal string as it is (kept exact in its raw_ column); the generated
    // methods type the column as a number.
    const fields = givenFields(input) as never as Record<string, never>
    const find = () =>
      this.listReceivables({ kind: input.kind, document_id: input.document_id }, { take: 1 }, sharedContext)
    const [row] = await find()
    if (row) return (await this.updateReceivables({ ...fields, id: row.id } as never, sharedContext)) as ReceivableRow
    return (await this.createReceivables(fields, sharedContext)) as ReceivableRow
  }

  /** Adds one line to a document's life; false when its event was added before (a repeated delivery). */
  @InjectTransactionManager()
  async addReceivableEntry(
    receivableId: string,
    entry: ReceivableEntryInput,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<boolean> {
    const [seen] = await this.listReceivableEntries({ event_id: entry.event_id }, { take: 1 }, sharedContext)
    if (seen) return false
    await this.createReceivableEntries({ ...entry, receivable_id: receivableId } as never, sharedContext)
    return true
  }

  /** The documents of a Medusa order with their lives (oldest line first). */
  @InjectManager()
  async receivablesOfOrder(
    orderId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<(ReceivableRow & { entries: ReceivableEntryRow[] })[]> {
    const rows = (await this.listReceivables(
      { order_id: orderId },
      { order: { issued_at: "ASC" } },
      sharedContext,
    )) as ReceivableRow[]
    const entries = rows.length
      ? ((await this.listReceivableEntries(
          { receivable_id: rows.map((row) => row.id) },
          { order: { occurred_at: "ASC" } },
          sharedContext,
        )) as ReceivableEntryRow[])
      : []
    return rows.map((row) => ({ ...row, entries: entries.filter((entry) => entry.receivable_id === row.id) }))
  }

  /**
   * Applies a company's credit-limit or arrears event unless a newer one of the same sort was applied (events may
   * arrive out of order). Answers whether it changed the row.
   */
  @InjectTransactionManager()
  async applyCompanyCreditEvent(
    event: CompanyCreditEvent,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<boolean> {
    const company_key = companyKeyOf(event.country_code, event.organization_number)
    const [row] = (await this.listCompanyCredits({ company_key }, { take: 1 }, sharedContext)) as CompanyCreditRow[]
    const last = event.limit ? row?.limit_event_at : row?.arrears_event_at
    if (last && new Date(last).getTime() > event.at.getTime()) return false
    const fields = {
      company_key,
      organization_number: event.organization_number,
      country_code: event.country_code,
      ...(event.company_name ? { company_name: event.company_name } : {}),
      ...(event.limit
        ? { ...event.limit, limit_event_at: event.at }
        : { ...event.arrears, arrears_event_at: event.at }),
    }
    if (row) await this.updateCompanyCredits({ ...fields, id: row.id } as never, sharedContext)
    else await this.createCompanyCredits(fields as never, sharedContext)
    return true
  }

  /** A company's credit as last told (its own row and the arrears events' country-less row), null when nothing. */
  @InjectManager()
  async companyCreditOf(
    countryCode: string | null,
    organizationNumber: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<CompanyCreditView | null> {
    const keys = [...new Set([companyKeyOf(countryCode, organizationNumber), companyKeyOf(null, organizationNumber)])]
    const rows = (await this.listCompanyCredits({ company_key: keys }, {}, sharedContext)) as CompanyCreditRow[]
    return companyCreditView(rows)
  }

  /** Counts one event the plugin acknowledged without acting on it (listed in Settings → Trade credit). */
  @InjectManager()
  async countReceivedEventType(type: string, at: Date, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await countReceivedEventType(sharedContext.manager!, type, at)
  }

  __hooks = {
    onApplicationShutdown: async () => {
      await this.client_?.close()
    },
  }
}
