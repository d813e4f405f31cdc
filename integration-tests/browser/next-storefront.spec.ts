import type { ChildProcess } from "node:child_process"
import { readFileSync, rmSync } from "node:fs"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Browser, BrowserContext, Page, Request } from "playwright-core"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { launchBrowser, newBuyer, screenshotDir } from "../helpers/browser"
import { invoicedOrderPdfUrl, moduleOf, seedDocument, tradeAccountOf } from "../helpers/documents"
import {
  buildNextExample,
  installNextExample,
  type NextExample,
  startNextExample,
  stopNext,
} from "../helpers/next-example"
import { control, useSimulator } from "../helpers/simulator"
import { freePort } from "../helpers/ports"
import { waitUntil } from "../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

// The guide's storefront in a browser, as a storefront developer gets it: examples/next-storefront is a small Next.js
// App Router app shaped like Medusa's dtc-starter (its pinned next, React 19 and @medusajs/* versions, its tsconfig
// with `"moduleResolution": "node"`), whose files hold docs/storefront.md's lines verbatim
// (src/storefront/__tests__/guide-sync.spec.ts keeps them in step). This file packs the storefront kit
// (medusa-payment-trade-credit-storefront), copies the example out of the repository, installs it with the kit's
// tarball (plain `npm install`), installs again as a developer later does (`npm install <package>`, then
// `npm install`: each resolves the whole tree's peers again) with the kit still from the tarball and nothing of the
// backend in the tree, type-checks it (`tsc --noEmit`), builds it (`next build`, type checking on, with the
// Medusa URL and publishable key written in as the starter's NEXT_PUBLIC_ variables), serves it (`next start`) and
// buys through it in Chromium: by invoice through the service's verification page and the kit's return route, twice
// in a row; after a reload at the review step; in a second tab; after Back from the service's page; right after
// typing a reference; after a rejected verification; in instalments with the plan's funding pending, then accepted;
// as a declined buyer, who cannot go on to the review step; and as a buyer who changes to a declined company, whom
// the review step refuses. Each step's time is printed at the end (the install and the build first).

jest.setTimeout(240_000)

const COUNTRY = "gb" // scripts/lib/seed-store.js's region
const CART_COOKIE = "_medusa_cart_id"
const INVOICE = "pp_trade-credit_default"
const INSTALMENTS = "pp_trade-credit-plan_default"
/** The starter's error style (modules/checkout/components/error-message: Tailwind's text-rose-500). */
const ROSE_500 = "rgb(244, 63, 94)"
const DECLINED = /Trade credit is not available for this purchase\. Please choose another payment method\./

const simulator = useSimulator()
const shots = screenshotDir("next-storefront")
const LOG = path.join(shots, "next.log")
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })


/** How long each step took (seconds), printed at the end: the install and the build first, then each flow. */
const timings: [string, number][] = []
/**
 * The storefront's origin, chosen before Medusa boots so that it is the allowed CORS and return origin. The buyer
 * browses it as `localhost` while the simulator's verification page is on `127.0.0.1`: another site, so coming back
 * from the service is a cross-site navigation, as in production, and the starter's SameSite=Strict cart cookie is
 * not sent with it. The example's install starts here too, while Medusa boots (it needs nothing of Medusa); the build
 * waits for the publishable key.
 */
const storefront: { port: number; url: string; child?: ChildProcess; output: string[] } = {
  port: 0,
  url: "",
  output: [],
}
let installing: Promise<NextExample> | undefined
beforeAll(async () => {
  rmSync(LOG, { force: true })
  storefront.port = await freePort()
  storefront.url = `http://localhost:${storefront.port}`
  process.env.STORE_CORS = storefront.url
  process.env.TRADE_CREDIT_STOREFRONT_URL = storefront.url
  installing = installNextExample(LOG)
  installing.catch(() => undefined) // awaited (and its error thrown) by the suite's beforeAll
})
afterAll(async () => {
  await stopNext(storefront.child)
  // The temp folder goes, whether or not the suite got as far as the build.
  const installed = await installing?.catch(() => undefined)
  installed?.remove()
  const line = timings.map(([name, s]) => `${name} ${s} s`).join(", ")
  console.log(`next-storefront timings: ${line}`)
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let browser: Browser
    let admin: ReturnType<typeof adminRequester>
    let publishableKey: string
    const contexts: BrowserContext[] = []

    beforeAll(async () => {
      admin = adminRequester(api, await loginAdmin(getContainer(), api))
      const seed = await seedStore(admin)
      publishableKey = seed.publishableKey
      await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}/hooks/trade-credit` })
      const example = await installing!
      for (const step of ["pack", "install", "reinstall", "tsc"] as const) timings.push([step, example.timings[step]!])
      // The starter's environment (.env.local): its Medusa and publishable key, its default region.
      const env = {
        NEXT_PUBLIC_MEDUSA_BACKEND_URL: api.defaults.baseURL,
        NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: seed.publishableKey,
        NEXT_PUBLIC_DEFAULT_REGION: COUNTRY,
      }
      await buildNextExample(example, env, LOG)
      timings.push(["next build", example.timings.build!])
      console.log(`examples/next-storefront installed and built in ${example.dir}: ${JSON.stringify(example.timings)}`)
      storefront.child = startNextExample(example.dir, storefront.port, env, LOG, storefront.output)
      await waitUntil(
        "the Next.js storefront answering",
        async () => {
          const child = storefront.child!
          if (child.exitCode !== null) {
            throw new Error(`next start exited (${child.exitCode}):\n${storefront.output.join("").slice(-3000)}`)
          }
          return (await fetch(`http://127.0.0.1:${storefront.port}/${COUNTRY}`)).status === 200
        },
        { timeoutMs: 60_000, intervalMs: 250 },
      )
      browser = await launchBrowser()
    }, 900_000)

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser?.close()
    })

    /** A fresh buyer; an error of their page is printed with the address it happened at. */
    const buyer = async () => {
      const made = await newBuyer(browser, contexts, { height: 1000 })
      made.page.on("pageerror", (error) => console.log(`[browser] page error at ${made.page.url()}: ${error.message}`))
      return made
    }

    const cartCookie = async (context: BrowserContext) =>
      (await context.cookies(storefront.url)).find((c) => c.name === CART_COOKIE && c.value)

    /** How many orders Medusa has: each flow places exactly one. */
    const orderCount = async (): Promise<number> => (await admin("GET", "/admin/orders?limit=1&fields=id")).count

    /** The service's order creations and confirmations for a cart (its id is in the return URLs it was given). */
    async function atService(cartId: string) {
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      const created = items.filter(
        (r: any) =>
          r.path === "/v1/order" &&
          String(r.body?.merchant_urls?.merchant_confirmation_url ?? "").includes(`cart_id=${cartId}`),
      )
      const sessions = new Set(created.map((r: any) => r.body.merchant_order_id))
      const orders = (await control(simulator.url, "GET", "/_sim/orders")).items
      const ids = new Set(orders.filter((o: any) => sessions.has(o.merchant_order_id)).map((o: any) => o.id))
      // The confirms the service accepted: a completion before the buyer verified (Place order again after Back)
      // sends the confirm first, which the service refuses (409) and the plugin reads past: not a confirmation.
      const confirmed = items.filter(
        (r: any) => typeof r.status === "number" && r.status < 300 && [...ids].some((id) => r.path === `/v1/order/${id}/confirm`),
      )
      return { created, confirmed }
    }

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
     * CompanyPicker (TradeCreditFields) and picks the first suggestion: the kit starts the session with it (the
     * credit check) from the browser.
     */
    async function choose(page: Page, providerId: string, company?: string, name?: string) {
      await page.locator(`input[type=radio][value="${providerId}"]`).check()
      if (!company) return
      const search = page.locator("#company-search")
      await search.pressSequentially(company, { delay: 60 })
      const option = page.locator("#company-results li").first()
      await option.waitFor()
      if (name) await shot(page, name)
      const checked = page.waitForResponse(
        (r) =>
          r.request().method() === "POST" &&
          /\/store\/payment-collections\/[^/]+\/payment-sessions$/.test(new URL(r.url()).pathname),
      )
      await option.click()
      await page.locator("#company-chosen").waitFor()
      await checked
    }

    /** "Continue to review" once the credit check allows it, then the review step's button (the kit's for trade
     * credit). */
    async function toReview(page: Page) {
      await page.locator("[data-testid=submit-payment-button]:enabled").click()
      // The starter keeps the query's other parameters (after a failed verification: `&trade_credit=failed`).
      await page.waitForURL(/[?&]step=review(&|$)/)
      return await placeOrderButton(page)
    }

    /** The review step's Place order, once it can be pressed. */
    async function placeOrderButton(page: Page) {
      const button = page.locator("#step-review [data-testid=submit-order-button]")
      await page.locator("#step-review [data-testid=submit-order-button]:enabled").waitFor()
      return button
    }

    /** The starter's confirmation page's URL, under the country segment. */
    const confirmedUrl = (url: URL) =>
      url.origin === storefront.url &&
      new RegExp(`^/${COUNTRY}/order/order_[0-9A-Z]+/confirmed$`).test(url.pathname) &&
      !url.search
    const orderIdOf = (page: Page) => {
      const match =
        confirmedUrl(new URL(page.url())) && new URL(page.url()).pathname.match(/\/order\/(order_[0-9A-Z]+)\//)
      if (!match) throw new Error(`not an order confirmation: ${page.url()}`)
      return match[1]
    }

    /** The starter's order confirmation, shown; else the page as it is, for the failure. */
    async function confirmation(page: Page) {
      try {
        await page.locator("[data-testid=order-complete-container]").waitFor({ timeout: 60_000 })
      } catch (error) {
        await shot(page, `failure-${Date.now()}`)
        const body = (
          await page
            .locator("body")
            .innerText()
            .catch(() => "")
        ).slice(0, 500)
        throw new Error(`no order confirmation at ${page.url()}: ${body}`)
      }
    }

    /** At the service's verification page (after Place order): its Approve button, shown. */
    async function atVerification(page: Page, name?: string) {
      await page.waitForURL(new RegExp(`^${simulator.url}/verify/`))
      await page.locator("[data-testid=approve]").waitFor()
      if (name) await shot(page, `${name}-verification`)
    }

    /** Approves at the service's page, back through the return route to the confirmation. */
    async function approve(page: Page) {
      await page.locator("[data-testid=approve]").click()
      await page.waitForURL(confirmedUrl, { timeout: 60_000, waitUntil: "commit" })
      await confirmation(page)
    }

    /** Pays by invoice: the review's button sends the buyer to the service's page, who approves; back through the
     * return route. */
    async function payByInvoice(page: Page, name?: string) {
      const returns: Request[] = []
      const onRequest = (request: Request) => {
        if (new URL(request.url()).pathname === `/${COUNTRY}/checkout/trade-credit/return`) returns.push(request)
      }
      page.on("request", onRequest)
      await (await toReview(page)).click()
      await atVerification(page, name)
      await approve(page)
      page.off("request", onRequest)
      return { orderId: orderIdOf(page), returns }
    }

    /** The confirmation's payment words for an invoice: its terms when the payment holds them, never "paid". */
    async function expectInvoiceWords(page: Page, orderId: string) {
      const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
      const terms = order.payment_collections[0].payments[0].data?.invoice_terms_days
      const words = await page.locator("[data-testid=payment-amount]").textContent()
      expect(words).toBe(terms ? `Invoice, due in ${terms} days` : "Invoice, due by the date on the invoice")
      expect(words).not.toMatch(/paid/i)
    }

    /** The trade credit session Medusa holds for a cart. */
    async function sessionOf(cartId: string) {
      const { data } = await api.get(`/store/carts/${cartId}?fields=id,*payment_collection.payment_sessions`, {
        headers: { "x-publishable-api-key": publishableKey },
      })
      return data.cart.payment_collection?.payment_sessions?.find((s: any) =>
        s.provider_id.startsWith("pp_trade-credit"),
      )
    }

    /**
     * Waits until the kit saved the buyer's references to the session's data (after its pause in typing), as a buyer
     * who reads the form before going on gives it time to: the buyer who goes on at once has a flow of their own.
     */
    async function saved(cartId: string, expected: Record<string, unknown>) {
      await waitUntil(`the session's data holding ${JSON.stringify(expected)}`, async () => {
        const data = (await sessionOf(cartId))?.data ?? {}
        return Object.entries(expected).every(([key, value]) => data[key] === value)
      })
    }

    // Each flow's time, for the timings printed at the end.
    let flowStarted = Date.now()
    beforeEach(() => {
      flowStarted = Date.now()
    })
    afterEach(() => {
      const name = (expect.getState().currentTestName ?? "a flow").replace(/^[\s›]+/, "")
      timings.push([`"${name.slice(0, 40)}…"`, Math.round((Date.now() - flowStarted) / 100) / 10])
    })

    it("pays by invoice through the service's page and the guide's return route, keeping the country; the cart is forgotten and a second order goes through", async () => {
      const { context, page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page, "01")
      // The starter's cart cookie, as it sets it.
      const firstCart = await cartCookie(context)
      expect(firstCart).toMatchObject({ httpOnly: true, sameSite: "Strict", value: expect.stringMatching(/^cart_/) })

      // The guide's paymentInfoMap lines name the two methods; the kit's TradeCreditFields (the guide's lines) takes
      // the company, starts the session with it (the credit check) and takes the references.
      const labels = await page.locator(".payment-option").allTextContents()
      expect(labels).toEqual(
        expect.arrayContaining([
          expect.stringContaining("Invoice, pay in 30 days"),
          expect.stringContaining("Monthly instalments"),
        ]),
      )
      await choose(page, INVOICE, "acme", "02-company-search")
      expect(await page.locator("#chosen-company-name").textContent()).toBe("ACME INDUSTRIAL SUPPLIES LTD")
      await page.locator("#po-number").fill("PO-NEXT-1")
      await page.locator("#department").fill("Facilities")
      await saved(firstCart!.value, { purchase_order_number: "PO-NEXT-1", department: "Facilities" })
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
      await expectInvoiceWords(page, orderId)
      expect(await page.locator("[data-testid=order-total]").textContent()).toBe(total)
      expect(await page.locator(".trade-credit-funding").count()).toBe(0) // FundingStatus: nothing for an invoice order
      // The route cleared the starter's cart cookie.
      expect(await cartCookie(context)).toBeUndefined()

      // Medusa has the order, paid by invoice and authorized; the service has it confirmed once, with the references,
      // and was given the return route under the country segment.
      const { order } = await admin(
        "GET",
        `/admin/orders/${orderId}?fields=id,display_id,cart.id,*payment_collections.payments`,
      )
      expect(order.cart.id).toBe(firstCart!.value)
      expect(await page.locator("[data-testid=order-id]").textContent()).toBe(`#${order.display_id}`)
      const payment = order.payment_collections[0].payments[0]
      expect(payment.provider_id).toBe(INVOICE)
      const service = (await control(simulator.url, "GET", `/_sim/orders/${payment.data.order_id}`)).order
      expect(service.state).toBe("CONFIRMED")
      const first = await atService(firstCart!.value)
      expect(first.created).toHaveLength(1)
      expect(first.confirmed).toHaveLength(1)
      expect(first.created[0].body).toMatchObject({
        buyer_purchase_order_number: "PO-NEXT-1",
        buyer_department: "Facilities",
      })
      expect(first.created[0].body.merchant_urls.merchant_confirmation_url).toMatch(
        new RegExp(`^${storefront.url}/${COUNTRY}/checkout/trade-credit/return\\?`),
      )

      // A second purchase right after: the shop makes a fresh cart (the completed one was forgotten), and it goes
      // through.
      await toPayment(page)
      const secondCart = await cartCookie(context)
      expect(secondCart?.value).toMatch(/^cart_/)
      expect(secondCart!.value).not.toBe(firstCart!.value)
      await choose(page, INVOICE, "acme")
      const second = await payByInvoice(page)
      expect(second.orderId).not.toBe(orderId)
      await shot(page, "06-second-order")
      const { order: secondOrder } = await admin(
        "GET",
        `/admin/orders/${second.orderId}?fields=id,cart.id,*payment_collections.payments`,
      )
      expect(secondOrder.cart.id).toBe(secondCart!.value)
      expect(secondOrder.payment_collections[0].payments[0].provider_id).toBe(INVOICE)
      expect(await cartCookie(context)).toBeUndefined()
      expect(await orderCount()).toBe(ordersBefore + 2)
      expect(errors).toEqual([])
    })

    it("a reload at the review step keeps the company and references: Place order goes through, once", async () => {
      const { context, page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      const cartId = (await cartCookie(context))!.value
      await choose(page, INVOICE, "acme")
      await page.locator("#po-number").fill("PO-RELOAD")
      await page.locator("#project").fill("Reload")
      await saved(cartId, { purchase_order_number: "PO-RELOAD", project: "Reload" })
      await toReview(page)

      // The browser reloads the review step: the server renders it again from the starter's cached cart.
      await page.reload()
      await page.waitForURL(/\?step=review$/)
      await shot(page, "12-review-reloaded")
      await (await placeOrderButton(page)).click()
      await atVerification(page)
      await approve(page)
      const orderId = orderIdOf(page)
      await expectInvoiceWords(page, orderId)

      const { created, confirmed } = await atService(cartId)
      expect(created).toHaveLength(1)
      expect(created[0].body).toMatchObject({ buyer_purchase_order_number: "PO-RELOAD", buyer_project: "Reload" })
      expect(created[0].body.buyer.company.company_canonical_id).toBeTruthy()
      expect(confirmed).toHaveLength(1)
      expect(await orderCount()).toBe(ordersBefore + 1)
      expect(errors).toEqual([])
    })

    it("a second tab at the review step places the order with the choice the first tab made", async () => {
      const { context, page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      const cartId = (await cartCookie(context))!.value
      await choose(page, INVOICE, "acme")
      await page.locator("#po-number").fill("PO-TAB")
      // The kit keeps the references in the session's data: the second tab, which has none of the first tab's
      // storage, reads them there.
      await saved(cartId, { purchase_order_number: "PO-TAB" })
      await toReview(page)

      const second = await context.newPage()
      second.on("pageerror", (error) => errors.push(error.message))
      await second.goto(`${storefront.url}/${COUNTRY}/checkout?step=review`)
      await (await placeOrderButton(second)).click()
      await atVerification(second)
      await approve(second)
      const { created, confirmed } = await atService(cartId)
      expect(created).toHaveLength(1)
      expect(created[0].body).toMatchObject({ buyer_purchase_order_number: "PO-TAB" })
      expect(confirmed).toHaveLength(1)
      expect(await orderCount()).toBe(ordersBefore + 1)
      expect(errors).toEqual([])
    })

    it("Back from the service's page returns to the review step, and Place order then goes through, once", async () => {
      const { context, page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      const cartId = (await cartCookie(context))!.value
      await choose(page, INVOICE, "acme")
      await page.locator("#po-number").fill("PO-BACK")
      await saved(cartId, { purchase_order_number: "PO-BACK" })
      await (await toReview(page)).click()
      await atVerification(page)
      const firstVerification = page.url()

      // The buyer changes their mind at the service's page and goes Back to the shop's review step.
      await page.goBack()
      await page.waitForURL(/\?step=review$/)
      await shot(page, "13-review-after-back")
      await (await placeOrderButton(page)).click()
      await atVerification(page)
      // The same verification: the session already was the buyer's choice, so no second order at the service.
      expect(page.url()).toBe(firstVerification)
      await approve(page)

      const { created, confirmed } = await atService(cartId)
      expect(created).toHaveLength(1)
      expect(created[0].body).toMatchObject({ buyer_purchase_order_number: "PO-BACK" })
      expect(confirmed).toHaveLength(1)
      expect(await orderCount()).toBe(ordersBefore + 1)
      expect(errors).toEqual([])
    })

    it("a buyer who places the order right after typing a reference pays with it, once", async () => {
      const { context, page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      const cartId = (await cartCookie(context))!.value
      await choose(page, INVOICE, "acme")
      // No pause: "Continue to review" and Place order while the kit's save of the reference may still be pending.
      await page.locator("#po-number").fill("PO-FAST")
      await (await toReview(page)).click()
      await atVerification(page)
      await approve(page)
      const { created, confirmed } = await atService(cartId)
      expect(created).toHaveLength(1)
      expect(created[0].body).toMatchObject({ buyer_purchase_order_number: "PO-FAST" })
      expect(confirmed).toHaveLength(1)
      expect(await orderCount()).toBe(ordersBefore + 1)
      expect(errors).toEqual([])
    })

    it("a rejected verification comes back to the payment step in plain words, with the choice kept; paying again places one order", async () => {
      const { context, page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      const cartId = (await cartCookie(context))!.value
      await choose(page, INVOICE, "acme")
      await page.locator("#po-number").fill("PO-AGAIN")
      await saved(cartId, { purchase_order_number: "PO-AGAIN" })
      await (await toReview(page)).click()
      await atVerification(page)
      await page.locator("[data-testid=reject]").click()

      // The service sends the buyer to the return route, which goes on to the payment step, saying what happened.
      await page.waitForURL(/\/checkout\?step=payment&trade_credit=failed$/)
      const notice = page.locator(".trade-credit-fields .trade-credit-notice")
      await notice.waitFor()
      expect(await notice.textContent()).toBe(
        "The verification with the credit provider did not succeed, so the order was not placed. Nothing has been charged.",
      )
      await shot(page, "14-verification-rejected")
      expect(await orderCount()).toBe(ordersBefore)
      // The company and references come back from the session.
      await page.locator("#company-chosen").waitFor()
      expect(await page.locator("#chosen-company-name").textContent()).toBe("ACME INDUSTRIAL SUPPLIES LTD")
      expect(await page.locator("#po-number").inputValue()).toBe("PO-AGAIN")

      await (await toReview(page)).click()
      await atVerification(page)
      await approve(page)
      const { created, confirmed } = await atService(cartId)
      expect(created).toHaveLength(2) // the order the buyer rejected, then the one they approved
      expect(confirmed).toHaveLength(1)
      expect(await orderCount()).toBe(ordersBefore + 1)
      expect(errors).toEqual([])
    })

    it("pays in monthly instalments: the confirmation says the plan is being approved, then approved once the service funds it", async () => {
      // The service decides the plan's funding after the order is placed: held pending until the test accepts it.
      const fundingDelayMs = simulator.sim!.state.repayment.fundingDelayMs
      simulator.sim!.state.repayment.fundingDelayMs = 10 * 60_000
      try {
        const { context, page, errors } = await buyer()
        await toPayment(page)
        await choose(page, INSTALMENTS, "thornbury")
        // The kit's InstalmentChoices: the counts the credit check allows.
        await page.locator("#instalment-periods").waitFor()
        const periods = await page
          .locator("#instalment-periods option")
          .evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)))
        expect(periods).toEqual(expect.arrayContaining([3, 6, 12]))
        expect(periods.every((n) => n >= 3 && n <= 36)).toBe(true)
        await page.locator("#instalment-periods").selectOption("12")
        await page.locator("#po-number").fill("PO-NEXT-INST")
        await saved((await cartCookie(context))!.value, {
          number_of_periods: 12,
          purchase_order_number: "PO-NEXT-INST",
        })
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
        expect(await funding.textContent()).toBe(
          "Instalment plan: Being approved by the trade credit provider: you will hear by email once it is confirmed.",
        )
        await shot(page, "08-confirmation-funding-pending")

        const { order } = await admin(
          "GET",
          `/admin/orders/${orderId}?fields=id,*payment_collections.payment_sessions,*payment_collections.payments`,
        )
        const session = order.payment_collections[0].payment_sessions.find((s: any) => s.provider_id === INSTALMENTS)
        expect(session.data.funding_status).toBe("PENDING")
        expect(session.data.number_of_periods).toBe(12)
        expect(order.payment_collections[0].payments ?? []).toEqual([])

        // The confirmation reads the funding again through the server action (the order page itself is cached);
        // after at least one such read the plan is still pending, and the page says so.
        const reads: string[] = []
        page.on("request", (request) => {
          const path = new URL(request.url()).pathname
          if (
            request.method() === "POST" &&
            request.headers()["next-action"] &&
            path.endsWith(`/order/${orderId}/confirmed`)
          )
            reads.push(request.url())
        })
        await waitUntil("the confirmation reading the funding again", () => reads.length >= 1, { timeoutMs: 60_000 })
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
        expect(payment.provider_id).toBe(INSTALMENTS)
        expect(errors).toEqual([])
      } finally {
        simulator.sim!.state.repayment.fundingDelayMs = fundingDelayMs
      }
    })

    it("a declined buyer reads plain words once, styled as the starter's errors, cannot go on to the review step, and can pay another way", async () => {
      const { page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      await choose(page, INVOICE, "highgate")
      // The credit check declined the buyer: TradeCreditFields says so at once, in the starter's error style.
      const declined = page.locator(".trade-credit-fields .trade-credit-error")
      await declined.waitFor()
      const words = await declined.textContent()
      expect(words).toMatch(DECLINED)
      expect(words).not.toMatch(/TOO_HIGH_RISK|TRADE_CREDIT_|[A-Z]{2,}_[A-Z]{2,}/)
      expect(await declined.evaluate((el) => getComputedStyle(el).color)).toBe(ROSE_500)

      // "Continue to review" refuses: disabled, and pressing it anyway changes nothing; the words are there once.
      const next = page.locator("[data-testid=submit-payment-button]")
      expect(await next.isDisabled()).toBe(true)
      await next.click({ force: true })
      expect(page.url()).toMatch(/\?step=payment$/)
      expect(await page.getByText(DECLINED).count()).toBe(1)
      await shot(page, "10-declined")

      // Nor does the review step let the buyer place the order, when they go to it by its address.
      await page.goto(`${storefront.url}/${COUNTRY}/checkout?step=review`)
      await page.locator("#step-review").waitFor()
      expect(await page.locator("#step-review [data-testid=submit-order-button]:enabled").count()).toBe(0)
      await shot(page, "11-declined-review")

      // Another method (the starter's manual payment) places the order.
      await page.goto(`${storefront.url}/${COUNTRY}/checkout?step=payment`)
      await choose(page, "pp_system_default")
      await (await toReview(page)).click()
      await page.waitForURL(confirmedUrl, { timeout: 60_000, waitUntil: "commit" })
      await confirmation(page)
      expect(await page.locator("[data-testid=payment-method]").textContent()).toBe("Manual Payment")
      expect(await orderCount()).toBe(ordersBefore + 1)
      // No order was ever created at the service for this buyer.
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      const forHighgate = items.filter(
        (r: any) => r.path === "/v1/order" && r.body?.buyer?.company?.company_canonical_id === "cmpgb06660666",
      )
      expect(forHighgate).toEqual([])
      expect(errors).toEqual([])
    })

    it("a buyer who changes to a declined company cannot go Back to the review step and place the order", async () => {
      const { page, errors } = await buyer()
      const ordersBefore = await orderCount()
      await toPayment(page)
      await choose(page, INVOICE, "acme")
      await toReview(page)
      // Back at the payment step, the buyer picks another company, which the credit check declines.
      await page.locator("[data-testid=edit-payment-button]").click()
      await page.waitForURL(/[?&]step=payment(&|$)/)
      await page.locator("#company-change").click()
      const search = page.locator("#company-search")
      await search.fill("")
      const checked = page.waitForResponse(
        (r) =>
          r.request().method() === "POST" &&
          /\/store\/payment-collections\/[^/]+\/payment-sessions$/.test(new URL(r.url()).pathname),
      )
      await search.pressSequentially("highgate", { delay: 60 })
      await page.locator("#company-results li", { hasText: "HIGHGATE" }).first().click()
      await checked
      await page.locator(".trade-credit-fields .trade-credit-error").waitFor()
      expect(await page.locator("[data-testid=submit-payment-button]").isDisabled()).toBe(true)

      // The browser's Back returns to the review step: it says why instead of offering Place order.
      await page.goBack()
      await page.waitForURL(/[?&]step=review(&|$)/)
      const refused = page.locator("#step-review [data-testid=trade-credit-not-ready]")
      await refused.waitFor()
      expect(await refused.textContent()).toMatch(DECLINED)
      expect(await refused.evaluate((el) => getComputedStyle(el).color)).toBe(ROSE_500)
      expect(await page.locator("#step-review [data-testid=submit-order-button]").count()).toBe(0)
      await shot(page, "15-declined-after-change")
      expect(await orderCount()).toBe(ordersBefore)
      expect(errors).toEqual([])
    })

    it("the account page shows a trade account user's invoices, each PDF through the storefront's route", async () => {
      // A customer of Acme's trade account, with an invoice the service issued (its PDF) and a credit note not ready.
      const email = `ada.${Date.now().toString(36)}@documents.example`
      const password = "documents-password-1"
      const { data: registered } = await api.post("/auth/customer/emailpass/register", { email, password })
      const { data } = await api.post(
        "/store/customers",
        { email, first_name: "Ada", last_name: "Buyer" },
        { headers: { "x-publishable-api-key": publishableKey, authorization: `Bearer ${registered.token}` } },
      )
      const module = moduleOf(getContainer())
      const acme = { company_key: "GB:08123456", customer_id: data.customer.id }
      const customerIds = [data.customer.id]
      await tradeAccountOf(module, { country: "GB", organizationNumber: "08123456", name: "Acme", customerIds })
      const document_url = await invoicedOrderPdfUrl(simulator.sim!)
      const invoice = await seedDocument(module, { ...acme, number: "INV-NEXT-1", document_url })
      const credit = await seedDocument(module, {
        ...acme,
        kind: "credit_note",
        number: "CN-NEXT-1",
        amount: "-10.00",
        status: "credited",
      })

      const { page, errors } = await buyer()
      await page.goto(`${storefront.url}/${COUNTRY}/account`)
      await page.locator("[data-testid=email-input]").fill(email)
      await page.locator("[data-testid=password-input]").fill(password)
      await page.locator("[data-testid=sign-in-button]").click()
      await page.locator(".trade-credit-documents table").waitFor()
      await shot(page, "16-account-documents")
      const row = (id: string) => page.locator(`.trade-credit-documents tr[data-document-id="${id}"]`)
      expect(await row(invoice.id).locator(".kind").textContent()).toBe("Invoice")
      expect(await row(invoice.id).locator(".amount").textContent()).toBe("£1,200.00")
      expect(await row(credit.id).locator(".pdf").textContent()).toBe("Not ready yet")
      const link = row(invoice.id).getByRole("link", { name: "Download PDF" })
      expect(await link.getAttribute("href")).toBe(`/${COUNTRY}/trade-credit/documents/${invoice.id}`)
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()])
      expect(readFileSync((await download.path())!).subarray(0, 5).toString("latin1")).toBe("%PDF-")
      // The storefront's route refuses a document that is not the customer's, in plain words.
      const refused = await page.request.get(`${storefront.url}/${COUNTRY}/trade-credit/documents/tcrcv_01NOTYOURS`)
      expect(refused.status()).toBe(404)
      expect(await refused.text()).toBe("This document is not among your invoices.")
      expect(errors).toEqual([])
    })
  },
})
