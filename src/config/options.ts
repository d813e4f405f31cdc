import { LOG_LEVELS } from "../utils/log-level"
import { LOG_FORMATS } from "../utils/log-line"
import { z } from "@medusajs/framework/zod"
import type { ClientLogger, TradeCreditClientOptionsInput } from "../client/options"
import { CAPTURE_ON } from "../core/order/capture-on"

/** Splits "https://a.example, https://b.example" (or an array) into a list of origins. */
const origins = z
  .union([z.string(), z.array(z.string())], {
    error:
      "storefrontUrls is missing: set TRADE_CREDIT_STOREFRONT_URL to the storefront " +
      "origin(s) buyers return to after verification",
  })
  .transform((value, ctx) => {
    const list = (Array.isArray(value) ? value : value.split(",")).map((s) => s.trim()).filter(Boolean)
    const result: string[] = []
    for (const entry of list) {
      try {
        const url = new URL(entry)
        if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error()
        result.push(url.origin)
      } catch {
        ctx.addIssue({ code: "custom", message: `storefrontUrls: "${entry}" is not an http(s) origin` })
        return z.NEVER
      }
    }
    return result
  })

const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]+$/

/**
 * "whsec_new,whsec_old" (or a list) as the list of secrets a delivery may be signed with: one, or two while a
 * rotation is in progress. Empty means none (webhooks are then answered 503, so the service retries).
 */
const webhookSecrets = z
  .union([z.string(), z.array(z.string())], {
    error: "webhookSecret must be a whsec_… secret, or two comma-separated during a rotation",
  })
  .transform((value, ctx): string[] | undefined => {
    const list = [...new Set((Array.isArray(value) ? value : value.split(",")).map((s) => s.trim()).filter(Boolean))]
    if (list.length > 2) {
      ctx.addIssue({
        code: "custom",
        message: "webhookSecret: at most two secrets (the new one and the old one, during a rotation)",
      })
      return z.NEVER
    }
    if (!list.every((secret) => WEBHOOK_SECRET.test(secret))) {
      ctx.addIssue({
        code: "custom",
        message: "webhookSecret must look like whsec_<base64> (two, comma-separated, during a rotation)",
      })
      return z.NEVER
    }
    return list.length ? list : undefined
  })

const MISSING_KEY = "apiKey is missing: set TRADE_CREDIT_API_KEY"

/** One key, or two during a rotation ("secret_test_new,secret_test_old"): the new one first. */
const apiKeys = z.union([z.string(), z.array(z.string())], { error: MISSING_KEY }).transform((value, ctx) => {
  // Spaces around the comma are the list's; a space at either end stays, so the key check can name it.
  const list = (Array.isArray(value) ? value : value.split(/\s*,\s*/)).filter(Boolean)
  if (list.length === 0) ctx.addIssue({ code: "custom", message: MISSING_KEY })
  else if (list.length > 2)
    ctx.addIssue({
      code: "custom",
      message: "apiKey: at most two keys (the new one and the old one, during a rotation)",
    })
  else if (list[0] === list[1])
    ctx.addIssue({ code: "custom", message: "apiKey: the two keys of a rotation are the same key" })
  else return list
  return z.NEVER
})

/** The options of both providers, as given in medusa-config.ts. */
export const TradeCreditOptionsSchema = z
  .object({
    /**
     * The service's API key: secret_test_… for the sandbox, secret_prod_… for production. During a rotation, two (the
     * new one first, then the old one, comma-separated or a list): a call the service refuses under one is sent again
     * at
     * once under the other, so the switch costs no failed call.
     */
    apiKey: apiKeys,
    /** Which service environment the key and URLs belong to. */
    environment: z.enum(["sandbox", "production"]).default("sandbox"),
    /** The service's API address (sandbox or production), e.g. the simulator's URL in development. */
    baseUrl: z.string({ error: "baseUrl is missing: set TRADE_CREDIT_BASE_URL" }).url("baseUrl must be an http(s) URL"),
    /** Where the service serves its hosted pages (the sole-trader signup popup). Defaults to baseUrl. */
    checkoutUrl: z.string().url("checkoutUrl must be an http(s) URL").optional(),
    /**
     * The Standard Webhooks secret (whsec_…) the service signs webhooks with; during a rotation, two (the new one and
     * the old one, comma-separated or a list): a delivery signed with either is accepted.
     */
    webhookSecret: webhookSecrets.optional(),
    /** The storefront origins a buyer may be sent back to after verification (comma-separated or a list). */
    storefrontUrls: origins.refine((list) => list.length > 0, {
      message:
        "storefrontUrls is missing: set TRADE_CREDIT_STOREFRONT_URL to the storefront " +
        "origin(s) buyers return to after verification",
    }),
    /** The path on the storefront the buyer returns to when the session data names no return_url. */
    returnPath: z.string().startsWith("/").default("/checkout/trade-credit/return"),
    /** Bound of one call to the service, in milliseconds. */
    timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
    /** How often a call is retried on 429, 502, 503, 504 or a dropped connection. */
    maxRetries: z.number().int().min(0).max(10).default(2),
    /**
     * When the service invoices (fulfils) an order: when it is placed ("order"), when Medusa marks a fulfillment
     * shipped
     * ("shipment", the default), when a fulfillment is created ("fulfillment"), or only when an admin captures
     * ("manual"). A region's settings may choose another (Settings → Trade credit).
     */
    captureOn: z.enum(CAPTURE_ON).default("shipment"),
    /** After how many hours an order whose buyer never verified is cancelled and its cart freed (the service's own
     * limit is 48). */
    unverifiedOrderTtlHours: z.number().min(0.01).max(48).default(48),
    /**
     * The lowest level of the plugin's own log lines (providers, module, service client, subscribers, jobs, routes):
     * "debug"
     * (one line per call to the service), "info", "warn" or "error". Unset: Medusa's own LOG_LEVEL decides alone; set,
     * it can only quiet the plugin further. Never a secret at any level.
     */
    logLevel: z.enum(LOG_LEVELS, { error: `logLevel must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
    /**
     * How the plugin's lines are written: "text" (the default: the message, then ` key=value` ids) or "json" (one JSON
     * object a line, `{"source":"trade-credit","level":…,"message":…, …ids}`, as the message of Medusa's logger). The
     * ids are Medusa's and the service's, never a secret (utils/log-line.ts).
     */
    logFormat: z.enum(LOG_FORMATS, { error: `logFormat must be one of ${LOG_FORMATS.join(", ")}` }).default("text"),
    /** Invoice payment terms in days (the service's default when unset). */
    invoiceTermsDays: z.number().int().min(1).max(180).optional(),
    /**
     * When a Medusa customer is deleted, ask the service to erase that customer's personal data (right to erasure)
     * with the reference `customer-deleted:<customer id>`, and anonymise the plugin's own copies. Off by default.
     */
    erasureOnCustomerDelete: z
      .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
      .transform((value) => value === true || value === "true" || value === "1")
      .default(false),
  })
  .transform(({ apiKey: [apiKey, previousApiKey], ...options }) => ({ ...options, apiKey, previousApiKey }))

export type TradeCreditOptionsInput = z.input<typeof TradeCreditOptionsSchema>
export type TradeCreditOptions = z.output<typeof TradeCreditOptionsSchema>

/** Parses the options; throws one message listing every problem (never echoing the key). */
export function parseOptions(raw: unknown): TradeCreditOptions {
  const result = TradeCreditOptionsSchema.safeParse(raw ?? {})
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const path = i.path.join(".")
      return i.message.startsWith(path) || !path ? i.message : `${path}: ${i.message}`
    })
    throw new Error(`medusa-payment-trade-credit: invalid options: ${problems.join("; ")}`)
  }
  return result.data
}

/**
 * The service client's options that these plugin options describe. Callers acquire a handle on the process's one
 * shared pool with them (`acquireTradeCreditClient`, or `acquireOrdersClient` for the invoice provider), so both
 * providers and the module use the same sockets.
 */
export function clientOptionsOf(options: TradeCreditOptions, logger?: ClientLogger): TradeCreditClientOptionsInput {
  return {
    apiKey: options.apiKey,
    previousApiKey: options.previousApiKey,
    environment: options.environment,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    logger,
  }
}
