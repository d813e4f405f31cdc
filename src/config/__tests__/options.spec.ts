import { randomBytes } from "node:crypto"
import { parseOptions } from "../options"
import { TradeCreditInvoiceService } from "../../providers/trade-credit/services/trade-credit-invoice"

const testKey = `secret_test_${randomBytes(32).toString("base64url")}`
const prodKey = `secret_prod_${randomBytes(32).toString("base64url")}`
const valid = {
  apiKey: testKey,
  environment: "sandbox",
  baseUrl: "http://127.0.0.1:4010",
  webhookSecret: `whsec_${randomBytes(24).toString("base64")}`,
  storefrontUrls: "https://shop.example, http://localhost:8000",
}

/** What Medusa calls when it loads the provider: a throw stops the server with the message. */
const validate = (options: Record<string, unknown>) => () => TradeCreditInvoiceService.validateOptions(options)

describe("the provider's options, checked when Medusa loads it", () => {
  it("accepts a sandbox key with the sandbox, and storefront origins as a comma-separated list", () => {
    expect(validate(valid)).not.toThrow()
    expect(validate({ ...valid, environment: "production", apiKey: prodKey })).not.toThrow()
  })

  it("takes two keys during a rotation (the new one first), each checked, and refuses a third", () => {
    const next = `secret_test_${randomBytes(32).toString("base64url")}`
    expect(parseOptions({ ...valid, apiKey: `${next}, ${testKey}` })).toMatchObject({
      apiKey: next,
      previousApiKey: testKey,
    })
    expect(parseOptions({ ...valid, apiKey: [next, testKey] })).toMatchObject({ apiKey: next, previousApiKey: testKey })
    expect(parseOptions(valid)).toMatchObject({ apiKey: testKey, previousApiKey: undefined })
    expect(() => parseOptions({ ...valid, apiKey: `${next},${testKey},${prodKey}` })).toThrow(/at most two keys/)
    expect(() => parseOptions({ ...valid, apiKey: `${testKey},${testKey}` })).toThrow(/the same key/)
    // Each key is checked like the one key: a production key with the sandbox stops the server, without echoing it.
    let message = ""
    try {
      validate({ ...valid, apiKey: `${next},${prodKey}` })()
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/production key/)
    expect(message).not.toContain(prodKey.slice("secret_prod_".length))
  })

  it("takes a log level for the plugin's own lines, and refuses another word", () => {
    expect(parseOptions(valid).logLevel).toBeUndefined()
    expect(parseOptions({ ...valid, logLevel: "warn" }).logLevel).toBe("warn")
    expect(() => parseOptions({ ...valid, logLevel: "verbose" })).toThrow(
      /logLevel must be one of debug, info, warn, error/,
    )
  })

  it("takes a log format, text unless json is asked for, and refuses another word", () => {
    expect(parseOptions(valid).logFormat).toBe("text")
    expect(parseOptions({ ...valid, logFormat: "json" }).logFormat).toBe("json")
    expect(() => parseOptions({ ...valid, logFormat: "logfmt" })).toThrow(
      /invalid options: logFormat must be one of text, json$/,
    )
  })

  it("refuses a malformed key, saying so without echoing it", () => {
    for (const apiKey of [
      `${testKey}x`,
      testKey.slice(0, -1),
      "sk_live_abc",
      `${testKey.slice(0, -1)}!`,
      ` ${testKey}`,
    ]) {
      let message = ""
      try {
        validate({ ...valid, apiKey })()
      } catch (e) {
        message = (e as Error).message
      }
      expect(message).toMatch(/malformed/)
      expect(message).not.toContain(testKey.slice("secret_test_".length, -1))
    }
  })

  it("refuses a production key in the sandbox and a sandbox key in production, and says which", () => {
    expect(validate({ ...valid, apiKey: prodKey })).toThrow(/production key .*configured for the sandbox/)
    expect(validate({ ...valid, environment: "production" })).toThrow(/sandbox key .*configured for production/)
  })

  it("names each missing or wrong option, with the environment variable to set", () => {
    expect(validate({ ...valid, apiKey: undefined })).toThrow(/TRADE_CREDIT_API_KEY/)
    expect(validate({ ...valid, baseUrl: undefined })).toThrow(/TRADE_CREDIT_BASE_URL/)
    expect(validate({ ...valid, baseUrl: "not a url" })).toThrow(/baseUrl/)
    expect(validate({ ...valid, storefrontUrls: undefined })).toThrow(/TRADE_CREDIT_STOREFRONT_URL/)
    expect(validate({ ...valid, storefrontUrls: "shop.example" })).toThrow(/storefrontUrls: "shop.example"/)
    expect(validate({ ...valid, webhookSecret: "plain-secret" })).toThrow(/webhookSecret/)
    expect(validate({ ...valid, environment: "staging" })).toThrow(/environment/)
    expect(validate({ ...valid, timeoutMs: 5 })).toThrow(/timeoutMs/)
  })

  it("takes two webhook secrets during a rotation (comma-separated or a list), never three", () => {
    const second = `whsec_${randomBytes(24).toString("base64")}`
    const third = `whsec_${randomBytes(24).toString("base64")}`
    expect(validate({ ...valid, webhookSecret: `${valid.webhookSecret}, ${second}` })).not.toThrow()
    expect(validate({ ...valid, webhookSecret: [valid.webhookSecret, second] })).not.toThrow()
    expect(validate({ ...valid, webhookSecret: [valid.webhookSecret, second, third].join(",") })).toThrow(
      /at most two secrets/,
    )
    expect(validate({ ...valid, webhookSecret: `${valid.webhookSecret},plain-secret` })).toThrow(/whsec_<base64>/)
    const options = parseOptions({ ...valid, webhookSecret: `${valid.webhookSecret},${second},${valid.webhookSecret}` })
    expect(options.webhookSecret).toEqual([valid.webhookSecret, second])
    expect(parseOptions({ ...valid, webhookSecret: "" }).webhookSecret).toBeUndefined()
  })

  it("never puts the webhook secret in a message", () => {
    try {
      validate({ ...valid, webhookSecret: "whsec_not base64!" })()
    } catch (e) {
      expect((e as Error).message).not.toContain("not base64")
    }
    expect.assertions(1)
  })
})
