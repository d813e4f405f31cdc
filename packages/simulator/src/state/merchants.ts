import { createHash } from "node:crypto"
import { API_KEY_FORMAT as API_KEY_PATTERN } from "../contract/common"
import type { MerchantConfig } from "../types"
import { ErasureStore } from "../erasure/store"
import { IdempotencyStore } from "../idempotency"
import { RegistrationStore } from "../registration/store"
import { OrderStore } from "./orders"
import { RepaymentStore } from "./repayment"
import { TradeAccountStore } from "./trade-accounts"

/** A UUID (version 8 layout) made from a digest: the same input, the same id. */
function uuidOf(seed: string): string {
  const hex = createHash("sha256").update(`merchant:${seed}`).digest("hex")
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-` +
    `${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  )
}

const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+={0,2}$/

/**
 * Everything the service keeps for one merchant (one API key). Merchants never
 * see each other's state. Later interfaces add their stores here.
 */
export class MerchantState {
  /**
   * The service's merchant_id (a UUID per merchant, chosen): derived from the API key, so it is stable across
   * restarts.
   */
  readonly merchantId: string
  readonly orders = new OrderStore()
  readonly repayment = new RepaymentStore()
  readonly tradeAccounts = new TradeAccountStore()
  readonly erasure = new ErasureStore()
  readonly idempotency = new IdempotencyStore()
  readonly registration = new RegistrationStore()
  webhookUrl: string | null

  constructor(
    readonly id: string,
    readonly name: string,
    readonly apiKey: string,
    readonly webhookSecret: string,
    private readonly initialWebhookUrl: string | null,
  ) {
    this.webhookUrl = initialWebhookUrl
    this.merchantId = uuidOf(apiKey)
  }

  /**
   * Forgets every order, repayment account, plan and invoice, and idempotency key; the webhook URL goes back to its
   * start value.
   */
  reset(): void {
    this.orders.clear()
    this.repayment.clear()
    this.tradeAccounts.clear()
    this.erasure.clear()
    this.idempotency.clear()
    this.registration.clear()
    this.webhookUrl = this.initialWebhookUrl
  }

  /** What the control API shows: never the API key or the webhook secret. */
  toJSON() {
    const repayment = this.repayment.size
    return {
      id: this.id,
      name: this.name,
      webhook_url: this.webhookUrl,
      orders: this.orders.size,
      repayment_accounts: repayment.accounts,
      repayment_plans: repayment.plans,
    }
  }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "merchant"

export class MerchantRegistry {
  private byKey = new Map<string, MerchantState>()
  private byId = new Map<string, MerchantState>()

  constructor(configs: MerchantConfig[], defaults: { webhookUrl: string | null; webhookSecret: string }) {
    if (configs.length === 0) throw new Error("simulator: at least one merchant is required")
    for (const config of configs) {
      if (!API_KEY_PATTERN.test(config.apiKey)) {
        throw new Error(
          `simulator: merchant "${config.name}" has an API key of the wrong shape (secret_<env>_<43 characters>)`,
        )
      }
      if (this.byKey.has(config.apiKey))
        throw new Error(`simulator: merchant "${config.name}" reuses another merchant's API key`)
      const secret = config.webhookSecret ?? defaults.webhookSecret
      if (!WEBHOOK_SECRET_PATTERN.test(secret)) {
        throw new Error(`simulator: merchant "${config.name}" has a webhook secret of the wrong shape (whsec_<base64>)`)
      }
      let id = slug(config.name)
      for (let n = 2; this.byId.has(id); n++) id = `${slug(config.name)}-${n}`
      const merchant = new MerchantState(
        id,
        config.name,
        config.apiKey,
        secret,
        config.webhookUrl ?? defaults.webhookUrl,
      )
      this.byKey.set(config.apiKey, merchant)
      this.byId.set(id, merchant)
    }
  }

  byApiKey(apiKey: string): MerchantState | undefined {
    return this.byKey.get(apiKey)
  }

  /**
   * A key rotation, as the service's dashboard does it: a second key for a merchant (both work until one is revoked).
   * False when the key has the wrong shape or belongs to another merchant.
   */
  addApiKey(merchant: MerchantState, apiKey: string): boolean {
    if (!API_KEY_PATTERN.test(apiKey)) return false
    const owner = this.byKey.get(apiKey)
    if (owner && owner !== merchant) return false
    this.byKey.set(apiKey, merchant)
    return true
  }

  /** Revokes one of a merchant's keys (never its last one): a call under it is answered 401. */
  revokeApiKey(merchant: MerchantState, apiKey: string): boolean {
    if (this.byKey.get(apiKey) !== merchant) return false
    if ([...this.byKey.values()].filter((m) => m === merchant).length < 2) return false
    this.byKey.delete(apiKey)
    return true
  }

  /** Every merchant back to the one key it was configured with (the control API's reset). */
  resetApiKeys(): void {
    this.byKey.clear()
    for (const merchant of this.byId.values()) this.byKey.set(merchant.apiKey, merchant)
  }

  get(id: string): MerchantState | undefined {
    return this.byId.get(id)
  }

  list(): MerchantState[] {
    return [...this.byId.values()]
  }
}
