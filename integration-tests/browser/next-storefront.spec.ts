import { type ChildProcess, spawn } from "node:child_process"
import { appendFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Browser, BrowserContext, Page, Request } from "playwright-core"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { launchBrowser, newBuyer, screenshotDir } from "../helpers/browser"
import { control, useSimulator } from "../helpers/simulator"
import { waitUntil } from "../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

// The guide's storefront in a browser: examples/next-storefront is a small Next.js App Router app shaped like Medusa's
// dtc-starter, whose files hold docs/storefront.md's added lines verbatim (src/storefront/__tests__/guide-sync.spec.ts
// keeps them in step). This file builds it (`next build`, with the Medusa URL and publishable key written in as the
// starter's NEXT_PUBLIC_ variables), serves it (`next start`), and buys through it in Chromium: by invoice through
// the service's verification page and the kit's return route, twice in a row; in instalments with the plan's
// funding pending, then accepted; and as a declined buyer.

jest.setTimeout(240_000)

const EXAMPLE_DIR = path.resolve(__dirname, "../../examples/next-storefront")
const NEXT_BIN = require.resolve("next/dist/bin/next")
const COUNTRY = "gb" // scripts/lib/seed-store.js's region
const CART_COOKIE = "_medusa_cart_id"

const simulator = useSimulator()
const shots = screenshotDir("next-storefront")
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * The storefront's origin, chosen before Medusa boots so that it is the allowed CORS and return origin. The buyer
 * browses it as `localhost` while the simulator's verification page is on `127.0.0.1`: another site, so coming back
 * from the service is a cross-site navigation, as in production, and the starter's SameSite=Strict cart cookie is
 * not sent with it.
 */
const storefront: { port: number; url: string; child?: ChildProcess; output: string[]; buildSeconds?: number } = { port: 0, url: "", output: [] }
beforeAll(async () => {
  rmSync(path.join(shots, "next.log"), { force: true })
  storefront.port = await freePort()
  storefront.url = `http://localhost:${storefront.port}`
  process.env.STORE_CORS = storefront.url
  process.env.TRADE_CREDIT_STOREFRONT_URL = storefront.url
})
afterAll(async () => {
  const child = storefront.child
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve))
    try {
      process.kill(-child.pid, "SIGTERM") // next start and anything it started
    } catch {}
    await exited
  }
})

/** Runs the example's `next` with the storefront's environment (a production build whatever jest's NODE_ENV). */
function next(args: string[], env: Record<string, string>): ChildProcess {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env
  const child = spawn(process.execPath, [NEXT_BIN, ...args], {
    cwd: EXAMPLE_DIR,
    env: { ...inherited, ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const keep = (chunk: Buffer) => {
    storefront.output.push(chunk.toString())
    if (storefront.output.length > 400) storefront.output.splice(0, 100)
    appendFileSync(path.join(shots, "next.log"), chunk)
  }
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  return child
}

/** `next build` of the example (into its own .next, git-ignored), then `next start` on the chosen port. */
async function buildAndStart(env: Record<string, string>) {
  const started = Date.now()
  const build = next(["build"], env)
  const code = await new Promise<number | null>((resolve) => build.once("exit", resolve))
  if (code !== 0) throw new Error(`next build failed (${code}):\n${storefront.output.join("").slice(-6000)}`)
  storefront.buildSeconds = Math.round((Date.now() - started) / 1000)
  console.log(`next build of examples/next-storefront: ${storefront.buildSeconds} s`)
  storefront.child = next(["start", "-p", String(storefront.port), "-H", "127.0.0.1"], env)
  await waitUntil(
    "the Next.js storefront answering",
    async () => {
      if (storefront.child!.exitCode !== null) throw new Error(`next start exited (${storefront.child!.exitCode}):\n${storefront.output.join("").slice(-3000)}`)
      const res = await fetch(`http://127.0.0.1:${storefront.port}/${COUNTRY}`)
      return res.status === 200
    },
    { timeoutMs: 60_000, intervalMs: 250 }
  )
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let browser: Browser
    let admin: ReturnType<typeof adminRequester>
    const contexts: BrowserContext[] = []

    beforeAll(async () => {
      admin = adminRequester(api, await loginAdmin(getContainer(), api))
      const seed = await seedStore(admin)
      await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}/hooks/trade-credit` })
      // The starter's environment (.env.local): its Medusa and publishable key, its default region.
      await buildAndStart({
        NEXT_PUBLIC_MEDUSA_BACKEND_URL: api.defaults.baseURL,
        NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: seed.publishableKey,
        NEXT_PUBLIC_DEFAULT_REGION: COUNTRY,
      })
      browser = await launchBrowser()
    }, 420_000)

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser?.close()
    })

    const buyer = () => newBuyer(browser, contexts, { height: 1000 })

    const cartCookie = async (context: BrowserContext) => (await context.cookies(storefront.url)).find((c) => c.name === CART_COOKIE && c.value)

    /** The store page → add to cart (the starter's addToCart) → the address and delivery steps → the payment step. */
    async function toPayment(page: Page, name?: string) {
      await page.goto(`${storefront.url}/${COUNTRY}`)
      const product = page.locator("[data-testid=product]").first()
      await product.waitFor()
      if (name) await shot(page, `${name}-store`)
      await product.locator("[data-testid=add-product-button]").first().click()
      await page.waitForURL(`${storefront.url}/${COUNTRY}/checkout?step=address`)
      const fields: Record<string, string> = {
        email: "grace@acme-office.example",
        "shipping_address.first_name": "Grace",
        "shipping_address.last_name": "Hopper",
        "shipping_address.company": "Acme Office",
        "shipping_address.address_1": "10 Market Street",
        "shipping_address.postal_code": "M1 1AE",
        "shipping_address.city": "Manchester",
        "shipping_address.phone": "07400 123456",
      }
      for (const [field, value] of Object.entries(fields)) await page.locator(`input[name="${field}"]`).fill(value)
      await page.locator("[data-testid=submit-address-button]").click()
      await page.waitForURL(/\?step=delivery$/)
      await page.locator("input[name=shipping-option]").first().check()
      // Enabled once the server action has set the method and the page has the cart again.
      await page.locator("[data-testid=submit-delivery-option-button]:enabled").click()
      await page.waitForURL(/\?step=payment$/)
    }

    /**
     * Picks a payment method of the starter's payment step; for trade credit, types the company into the kit's
     * CompanyPicker (TradeCreditFields) and picks the first suggestion, and waits for the credit check (the session
     * started with the company) to answer.
     */
    async function choose(page: Page, providerId: string, company?: string, name?: string) {
      const radio = page.locator(`input[type=radio][value="${providerId}"]`)
      if (!providerId.startsWith("pp_trade-credit")) return await radio.check()
      // The starter's setPaymentMethod starts the session (the guide's line) in a server action: waited for, as a
      // buyer who reads the form before typing would have.
      const started = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]))
      await radio.check()
      await started
      if (!company) return
      const search = page.locator("#company-search")
      await search.pressSequentially(company, { delay: 60 })
      const option = page.locator("#company-results li").first()
      await option.waitFor()
      if (name) await shot(page, name)
      const checked = page.waitForResponse((r) => r.request().method() === "POST" && /\/store\/payment-collections\/[^/]+\/payment-sessions$/.test(new URL(r.url()).pathname))
      await option.click()
      await page.locator("#company-chosen").waitFor()
      await checked
    }

    /** "Continue to review", then the review step's button (the kit's TradeCreditPaymentButton for trade credit). */
    async function toReview(page: Page) {
      await page.locator("[data-testid=submit-payment-button]").click()
      await page.waitForURL(/\?step=review$/)
      const button = page.locator("#step-review [data-testid=submit-order-button]")
      await button.waitFor()
      return button
    }

    /** The starter's confirmation page's URL, under the country segment (the storefront's origin is known once it started). */
    const confirmedUrl = (url: URL) => url.origin === storefront.url && new RegExp(`^/${COUNTRY}/order/order_[0-9A-Z]+/confirmed$`).test(url.pathname) && !url.search
    const orderIdOf = (page: Page) => {
      const match = confirmedUrl(new URL(page.url())) && new URL(page.url()).pathname.match(/\/order\/(order_[0-9A-Z]+)\//)
      if (!match) throw new Error(`not an order confirmation: ${page.url()}`)
      return match[1]
    }

    /** The starter's order confirmation, shown; else the page as it is, for the failure. */
    async function confirmation(page: Page) {
      try {
        await page.locator("[data-testid=order-complete-container]").waitFor({ timeout: 30_000 })
      } catch (error) {
        await shot(page, `failure-${Date.now()}`)
        throw new Error(`no order confirmation at ${page.url()}: ${(await page.locator("body").innerText().catch(() => "")).slice(0, 500)}`)
      }
    }

    /** Pays by invoice: the review's button sends the buyer to the service's page, who approves; back through the return route. */
    async function payByInvoice(page: Page, name?: string) {
      const returns: Request[] = []
      const onRequest = (request: Request) => {
        if (new URL(request.url()).pathname === `/${COUNTRY}/checkout/trade-credit/return`) returns.push(request)
      }
      page.on("request", onRequest)
      await (await toReview(page)).click()
      await page.waitForURL(new RegExp(`^${simulator.url}/verify/`))
      await page.locator("[data-testid=approve]").waitFor()
      if (name) await shot(page, `${name}-verification`)
      await page.locator("[data-testid=approve]").click()
      await page.waitForURL(confirmedUrl, { timeout: 60_000, waitUntil: "commit" })
      await confirmation(page)
      page.off("request", onRequest)
      return { orderId: orderIdOf(page), returns }
    }

    it("pays by invoice through the service's page and the guide's return route, keeping the country; the cart is forgotten and a second order goes through", async () => {
      const { context, page, errors } = await buyer()
      await toPayment(page, "01")
      // The starter's cart cookie, as it sets it.
      const firstCart = await cartCookie(context)
      expect(firstCart).toMatchObject({ httpOnly: true, sameSite: "Strict", value: expect.stringMatching(/^cart_/) })

      // The guide's paymentInfoMap lines name the two methods; choosing invoice starts its session (the guide's line
      // in setPaymentMethod), and the kit's TradeCreditFields (the guide's lines) takes the company and references.
      const labels = await page.locator(".payment-option").allTextContents()
      expect(labels).toEqual(expect.arrayContaining([expect.stringContaining("Invoice, pay in 30 days"), expect.stringContaining("Monthly instalments")]))
      await choose(page, "pp_trade-credit_default", "acme", "02-company-search")
      expect(await page.locator("#chosen-company-name").textContent()).toBe("ACME INDUSTRIAL SUPPLIES LTD")
      await page.locator("#po-number").fill("PO-NEXT-1")
      await page.locator("#department").fill("Facilities")
      await shot(page, "03-payment-invoice")
      const total = (await page.locator("[data-testid=cart-total]").textContent())!

      const { orderId, returns } = await payByInvoice(page, "04")
      await shot(page, "05-confirmation-invoice")
      // The buyer came back to the return route cross-site (no SameSite=Strict cart cookie with it); the cart was
      // completed once (by the route, or by the service's webhook if it came first: the route then finds the order)
      // and the route went on, under the country segment, to the starter's confirmation page.
      expect(returns).toHaveLength(1)
      const returnUrl = new URL(returns[0].url())
      expect(returnUrl.searchParams.get("trade_credit")).toBe("verified")
      expect(returnUrl.searchParams.get("cart_id")).toBe(firstCart!.value)
      expect((await returns[0].allHeaders()).cookie ?? "").not.toContain(CART_COOKIE)
      expect(page.url()).toBe(`${storefront.url}/${COUNTRY}/order/${orderId}/confirmed`)
      expect(await page.locator("[data-testid=payment-method]").textContent()).toBe("Invoice, pay in 30 days")
      expect(await page.locator("[data-testid=order-total]").textContent()).toBe(total)
      expect(await page.locator(".trade-credit-funding").count()).toBe(0) // FundingStatus: nothing for an invoice order
      // The route cleared the starter's cart cookie.
      expect(await cartCookie(context)).toBeUndefined()

      // Medusa has the order, paid by invoice and authorized; the service has it confirmed once, with the references,
      // and was given the return route under the country segment.
      const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,display_id,cart.id,*payment_collections.payments`)
      expect(order.cart.id).toBe(firstCart!.value)
      expect(await page.locator("[data-testid=order-id]").textContent()).toBe(`#${order.display_id}`)
      const payment = order.payment_collections[0].payments[0]
      expect(payment.provider_id).toBe("pp_trade-credit_default")
      const atService = (await control(simulator.url, "GET", `/_sim/orders/${payment.data.order_id}`)).order
      expect(atService.state).toBe("CONFIRMED")
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      expect(items.filter((r: any) => r.path === `/v1/order/${payment.data.order_id}/confirm`)).toHaveLength(1)
      const create = items.find((r: any) => r.path === "/v1/order" && r.body?.merchant_order_id === payment.data.session_id)
      expect(create.body).toMatchObject({ buyer_purchase_order_number: "PO-NEXT-1", buyer_department: "Facilities" })
      expect(create.body.merchant_urls.merchant_confirmation_url).toMatch(new RegExp(`^${storefront.url}/${COUNTRY}/checkout/trade-credit/return\\?`))

      // A second purchase right after: the shop makes a fresh cart (the completed one was forgotten), and it goes through.
      await toPayment(page)
      const secondCart = await cartCookie(context)
      expect(secondCart?.value).toMatch(/^cart_/)
      expect(secondCart!.value).not.toBe(firstCart!.value)
      await choose(page, "pp_trade-credit_default", "acme")
      const second = await payByInvoice(page)
      expect(second.orderId).not.toBe(orderId)
      await shot(page, "06-second-order")
      const { order: secondOrder } = await admin("GET", `/admin/orders/${second.orderId}?fields=id,cart.id,*payment_collections.payments`)
      expect(secondOrder.cart.id).toBe(secondCart!.value)
      expect(secondOrder.payment_collections[0].payments[0].provider_id).toBe("pp_trade-credit_default")
      expect(await cartCookie(context)).toBeUndefined()
      expect(errors).toEqual([])
    })

    it("pays in monthly instalments: the confirmation says the plan is being approved, then approved once the service funds it", async () => {
      // The service decides the plan's funding after the order is placed: held pending until the test accepts it.
      const fundingDelayMs = simulator.sim!.state.repayment.fundingDelayMs
      simulator.sim!.state.repayment.fundingDelayMs = 10 * 60_000
      try {
        const { context, page, errors } = await buyer()
        await toPayment(page)
        await choose(page, "pp_trade-credit-plan_default", "thornbury")
        // The kit's InstalmentChoices: the counts the credit check allows.
        await page.locator("#instalment-periods").waitFor()
        const periods = await page.locator("#instalment-periods option").evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)))
        expect(periods).toEqual(expect.arrayContaining([3, 6, 12]))
        expect(periods.every((n) => n >= 3 && n <= 36)).toBe(true)
        await page.locator("#instalment-periods").selectOption("12")
        await page.locator("#po-number").fill("PO-NEXT-INST")
        await shot(page, "07-payment-instalments")

        // No verification for instalments: the button completes the cart, clears the cookie (the guide's
        // clearCartCookie) and goes to the confirmation under the country segment.
        await (await toReview(page)).click()
        await page.waitForURL(confirmedUrl, { timeout: 60_000, waitUntil: "commit" })
        await confirmation(page)
        const orderId = orderIdOf(page)
        expect(await cartCookie(context)).toBeUndefined()
        // The guide's FundingStatus line in the payment details, reading through the guide's retrieveFunding action.
        const funding = page.locator(".trade-credit-funding")
        await page.locator('.trade-credit-funding[data-state="pending"]').waitFor()
        expect(await funding.textContent()).toBe("Instalment plan: Being approved by the trade credit provider: you will hear by email once it is confirmed.")
        await shot(page, "08-confirmation-funding-pending")

        const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payment_sessions,*payment_collections.payments`)
        const session = order.payment_collections[0].payment_sessions.find((s: any) => s.provider_id === "pp_trade-credit-plan_default")
        expect(session.data.funding_status).toBe("PENDING")
        expect(session.data.number_of_periods).toBe(12)
        expect(order.payment_collections[0].payments ?? []).toEqual([])

        // The confirmation reads the funding again through the server action (the order page itself is cached);
        // after at least one such read the plan is still pending, and the page says so.
        const reads: string[] = []
        page.on("request", (request) => {
          if (request.method() === "POST" && request.headers()["next-action"] && new URL(request.url()).pathname.endsWith(`/order/${orderId}/confirmed`)) reads.push(request.url())
        })
        await waitUntil("the confirmation reading the funding again", () => reads.length >= 1, { timeoutMs: 30_000 })
        expect(await funding.getAttribute("data-state")).toBe("pending")

        // The service funds the plan: its webhook authorizes the payment, and the page says the plan is approved.
        await control(simulator.url, "POST", `/_sim/plans/${session.data.plan_id}/funding`, { status: "ACCEPTED" })
        await page.locator('.trade-credit-funding[data-state="accepted"]').waitFor({ timeout: 60_000 })
        expect(await funding.textContent()).toBe("Instalment plan: Approved: your instalment plan is confirmed.")
        await shot(page, "09-confirmation-funding-accepted")
        const payment = await waitUntil("the instalment payment authorized by the funding webhook", async () => {
          const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
          return order.payment_collections[0].payments?.[0]
        })
        expect(payment.provider_id).toBe("pp_trade-credit-plan_default")
        expect(errors).toEqual([])
      } finally {
        simulator.sim!.state.repayment.fundingDelayMs = fundingDelayMs
      }
    })

    it("a declined buyer reads plain words, never a code, and can still pay another way", async () => {
      const { page, errors } = await buyer()
      await toPayment(page)
      const plain = (text: string | null) => {
        expect(text).toMatch(/Trade credit is not available for this purchase\. Please choose another payment method\./)
        expect(text).not.toMatch(/TOO_HIGH_RISK|TRADE_CREDIT_|[A-Z]{2,}_[A-Z]{2,}/)
      }
      await choose(page, "pp_trade-credit_default", "highgate")
      // The credit check declined the buyer: TradeCreditFields says so at once.
      const declined = page.locator(".trade-credit-fields .trade-credit-error")
      await declined.waitFor()
      plain(await declined.textContent())
      await shot(page, "10-declined")

      // Pressing on anyway: the kit's button says the same, in plain words, and places nothing.
      await (await toReview(page)).click()
      const refused = page.locator("#step-review .trade-credit-error[role=alert]")
      await refused.waitFor({ timeout: 60_000 })
      plain(await refused.textContent())
      expect(page.url()).toMatch(/\?step=review$/)
      await shot(page, "11-declined-review")

      // Another method (the starter's manual payment) places the order.
      await page.locator("[data-testid=edit-payment-button]").click()
      await page.waitForURL(/\?step=payment$/)
      await choose(page, "pp_system_default")
      await (await toReview(page)).click()
      await page.waitForURL(confirmedUrl, { timeout: 60_000, waitUntil: "commit" })
      await confirmation(page)
      expect(await page.locator("[data-testid=payment-method]").textContent()).toBe("Manual Payment")
      // No order was ever created at the service for this buyer.
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      expect(items.filter((r: any) => r.path === "/v1/order" && r.body?.buyer?.company?.company_canonical_id === "cmpgb06660666")).toEqual([])
      expect(errors).toEqual([])
    })
  },
})
