import { AbstractPaymentProvider, BigNumber, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import type { Logger, ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import { assertApiKey, type TradeCreditClient } from "../../../client"
import type { WebhookEvent } from "../../../service/schemas"
import { verifyDelivery } from "../../../service/webhook-delivery"
import { quote } from "../../../utils/quote"
import { toMedusaError } from "../lib/errors"
import { fundingDecidedAction, isFundingDecided } from "../lib/funding-webhook"
import { clientFromOptions, parseOptions, type TradeCreditOptions, type TradeCreditOptionsInput } from "../options"

type InjectedDependencies = { logger: Logger }

/**
 * What both providers share: options, the service client, error mapping and
 * webhook verification. The variants (`trade-credit`, `trade-credit-plan`) are
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
  }

  constructor(cradle: InjectedDependencies, options: TradeCreditOptionsInput) {
    super(cradle, options)
    this.options_ = parseOptions(options)
    assertApiKey(this.options_.apiKey, this.options_.environment)
    this.logger_ = cradle.logger
    this.client_ = clientFromOptions(this.options_, this.logger_)
  }

  /**
   * Runs one step against the service; failures become MedusaErrors with a code and a message a buyer may read
   * (Medusa's payment routes answer with it), the detail (the service's path, code, trace id; `ids`) logged once.
   */
  protected async call<T>(action: string, step: () => Promise<T>, ids?: Record<string, string | null | undefined>): Promise<T> {
    try {
      return await step()
    } catch (error) {
      throw toMedusaError(error, action, { logger: this.logger_, ids })
    }
  }

  /**
   * Verifies the Standard Webhooks signature of a delivery and returns the event,
   * or undefined (logged) when it is forged, stale or malformed.
   */
  protected verifyWebhook(payload: ProviderWebhookPayload["payload"]): WebhookEvent | undefined {
    const verified = verifyDelivery(payload, this.options_.webhookSecret)
    if (verified.ok) return verified.event
    this.logger_.warn(`trade-credit: ignored a webhook: ${verified.reason}`)
    return undefined
  }

  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const event = this.verifyWebhook(payload)
    if (!event) return { action: PaymentActions.NOT_SUPPORTED }
    try {
      // The service has one webhook URL per merchant: a plan's funding decision may arrive at either provider.
      if (isFundingDecided(event)) return await fundingDecidedAction(this.client_, event, this.logger_)
      return await this.webhookAction(event)
    } catch (error) {
      throw toMedusaError(error, `handle the webhook ${quote(event.type)}`, { logger: this.logger_, ids: { event: event.id } })
    }
  }

  /**
   * What a verified event means for Medusa; each variant reads the current state back from the service.
   * (`repayment.plan.funding_decided` is answered above, the same for both variants.)
   */
  protected abstract webhookAction(event: WebhookEvent): Promise<WebhookActionResult>

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
