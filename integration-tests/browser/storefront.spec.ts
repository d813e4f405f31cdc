import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { launchBrowser, newBuyer, screenshotDir } from "../helpers/browser"
import { control, useSimulator } from "../helpers/simulator"
import { waitUntil } from "../helpers/wait"
// The demo's own storefront and server (`npm run demo` serves the same files).
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { buildStorefront, startStorefront } = require("../../storefront/server.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

jest.setTimeout(240_000)

const simulator = useSimulator()
const shots = screenshotDir("storefront")
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })

/** The storefront, started before Medusa boots so that its origin is the allowed CORS and return origin. */
const storefront: { url: string; server?: any } = { url: "" }
beforeAll(async () => {
  const distDir = buildStorefront()
  storefront.server = await startStorefront({ distDir, port: 0 })
  storefront.url = storefront.server.url
  process.env.STORE_CORS = storefront.url
  process.env.TRADE_CREDIT_STOREFRONT_URL = storefront.url
})
afterAll(async () => {
  await storefront.server?.close()
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let browser: Browser
    let seed: any
    let admin: ReturnType<typeof adminRequester>
    const contexts: BrowserContext[] = []

    beforeAll(async () => {
      admin = adminRequester(api, await loginAdmin(getContainer(), api))
      seed = await seedStore(admin)
      storefront.server.setConfig({ medusaUrl: api.defaults.baseURL, publishableKey: seed.publishableKey })
      await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}/hooks/payment/trade-credit_default` })
      browser = await launchBrowser()
    })

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser?.close()
    })

    const buyer = (options: { locale?: string } = {}) => newBuyer(browser, contexts, options)

    /** Shop → cart → contact and delivery details saved. */
    async function toCheckout(page: Page, screenshotName?: string) {
      await page.goto(storefront.url)
      await page.locator("form.product").first().waitFor()
      if (screenshotName) await shot(page, screenshotName)
      await page.locator("form.product button[type=submit]").first().click()
      await page.waitForURL(`${storefront.url}/checkout`)
      await page.locator("#details-continue").click()
      await settled(page, "#step-details .done", "#details-form .error")
    }

    /** Waits for `done` to show; fails with the page's own error message when `error` shows one first. */
    async function settled(page: Page, done: string, error: string) {
      const handle = await page.waitForFunction(
        ([d, e]) => {
          if (document.querySelector(d)) return "ok"
          const invalid = document.querySelector<HTMLInputElement>(`${e.split(" ")[0]} input:invalid`)
          if (invalid) return `the field ${invalid.name || invalid.id} is invalid: ${invalid.validationMessage}`
          return document.querySelector(e)?.textContent?.trim() || undefined
        },
        [done, error] as const,
        { timeout: 60_000 }
      )
      const outcome = await handle.jsonValue()
      if (outcome !== "ok") {
        await shot(page, `failure-${Date.now()}`)
        throw new Error(`the page says: ${outcome}`)
      }
    }

    /** Types into the company search like a buyer and picks the first suggestion. */
    async function chooseCompany(page: Page, query: string, screenshotName?: string) {
      await page.locator("#company-search").pressSequentially(query, { delay: 60 })
      const option = page.locator("#company-results li").first()
      await option.waitFor()
      if (screenshotName) await shot(page, screenshotName)
      await option.click()
      await page.locator("#company-chosen").waitFor()
    }

    it("a buyer checks out by invoice: search, select, verify at the service's page, return, confirmation", async () => {
      const { page, errors } = await buyer()
      // Every cart completion the browser asks Medusa for, with its answer: one, accepted (no refused first try).
      const completions: number[] = []
      page.on("response", (response) => {
        if (response.request().method() === "POST" && /\/store\/carts\/[^/]+\/complete$/.test(new URL(response.url()).pathname)) completions.push(response.status())
      })
      await toCheckout(page, "01-shop")
      await chooseCompany(page, "acme", "02-company-search")
      expect(await page.locator("#chosen-company-name").textContent()).toBe("ACME INDUSTRIAL SUPPLIES LTD")
      await page.locator("#precheck-status", { hasText: "Trade credit is available for ACME INDUSTRIAL SUPPLIES LTD." }).waitFor()
      expect(await page.locator("#method-invoice").isChecked()).toBe(true)

      await page.locator("#po-number").fill("PO-7781")
      await page.locator("#department").fill("Facilities")
      await page.locator("#project").fill("HQ refit")
      await page.locator("#invoice-emails").fill("ap@acme-office.example, finance@acme-office.example")
      await shot(page, "03-payment-invoice")
      const total = (await page.locator("#cart-total").textContent())!

      await page.locator("#place-order").click()
      await page.waitForURL(new RegExp(`^${simulator.url}/verify/`))
      await page.locator("[data-testid=approve]").waitFor()
      await shot(page, "04-verification-page")
      await page.locator("[data-testid=approve]").click()

      // Back on the storefront: the return page completes the cart, and the order is confirmed.
      await page.waitForURL(new RegExp(`^${storefront.url}/order/confirmed\\?id=order_`), { timeout: 60_000 })
      await page.locator("#order-confirmation").waitFor()
      await shot(page, "05-confirmation-invoice")
      expect(await page.locator("#order-payment").textContent()).toMatch(/Invoice with trade credit/)
      expect(await page.locator("#order-total").textContent()).toBe(total)
      const orderId = new URL(page.url()).searchParams.get("id")!
      // The verification came before the order: the cart was completed once, on return, and Medusa accepted it.
      expect(completions).toEqual([200])

      // Medusa has the order with an authorized trade credit payment; the service has it confirmed with the buyer's references.
      const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,display_id,*payment_collections.payments`)
      const payment = order.payment_collections[0].payments[0]
      expect(payment.provider_id).toBe("pp_trade-credit_default")
      expect(await page.locator("#order-number").textContent()).toBe(`#${order.display_id}`)
      const atService = (await control(simulator.url, "GET", `/_sim/orders/${payment.data.order_id}`)).order
      expect(atService.state).toBe("CONFIRMED")
      expect(atService.buyer.company).toMatchObject({ company_canonical_id: "cmpgb08123456" })
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      // The return page's completion confirmed it (the seed's step 3), once.
      expect(items.filter((r: any) => r.path === `/v1/order/${payment.data.order_id}/confirm`)).toHaveLength(1)
      const create = items.find((r: any) => r.path === "/v1/order" && r.body?.merchant_order_id === payment.data.merchant_order_id)
      expect(create.body).toMatchObject({
        buyer_purchase_order_number: "PO-7781",
        buyer_department: "Facilities",
        buyer_project: "HQ refit",
        invoice_details: { invoice_emails: ["ap@acme-office.example", "finance@acme-office.example"] },
      })
      expect(create.body.merchant_urls.merchant_confirmation_url).toMatch(new RegExp(`^${storefront.url}/checkout/trade-credit/return\\?`))
      // The company search went through the plugin's store route (the browser never talks to the service).
      const searches = (await control(simulator.url, "GET", "/_sim/requests?method=GET&path_prefix=/companies")).items
      expect(searches.some((r: any) => r.query.q === "acme")).toBe(true)

      // A second purchase right after the first: the completed cart was forgotten with the order (the kit's
      // completeTradeCreditCart clears it), so the shop starts a fresh cart and the order goes through.
      expect(await page.evaluate(() => localStorage.getItem("trade-credit-demo:cart-id"))).toBeNull()
      await toCheckout(page)
      const { order: first } = await admin("GET", `/admin/orders/${orderId}?fields=id,cart.id`)
      const secondCartId = await page.evaluate(() => localStorage.getItem("trade-credit-demo:cart-id"))
      expect(secondCartId).toMatch(/^cart_/)
      expect(secondCartId).not.toBe(first.cart.id)
      await chooseCompany(page, "acme")
      await page.locator("#precheck-status", { hasText: "Trade credit is available" }).waitFor()
      await page.locator("#method-transfer").check()
      await page.locator("#place-order").click()
      await page.waitForURL(new RegExp(`^${storefront.url}/order/confirmed\\?id=order_`), { timeout: 60_000 })
      expect(new URL(page.url()).searchParams.get("id")).not.toBe(orderId)
      expect(errors).toEqual([])
    })

    it("a declined buyer is told clearly, is not offered trade credit, and can still pay another way", async () => {
      const { page, errors } = await buyer()
      await toCheckout(page)
      await chooseCompany(page, "highgate")
      const notice = page.locator("#trade-credit-declined")
      await notice.waitFor()
      expect(await notice.textContent()).toMatch(/Trade credit isn't available for this order/)
      expect(await notice.textContent()).not.toMatch(/TOO_HIGH_RISK/) // the reason is for the logs, not the buyer
      expect(await page.locator("#method-invoice").count()).toBe(0)
      expect(await page.locator("#method-instalments").count()).toBe(0)
      expect(await page.locator("#method-transfer").isChecked()).toBe(true)
      await shot(page, "06-declined")

      await page.locator("#place-order").click()
      await page.locator("#order-confirmation").waitFor({ timeout: 60_000 })
      expect(await page.locator("#order-payment").textContent()).toBe("Bank transfer in advance")
      // No order was ever created at the service for this buyer.
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      expect(items.filter((r: any) => r.path === "/v1/order" && r.body?.buyer?.company?.company_canonical_id === "cmpgb06660666")).toEqual([])
      expect(errors).toEqual([])
    })

    it("the region's settings steer the page: above its maximum trade credit is not offered, saying why; a declined buyer sees it greyed out when the merchant wants", async () => {
      const url = `/admin/trade-credit/regions/${seed.region.id}/settings`
      await admin("POST", url, { max_order_amount: "10.00" })
      try {
        const { page, errors } = await buyer()
        await toCheckout(page)
        await chooseCompany(page, "acme")
        const reason = page.locator("#trade-credit-declined-reason")
        await reason.waitFor()
        expect(await reason.textContent()).toMatch(/outside the amounts trade credit is offered for/)
        expect(await page.locator("#method-invoice").count()).toBe(0)
        expect(await page.locator("#method-transfer").isChecked()).toBe(true)
        await shot(page, "06b-above-maximum")

        // No maximum, and declined buyers shown the method unavailable: greyed out, with the reason in plain words.
        await admin("POST", url, { max_order_amount: null, hide_when_declined: false })
        await page.locator("#company-change").click()
        await page.locator("#company-search").fill("")
        await chooseCompany(page, "highgate")
        await page.locator("#method-invoice[disabled]").waitFor()
        expect(await page.locator("#method-instalments").isDisabled()).toBe(true)
        const greyed = await page.locator("label.method.unavailable").first().textContent()
        expect(greyed).toMatch(/not available for this purchase/)
        expect(greyed).not.toMatch(/TOO_HIGH_RISK/)
        expect(await page.locator("#method-transfer").isChecked()).toBe(true)
        await shot(page, "06c-declined-shown")
        expect(errors).toEqual([])
      } finally {
        await admin("POST", url, { max_order_amount: null, hide_when_declined: true })
      }
    })

    it("a buyer pays in monthly instalments, with the schedule previewed before placing the order; the confirmation follows the plan's funding", async () => {
      // The service decides the plan's funding after the order is placed: held pending here until the test accepts it.
      const fundingDelayMs = simulator.sim!.state.repayment.fundingDelayMs
      simulator.sim!.state.repayment.fundingDelayMs = 10 * 60_000
      try {
        const { page, errors } = await buyer()
        await toCheckout(page)
        await chooseCompany(page, "thornbury")
        await page.locator("#precheck-status", { hasText: "Trade credit is available" }).waitFor()
        await page.locator("#method-instalments").check()
        // The kit's InstalmentChoices: the counts the instalment session's credit check allows, and only those.
        await page.locator("#instalment-periods").waitFor()
        expect(await page.locator("#instalment-periods option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(["3", "6", "12", "24", "36"])
        await page.locator("#instalment-periods").selectOption("6")
        await expect(page.locator("#instalment-summary").textContent()).resolves.toMatch(/6 monthly instalments/)
        await page.locator("#instalment-periods").selectOption("12")
        await page.locator("#instalment-summary", { hasText: "12 monthly instalments" }).waitFor()
        expect(await page.locator(".schedule tbody tr").count()).toBe(12)
        await page.locator("#po-number").fill("PO-INST-12")
        await shot(page, "07-instalments-preview")

        // The confirmation reads the order again while the funding is pending (the kit's FundingStatus).
        const orderReads: string[] = []
        page.on("request", (request) => {
          if (request.method() === "GET" && /\/store\/orders\/order_/.test(new URL(request.url()).pathname)) orderReads.push(request.url())
        })
        await page.locator("#place-order").click()
        await page.locator("#order-confirmation").waitFor({ timeout: 60_000 })
        await shot(page, "08-confirmation-instalments")
        expect(await page.locator("#order-payment").textContent()).toBe("12 monthly instalments with trade credit")
        await page.locator('#order-funding[data-state="pending"]', { hasText: "Being approved" }).waitFor()
        await shot(page, "08b-confirmation-funding-pending")
        const orderId = new URL(page.url()).searchParams.get("id")!
        const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payment_sessions,*payment_collections.payments`)
        const session = order.payment_collections[0].payment_sessions.find((s: any) => s.provider_id === "pp_trade-credit-plan_default")
        expect(session.data.funding_status).toBe("PENDING")
        expect(order.payment_collections[0].payments ?? []).toEqual([])
        // Still pending after a few of the page's reads: the page says so, and nothing else.
        await waitUntil("the confirmation reading the order again", async () => orderReads.length >= 3 || undefined)
        expect(await page.locator("#order-funding").getAttribute("data-state")).toBe("pending")

        // The service accepts the funding; its webhook authorizes the payment, and the page says the plan is approved.
        await control(simulator.url, "POST", `/_sim/plans/${session.data.plan_id}/funding`, { status: "ACCEPTED" })
        await page.locator('#order-funding[data-state="accepted"]', { hasText: "Approved: your instalment plan is confirmed." }).waitFor({ timeout: 60_000 })
        await shot(page, "08c-confirmation-funding-accepted")
        const payment = await waitUntil("the instalment payment authorized by the funding webhook", async () => {
          const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
          return order.payment_collections[0].payments[0]
        })
        expect(payment.provider_id).toBe("pp_trade-credit-plan_default")
        const plan = await control(simulator.url, "GET", `/_sim/plans/${payment.data.plan_id}`)
        expect(plan.plan.terms).toEqual({ period: "MONTHLY", number_of_periods: 12 })
        expect(errors).toEqual([])
      } finally {
        simulator.sim!.state.repayment.fundingDelayMs = fundingDelayMs
      }
    })

    it("speaks the buyer's language: the kit's company picker, instalment choices and payment button in Norwegian", async () => {
      const { page, errors } = await buyer({ locale: "nb-NO" })
      await toCheckout(page)
      expect(await page.locator("label[for=company-search]").textContent()).toContain("Firmanavn eller organisasjonsnummer")
      expect(await page.locator("#company-manual-toggle").textContent()).toBe("Finner du ikke bedriften? Skriv inn opplysningene")
      await chooseCompany(page, "thornbury")
      expect(await page.locator("#company-change").textContent()).toBe("Endre")
      await page.locator("#precheck-status", { hasText: "Trade credit is available" }).waitFor()
      await page.locator("#method-instalments").check()
      await page.locator("#instalment-periods").waitFor()
      expect(await page.locator("#instalment-periods option").allTextContents()).toEqual(["3 måneder", "6 måneder", "12 måneder", "24 måneder", "36 måneder"])
      expect(await page.locator("#references legend").textContent()).toBe("Dine referanser (på fakturaen)")
      expect(await page.locator("#place-order").textContent()).toBe("Send bestilling")
      await shot(page, "09-norwegian")
      expect(errors).toEqual([])
    })
  },
})
