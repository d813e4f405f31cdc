import { AbstractPaymentProvider, BigNumber, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import type { Logger, ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import { Webhook } from "standardwebhooks"
import { assertApiKey, createTradeCreditClient, type TradeCreditClient } from "../../../client"
import { WebhookEvent } from "../../../service/schemas"
import { toMedusaError } from "../lib/errors"
import { fundingDecidedAction, isFundingDecided } from "../lib/funding-webhook"
import { parseOptions, type TradeCreditOptions, type TradeCreditOptionsInput } from "../options"

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
    this.client_ = createTradeCreditClient({
      apiKey: this.options_.apiKey,
      environment: this.options_.environment,
      baseUrl: this.options_.baseUrl,
      timeoutMs: this.options_.timeoutMs,
      maxRetries: this.options_.maxRetries,
      logger: this.logger_,
    })
  }

  /** Runs one step against the service; failures become MedusaErrors with a code, logged once. */
  protected async call<T>(action: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step()
    } catch (error) {
      const mapped = toMedusaError(error, action)
      this.logger_.warn(`trade-credit: could not ${action}: [${mapped.code ?? mapped.type}] ${mapped.message}`)
      throw mapped
    }
  }

  /**
   * Verifies the Standard Webhooks signature of a delivery and returns the event,
   * or undefined (logged) when it is forged, stale or malformed.
   */
  protected verifyWebhook(payload: ProviderWebhookPayload["payload"]): WebhookEvent | undefined {
    const secret = this.options_.webhookSecret
    if (!secret) {
      this.logger_.warn("trade-credit: a webhook arrived but no webhookSecret is configured; it was ignored")
      return undefined
    }
    const raw = payload.rawData
    const body = typeof raw === "string" ? raw : Buffer.isBuffer(raw) ? raw.toString("utf8") : JSON.stringify(payload.data)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(payload.headers ?? {})) {
      if (typeof value === "string") headers[name.toLowerCase()] = value
      else if (Array.isArray(value) && value.length) headers[name.toLowerCase()] = String(value[0])
    }
    let parsed: unknown
    try {
      // Checks the signature and the timestamp (5 minutes of tolerance), then parses the JSON.
      parsed = new Webhook(secret).verify(body, headers)
    } catch (error) {
      this.logger_.warn(`trade-credit: rejected a webhook: ${(error as Error).message}`)
      return undefined
    }
    const event = WebhookEvent.safeParse(parsed)
    if (!event.success) {
      this.logger_.warn(`trade-credit: ignored a signed webhook of an unknown type or shape (${event.error.issues[0]?.message})`)
      return undefined
    }
    return event.data
  }

  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const event = this.verifyWebhook(payload)
    if (!event) return { action: PaymentActions.NOT_SUPPORTED }
    try {
      // The service has one webhook URL per merchant: a plan's funding decision may arrive at either provider.
      if (isFundingDecided(event)) return await fundingDecidedAction(this.client_, event, this.logger_)
      return await this.webhookAction(event)
    } catch (error) {
      const mapped = toMedusaError(error, `handle the webhook ${event.type} ${event.id}`)
      this.logger_.warn(`trade-credit: ${mapped.message}`)
      throw mapped
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
