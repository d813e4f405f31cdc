import { createMedusaContainer } from "@medusajs/framework/utils"
import { asValue } from "@medusajs/framework/awilix"
import { randomBytes } from "node:crypto"
import { TradeCreditInvoiceService } from "../../../providers/trade-credit/services/trade-credit-invoice"
import checkProviderDependencies, {
  missingProviderDependencies,
  PROVIDER_DEPENDENCIES,
} from "../loaders/check-provider-dependencies"

const provider = { resolve: "medusa-payment-trade-credit/providers/trade-credit", id: "default", options: {} }
const paymentModule = (entry: Record<string, unknown>) => ({
  modules: { payment: { resolve: "@medusajs/medusa/payment", options: { providers: [provider] }, ...entry } },
})

describe("the payment module's dependencies the trade credit providers need", () => {
  it(
    "are Query, the payment and order modules and the plugin's module, and " + "nothing is missing when all are listed",
    () => {
      expect([...PROVIDER_DEPENDENCIES]).toEqual(["query", "payment", "order", "tradeCredit"])
      expect(
        missingProviderDependencies(paymentModule({ dependencies: [...PROVIDER_DEPENDENCIES, "other"] }) as any),
      ).toEqual([])
    },
  )

  it(
    "names what a payment module registering the providers lacks, and asks " +
      "nothing of one that does not register them",
    () => {
      expect(missingProviderDependencies(paymentModule({}) as any)).toEqual([
        "query",
        "payment",
        "order",
        "tradeCredit",
      ])
      expect(missingProviderDependencies(paymentModule({ dependencies: ["query", "order"] }) as any)).toEqual([
        "payment",
        "tradeCredit",
      ])
      expect(
        missingProviderDependencies({
          modules: {
            payment: {
              resolve: "@medusajs/medusa/payment",
              options: { providers: [{ resolve: "@medusajs/medusa/payment-stripe" }] },
            },
          },
        } as any),
      ).toEqual([])
      expect(missingProviderDependencies({ modules: {} } as any)).toEqual([])
      expect(missingProviderDependencies(undefined)).toEqual([])
    },
  )

  it(
    "stops the start-up with the line to add (the module's loader), and lets " + "a complete configuration start",
    async () => {
      const container = createMedusaContainer()
      container.register("configModule", asValue(paymentModule({ dependencies: ["query"] })))
      await expect(checkProviderDependencies({ container })).rejects.toThrow(
        /dependencies lack payment, order, tradeCredit\. Add dependencies: \["query","payment","order","tradeCredit"\]/,
      )
      container.register("configModule", asValue(paymentModule({ dependencies: [...PROVIDER_DEPENDENCIES] })))
      await expect(checkProviderDependencies({ container })).resolves.toBeUndefined()
    },
  )

  it(
    "a provider given a container without them refuses at the first read with " +
      "TRADE_CREDIT_MISCONFIGURED, reaching for no other container",
    async () => {
      const logger = { info() {}, warn() {}, error() {}, debug() {} } as any
      const options = {
        apiKey: `secret_test_${randomBytes(32).toString("base64url")}`,
        environment: "sandbox" as const,
        baseUrl: "http://127.0.0.1:9",
        storefrontUrls: "https://shop.example",
      }
      const invoice = new TradeCreditInvoiceService({ logger }, options)
      const started = invoice.initiatePayment({
        amount: 100,
        currency_code: "gbp",
        data: { company: { organization_number: "12345678", country_code: "GB", name: "Acme Ltd" } },
        context: { idempotency_key: "payses_1" },
      } as any)
      await expect(started).rejects.toMatchObject({
        code: "TRADE_CREDIT_MISCONFIGURED",
        message: expect.stringMatching(/cannot reach "query"/),
      })
    },
  )
})
