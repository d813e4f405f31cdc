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
      // The region's invoice terms: the payment's data holds them, and the confirmation says them ("due in 30 days").
      await admin("POST", `/admin/trade-credit/regions/${seed.region.id}/settings`, { invoice_terms_days: 30 })
      browser = await launchBrowser()
    })

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser?.close()
    })

    const buyer = (options: { locale?: string } = {}) => newBuyer(browser, contexts, options)

    /** The page's own English words (storefront/src/texts.js): none may show on a page in another language. */
    const ENGLISH_PAGE_TEXTS = [
      "Place order",
      "Payment",
      "Thank you",
      "Order summary",
      "Contact and delivery",
      "Your company",
      "How would you like to pay",
      "Invoice",
      "Bank transfer",
      "Checkout",
      "Total",
      "Continue",
      "Trade credit",
    ]
    const englishOn = async (page: Page) => {
      const text = await page.locator("body").innerText()
      return ENGLISH_PAGE_TEXTS.filter((english) => new RegExp(`\\b${english}\\b`).test(text))
    }
    const NETWORK_SENTENCE = "We couldn't reach the shop. Check your connection and try again."

    /** The confirmation link opened by another browser: a fresh context, nothing of the checkout in its storage. */
    async function confirmationElsewhere(url: string, options: { locale?: string } = {}) {
      const other = await buyer(options)
      await other.page.goto(url)
      await other.page.locator("#order-confirmation").waitFor({ timeout: 60_000 })
      return other
    }

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
      // The order's own payment, read from the server: the kit's words with the terms the payment holds.
      expect(await page.locator("#order-payment").textContent()).toBe("Invoice, due in 30 days")
      expect(await page.locator("#order-company").textContent()).toBe("ACME INDUSTRIAL SUPPLIES LTD")
      expect(await page.locator("#order-po").textContent()).toBe("PO-7781")
      expect(await page.locator("#order-total").textContent()).toBe(total)
      const orderId = new URL(page.url()).searchParams.get("id")!

      // The same link in another browser (no sessionStorage, nothing of the checkout): the same, correct payment.
      const elsewhere = await confirmationElsewhere(page.url())
      await shot(elsewhere.page, "05b-confirmation-invoice-elsewhere")
      expect(await elsewhere.page.locator("#order-payment").textContent()).toBe("Invoice, due in 30 days")
      expect(await elsewhere.page.locator("#order-company").textContent()).toBe("ACME INDUSTRIAL SUPPLIES LTD")
      expect(await elsewhere.page.locator("#order-po").textContent()).toBe("PO-7781")
      expect(await elsewhere.page.locator("#order-total").textContent()).toBe(total)
      expect(await elsewhere.page.locator("#order-confirmation").innerText()).not.toMatch(/Bank transfer/)
      expect(elsewhere.errors).toEqual([])
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
      await page.locator("#order-confirmation").waitFor()
      expect(await page.locator("#order-payment").textContent()).toBe("Bank transfer in advance")
      expect(await page.locator("#order-company").count()).toBe(0)
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
      // One heading and one reason: the reason does not say again that trade credit is not available.
      const reason = (await page.locator("#trade-credit-declined-reason").textContent())!
      expect(reason).not.toMatch(/not available/i)
      expect(reason).toContain("HIGHGATE")
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
        expect(greyed).toMatch(/Not available for this purchase/)
        expect(greyed).not.toMatch(/TOO_HIGH_RISK/)
        // The reason is said once, in the notice, not again under each greyed-out method.
        const payment = await page.locator("#payment").innerText()
        const reasonText = (await page.locator("#trade-credit-declined-reason").textContent())!
        expect(payment.split(reasonText)).toHaveLength(2)
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
        expect(await page.locator("#order-payment").textContent()).toBe("Monthly instalments, 12 months")
        // Never an empty row: the plan's row says something from the start.
        expect((await page.locator("#funding-slot").innerText()).trim()).not.toBe("")
        expect(await page.locator("#order-po").textContent()).toBe("PO-INST-12")
        expect(await page.locator("#order-company").textContent()).toMatch(/^THORNBURY/)
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

        // The link in another browser: the same payment and the plan's row with words in it.
        const elsewhere = await confirmationElsewhere(page.url())
        expect(await elsewhere.page.locator("#order-payment").textContent()).toBe("Monthly instalments, 12 months")
        expect((await elsewhere.page.locator("#funding-slot").innerText()).trim()).not.toBe("")
        await elsewhere.page.locator('#order-funding[data-state="pending"]', { hasText: "Being approved" }).waitFor()
        await shot(elsewhere.page, "08d-confirmation-instalments-elsewhere")
        await elsewhere.context.close()

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

    it("speaks the buyer's language: the page and the kit's company picker, instalment choices and payment button in Norwegian", async () => {
      const { page, errors } = await buyer({ locale: "nb-NO" })
      await toCheckout(page)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("nb")
      expect(await page.locator("#step-details h2").textContent()).toBe("1. Kontakt og levering")
      expect(await page.locator("#step-company h2").textContent()).toBe("2. Bedriften din")
      expect(await page.locator("#step-payment h2").textContent()).toBe("3. Betaling")
      expect(await page.locator("#summary h2").textContent()).toBe("Ordresammendrag")
      expect(await page.locator("#cart-link").textContent()).toBe("Til kassen")
      expect(await page.locator("label[for=company-search]").textContent()).toContain("Firmanavn eller organisasjonsnummer")
      expect(await page.locator("#company-manual-toggle").textContent()).toBe("Finner du ikke bedriften? Skriv inn opplysningene")
      await chooseCompany(page, "thornbury")
      expect(await page.locator("#company-change").textContent()).toBe("Endre")
      await page.locator("#precheck-status", { hasText: "Handelskreditt er tilgjengelig for THORNBURY" }).waitFor()
      expect(await page.locator(".methods legend").textContent()).toBe("Hvordan vil du betale?")
      await page.locator("#method-instalments").check()
      await page.locator("#instalment-periods").waitFor()
      expect(await page.locator("#instalment-periods option").allTextContents()).toEqual(["3 måneder", "6 måneder", "12 måneder", "24 måneder", "36 måneder"])
      expect(await page.locator("#references legend").textContent()).toBe("Dine referanser (på fakturaen)")
      expect(await page.locator("#place-order").textContent()).toBe("Send bestilling")
      await page.locator("#instalment-summary", { hasText: "månedlige avdrag" }).waitFor()
      await shot(page, "09-norwegian")
      expect(await englishOn(page)).toEqual([])
      expect(errors).toEqual([])
    })

    it("one language per page: a German buyer checks out by invoice in German, the page's words and the kit's, through to the confirmation", async () => {
      const { page, errors } = await buyer({ locale: "de-DE" })
      await toCheckout(page)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("de")
      expect(await page.locator("#step-details h2").textContent()).toBe("1. Kontakt und Lieferung")
      expect(await page.locator("#step-payment h2").textContent()).toBe("3. Zahlung")
      expect(await page.locator("#summary h2").textContent()).toBe("Bestellübersicht")
      expect(await page.locator("#cart-link").textContent()).toBe("Zur Kasse")
      // Money in the page's locale: "1.234,56 £".
      const total = (await page.locator("#cart-total").textContent())!
      expect(total).toMatch(/^[\d.]+,\d{2}\s£$/)
      // The kit's words, in the same language.
      expect(await page.locator("label[for=company-search]").textContent()).toContain("Firmenname oder Registernummer")
      await chooseCompany(page, "acme")
      expect(await page.locator("#company-change").textContent()).toBe("Ändern")
      await page.locator("#precheck-status", { hasText: "Handelskredit ist für ACME INDUSTRIAL SUPPLIES LTD verfügbar." }).waitFor()
      expect(await page.locator(".methods legend").textContent()).toBe("Wie möchten Sie bezahlen?")
      expect(await page.locator("label.method.selected strong").textContent()).toBe("Rechnung mit Handelskredit")
      expect(await page.locator("#references legend").textContent()).toBe("Ihre Referenzen (auf der Rechnung)")
      expect(await page.locator("#place-order").textContent()).toBe("Bestellung aufgeben")
      await page.locator("#po-number").fill("BE-4711")
      await shot(page, "10-german-checkout")
      expect(await englishOn(page)).toEqual([])

      await page.locator("#place-order").click()
      await page.waitForURL(new RegExp(`^${simulator.url}/verify/`))
      await page.locator("[data-testid=approve]").click()
      await page.waitForURL(new RegExp(`^${storefront.url}/order/confirmed\\?id=order_`), { timeout: 60_000 })
      await page.locator("#order-confirmation").waitFor()
      await shot(page, "11-german-confirmation")
      expect(await page.locator("#order-confirmation h1").textContent()).toBe("Vielen Dank, Ihre Bestellung ist aufgegeben")
      expect(await page.locator("#order-payment").textContent()).toBe("Rechnung, fällig in 30 Tagen")
      expect(await page.locator("#order-po").textContent()).toBe("BE-4711")
      expect(await page.locator("#order-total").textContent()).toBe(total)
      expect(await page.locator("#order-confirmation dt").allTextContents()).toEqual(["Zahlung", "Unternehmen", "Bestellnummer", "Gesamt"])
      expect(await englishOn(page)).toEqual([])
      expect(errors).toEqual([])
    })

    it("a network failure reads as plain words, for trade credit's button and bank transfer's, and the buyer can try again", async () => {
      const { page, errors } = await buyer()
      await toCheckout(page)
      await chooseCompany(page, "acme")
      await page.locator("#precheck-status", { hasText: "Trade credit is available" }).waitFor()
      // The shop's payment requests never get an answer (the connection drops).
      const dropped: string[] = []
      const drop = (url: URL) => url.pathname.startsWith("/store/payment-collections")
      await page.route(drop, (route) => {
        dropped.push(route.request().url())
        return route.abort("internetdisconnected")
      })
      await page.locator("#place-order").click()
      const error = page.locator("#place-order-error")
      await error.filter({ hasText: NETWORK_SENTENCE }).waitFor()
      await shot(page, "12-network-failure-invoice")
      expect(await error.textContent()).toBe(NETWORK_SENTENCE)
      expect(dropped.length).toBeGreaterThan(0)

      await page.locator("#method-transfer").check()
      await page.locator("#place-order").click()
      await error.filter({ hasText: NETWORK_SENTENCE }).waitFor()
      await shot(page, "12b-network-failure-transfer")
      expect(await page.locator("body").innerText()).not.toMatch(/Failed to fetch|TypeError|payses_|paycol_|cart_/)

      // Back online: the same button places the order.
      await page.unroute(drop)
      await page.locator("#place-order").click()
      await page.locator("#order-confirmation").waitFor({ timeout: 60_000 })
      expect(await page.locator("#order-payment").textContent()).toBe("Bank transfer in advance")
      const confirmation = page.url()

      // Medusa out of reach altogether: the return page's completion and the confirmation say it in the same words.
      const medusaOrigin = new URL(api.defaults.baseURL!).origin
      const offline = (url: URL) => url.origin === medusaOrigin
      await page.route(offline, (route) => route.abort("internetdisconnected"))
      await page.goto(`${storefront.url}/checkout/trade-credit/return?cart_id=cart_01OFFLINETEST0000000000000&trade_credit=verified`)
      await page.locator("#return-failed").waitFor({ timeout: 60_000 })
      expect(await page.locator("#return-failed .error").textContent()).toBe(NETWORK_SENTENCE)
      await shot(page, "12c-network-failure-return")
      await page.goto(confirmation)
      await page.locator("#page-error").waitFor({ timeout: 60_000 })
      expect(await page.locator("#page-error .error").textContent()).toBe(NETWORK_SENTENCE)
      expect(await page.locator("body").innerText()).not.toMatch(/Failed to fetch|TypeError|order_|cart_/)
      await page.unroute(offline)
      expect(errors).toEqual([])
    })
  },
})
