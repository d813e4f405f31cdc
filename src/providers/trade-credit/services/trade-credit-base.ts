import {
  AbstractPaymentProvider,
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import type {
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  Logger,
  ProviderWebhookPayload,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { TradeCreditClientOptionsInput } from "../../../client/options"
import type { OrdersClientHandle } from "../../../client/shared-orders-client"
import { assertApiKey } from "../../../client/api-key"
import { serviceSteps } from "../../../use-cases/errors"
import { readCartOfSession } from "../../../medusa/medusa-reader"
import type { MedusaServices } from "../../../medusa/services"
import type { ProviderDeps } from "../../../use-cases/deps"
import { PROVIDER_DEPENDENCIES } from "../../../modules/trade-credit/loaders/check-provider-dependencies"
import { TRADE_CREDIT_MODULE } from "../../../modules/trade-credit/module-name"
import type { TradeCreditModuleService } from "../../../modules/trade-credit"
import {
  clientOptionsOf,
  parseOptions,
  type TradeCreditOptions,
  type TradeCreditOptionsInput,
} from "../../../config/options"
import { type LogIds, withLogOptions } from "../../../utils/log-line"

/**
 * What the payment module's container gives its providers: its logger, and what the payment module lists in
 * `dependencies` (medusa-config.ts; README, "Install"): `PROVIDER_DEPENDENCIES`.
 */
type InjectedDependencies = { logger: Logger } & Record<string, unknown>

/** What a provider keeps in a payment's `data`: the storefront's input and the provider's own keys. */
type PaymentData = Record<string, unknown>

/**
 * What both providers share: options, the service client, error mapping, Medusa's reads, and the retrieve and status
 * answers. The variants (`trade-credit`, `trade-credit-plan`) are thin adapters on top, like Medusa's Stripe providers:
 * each maps Medusa's calls to the flows of src/use-cases, which get what they need from `deps_`.
 */
export abstract class TradeCreditBase<
  Data extends PaymentData,
  Client extends OrdersClientHandle,
> extends AbstractPaymentProvider<TradeCreditOptionsInput> {
  protected readonly options_: TradeCreditOptions
  protected readonly client_: Client
  protected readonly logger_: Logger
  /**
   * Query, the payment and order modules and the plugin's module, from the payment module's container (its
   * `dependencies`), each resolved when used: the flows are handed them.
   */
  protected readonly medusa_: MedusaServices
  /** What the flows of src/use-cases are given. */
  protected readonly deps_: ProviderDeps<Client>

  /** Medusa calls this when it loads the provider: a bad key or URL stops the server with a clear message. */
  static validateOptions(options: Record<string, unknown>): void {
    const parsed = parseOptions(options)
    assertApiKey(parsed.apiKey, parsed.environment)
    if (parsed.previousApiKey) assertApiKey(parsed.previousApiKey, parsed.environment)
  }

  constructor(cradle: InjectedDependencies, options: TradeCreditOptionsInput) {
    super(cradle, options)
    this.options_ = parseOptions(options)
    assertApiKey(this.options_.apiKey, this.options_.environment)
    if (this.options_.previousApiKey) assertApiKey(this.options_.previousApiKey, this.options_.environment)
    this.logger_ = withLogOptions(cradle.logger, this.options_)
    this.client_ = this.acquireClient(clientOptionsOf(this.options_, this.logger_))
    this.medusa_ = medusaServicesOf(cradle)
    // One mapping of the service's failures, for the steps a flow runs (`call`) and those it caught (`fail`).
    const { call, fail } = serviceSteps({ logger: this.logger_ })
    this.deps_ = {
      client: this.client_,
      options: this.options_,
      logger: this.logger_,
      call,
      fail,
      readCart: (sessionId, fields) => readCartOfSession(this.medusa_.query(), sessionId, fields),
      medusa: this.medusa_,
    }
  }

  /** A handle on the service client over the process's shared pool, with the interfaces this provider calls. */
  protected abstract acquireClient(options: TradeCreditClientOptionsInput): Client

  /**
   * Runs one step against the service; failures become MedusaErrors with a code and a message a buyer may read
   * (Medusa's payment routes answer with it), the detail (the service's path, code, trace id; `ids`) logged once.
   */
  protected async call<T>(action: string, step: () => Promise<T>, ids?: LogIds): Promise<T> {
    return await this.deps_.call(action, step, ids)
  }

  /**
   * Medusa's payment webhook handling never acts on this plugin's deliveries: the plugin's receiver answers both
   * webhook URLs, verifies each delivery once and hands it to its one sync pipeline (src/api/hooks/trade-credit,
   * src/subscribers/trade-credit-webhook.ts), which completes carts and authorizes payments through Medusa's own
   * workflows under its locks. Answering `not_supported` keeps a delivery that reaches Medusa some other way out of
   * core-flows' processPaymentWorkflow, which resolves a session id it does not know to an arbitrary cart.
   */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  /**
   * The payment as the service has it now: its answer merged into the stored data, and the Medusa status it stands
   * for; undefined while the data names nothing at the service yet (no call).
   */
  protected abstract readNow(data: Data): Promise<{ status: PaymentSessionStatus; data: Data } | undefined>

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const current = this.dataOf(data)
    return { data: (await this.readNow(current))?.data ?? current }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const current = this.dataOf(data)
    return (await this.readNow(current)) ?? { status: PaymentSessionStatus.PENDING, data: current }
  }

  /** The payment's stored data as this provider keeps it (Medusa hands it over untyped, or not at all). */
  protected dataOf(data: PaymentData | undefined): Data {
    return (data ?? {}) as Data
  }

  /** The payment session's id: the first of `candidates` given (Medusa's idempotency key, or the data's session id). */
  protected sessionIdOf(...candidates: unknown[]): string {
    return this.requireString(
      candidates.find((candidate) => candidate !== undefined && candidate !== null),
      "payment session id",
    )
  }

  protected requireString(value: unknown, what: string): string {
    if (typeof value !== "string" || !value) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `The payment has no ${what}`, "TRADE_CREDIT_DATA_MISSING")
    }
    return value
  }
}

/**
 * The services the providers use, each resolved from the payment module's container when used. A key the payment
 * module does not list in `dependencies` is refused there and then, naming the fix (no other container is reached for).
 */
function medusaServicesOf(cradle: InjectedDependencies): MedusaServices {
  // Medusa's cradle answers `getOwnPropertyDescriptor` for the keys registered in the container, and only those.
  const has = (key: string) => Object.getOwnPropertyDescriptor(cradle, key) !== undefined
  const resolve = <T>(key: string): T => {
    if (!has(key)) throw missingDependency(key)
    return cradle[key] as T
  }
  return {
    query: () => resolve(ContainerRegistrationKeys.QUERY),
    payments: () => resolve(Modules.PAYMENT),
    orders: () => resolve(Modules.ORDER),
    tradeCredit: () =>
      has(TRADE_CREDIT_MODULE) ? (cradle[TRADE_CREDIT_MODULE] as TradeCreditModuleService | undefined) : undefined,
  }
}

function missingDependency(key: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The trade credit providers cannot reach "${key}": list ${JSON.stringify([...PROVIDER_DEPENDENCIES])} ` +
      `in the payment module's` +
      ' `dependencies` in medusa-config.ts (README, "Install")',
    "TRADE_CREDIT_MISCONFIGURED",
  )
}
