import { AbstractPaymentProvider, BigNumber, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import type { Logger, ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import { assertApiKey, type TradeCreditClient } from "../../../client"
import { toMedusaError } from "../lib/errors"
import { clientFromOptions, parseOptions, type TradeCreditOptions, type TradeCreditOptionsInput } from "../options"
import { type LogIds, withLogOptions } from "../../../utils/log-line"

type InjectedDependencies = { logger: Logger }

/**
 * What both providers share: options, the service client and error mapping. The variants (`trade-credit`, `trade-credit-plan`) are
 * thin classes on top, like Medusa's Stripe providers.
 */
export abstract class TradeCreditBase extends AbstractPaymentProvider<TradeCreditOptionsInput> {
  protected readonly options_: TradeCreditOptions
  protected readonly client_: TradeCreditClient
  protected readonly logger_: Logger

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
    this.client_ = clientFromOptions(this.options_, this.logger_)
  }

  /**
   * Runs one step against the service; failures become MedusaErrors with a code and a message a buyer may read
   * (Medusa's payment routes answer with it), the detail (the service's path, code, trace id; `ids`) logged once.
   */
  protected async call<T>(action: string, step: () => Promise<T>, ids?: LogIds): Promise<T> {
    try {
      return await step()
    } catch (error) {
      throw toMedusaError(error, action, { logger: this.logger_, ids })
    }
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

  protected amountOf(value: string): BigNumber {
    return new BigNumber(value)
  }

  protected requireString(value: unknown, what: string): string {
    if (typeof value !== "string" || !value) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `The payment has no ${what}`, "TRADE_CREDIT_DATA_MISSING")
    }
    return value
  }
}
