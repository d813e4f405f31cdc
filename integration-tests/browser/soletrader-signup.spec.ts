import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Browser, Page } from "playwright-core"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { launchBrowser, screenshotDir } from "../helpers/browser"
import { control, pointWebhooksAt, useSimulator } from "../helpers/simulator"
import { BUYER_ADDRESS, createCheckoutCart } from "../helpers/storefront"
import { approveAtPaymentUrl } from "../helpers/verification"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

jest.setTimeout(240_000)

const shots = screenshotDir("soletrader-signup")
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })

/**
 * A storefront's account page, as small as it gets: it logs the customer in
 * (bearer token), asks the plugin's signup route for the popup URL, opens the
 * popup from the click (a blank window first, so no popup blocker stops it),
 * waits for the popup's message, then reads the plugin's buyer route and shows
 * the organization number.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>My account: trade credit</title>
<style>body{font:16px system-ui;margin:2rem;max-width:40rem} button{font:inherit;padding:.5rem 1rem} #status{margin-top:1rem}</style></head>
<body>
<h1>My account</h1>
<p>Buy on invoice as a sole trader.</p>
<button id="signup" disabled>Register my business for trade credit</button>
<p id="status" role="status" aria-live="polite">Logging in…</p>
<p>Organization number: <strong id="org">none yet</strong></p>
<script>
const cfg = Object.fromEntries(new URLSearchParams(location.search))
let token
const headers = () => ({ "content-type": "application/json", "x-publishable-api-key": cfg.key, authorization: "Bearer " + token })
const status = (text) => (document.getElementById("status").textContent = text)
async function login() {
  const res = await fetch(cfg.medusa + "/auth/customer/emailpass", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: cfg.email, password: cfg.password }) })
  token = (await res.json()).token
  status("Logged in as " + cfg.email)
  document.getElementById("signup").disabled = false
}
async function readBuyer() {
  const res = await fetch(cfg.medusa + "/store/trade-credit/soletrader/buyer", { headers: headers() })
  const body = await res.json()
  if (res.ok) { document.getElementById("org").textContent = body.buyer.organization_number; status("Registered: " + body.buyer.company_name) }
  else status("Not registered yet (" + body.code + ")")
}
window.addEventListener("message", (event) => {
  if (event.origin !== cfg.service || event.data?.type !== "soletrader-signup") return
  if (event.data.status === "completed") readBuyer()
  else status("Signup " + event.data.status)
})
document.getElementById("signup").addEventListener("click", async () => {
  const popup = window.open("about:blank", "soletrader", "width=520,height=760")
  const res = await fetch(cfg.medusa + "/store/trade-credit/soletrader/signup", { method: "POST", headers: headers(), body: "{}" })
  const body = await res.json()
  if (!res.ok) { popup.close(); status("Could not start the signup: " + body.code); return }
  popup.location.href = body.popup_url
  status("Finish the signup in the window that opened")
})
login()
</script></body></html>`

/** The storefront page's server, started before Medusa boots so that its origin is the allowed CORS origin. */
const storefront: { url: string; server?: Server } = { url: "" }
beforeAll(async () => {
  storefront.server = createServer((req, res) => {
    if (req.url?.startsWith("/account")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => storefront.server!.listen(0, "127.0.0.1", resolve))
  storefront.url = `http://localhost:${(storefront.server.address() as AddressInfo).port}`
  process.env.STORE_CORS = storefront.url
  process.env.AUTH_CORS = storefront.url
})
afterAll(async () => {
  await new Promise((resolve) => storefront.server?.close(resolve))
})

const simulator = useSimulator()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let browser: Browser
    let seed: any
    let customers = 0

    beforeAll(async () => {
      seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
      await pointWebhooksAt(simulator.url, api.defaults.baseURL)
      browser = await launchBrowser()
    })
    afterAll(async () => {
      await browser?.close()
    })

    /** A registered customer with a UK address; `call`/`ok` act as that customer through the store API. */
    async function newCustomer() {
      const email = `popup.buyer.${++customers}@example.com`
      const password = "popup-buyer-pw"
      const keyHeaders = { "x-publishable-api-key": seed.publishableKey }
      const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
      await api.post("/store/customers", { email, first_name: "Sam", last_name: "Trader", phone: "07400 654321" }, {
        headers: { ...keyHeaders, authorization: `Bearer ${registration.token}` },
      })
      const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
      const headers = { ...keyHeaders, authorization: `Bearer ${login.token}` }
      const call = async (method: string, url: string, data?: unknown) => api.request({ method, url, data, headers, validateStatus: () => true })
      const ok = async (method: string, url: string, data?: unknown) => {
        const res = await call(method, url, data)
        if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
        return res.data
      }
      await ok("POST", "/store/customers/me/addresses", { ...BUYER_ADDRESS, is_default_billing: true })
      return { email, password, call, ok }
    }
    type Customer = Awaited<ReturnType<typeof newCustomer>>

    /** The account page, logged in, with the popup it opens from the signup button. */
    async function openPopup(customer: Customer) {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
      const page = await context.newPage()
      const errors: string[] = []
      page.on("pageerror", (error) => errors.push(error.message))
      const params = new URLSearchParams({ medusa: api.defaults.baseURL, key: seed.publishableKey, service: simulator.url, email: customer.email, password: customer.password })
      await page.goto(`${storefront.url}/account?${params}`)
      await page.locator("#signup:not([disabled])").waitFor()
      const [popup] = await Promise.all([page.waitForEvent("popup"), page.locator("#signup").click()])
      await popup.waitForURL(/\/soletrader\/signup\?/)
      await popup.locator("#step-choose").waitFor()
      return { context, page, popup, errors }
    }

    /** A checkout that names no company: the customer's enrollment gives it, and the service accepts the order. */
    async function checkoutWithEnrollment(customer: Customer, organizationNumber: string) {
      const cart = await createCheckoutCart(customer as any, seed, { promotion: null, quantities: [1] })
      const { payment_collection } = await customer.ok("POST", "/store/payment-collections", { cart_id: cart.id })
      const started = await customer.ok("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        provider_id: "pp_trade-credit_default",
        data: {},
      })
      expect(started.payment_collection.payment_sessions[0].data.company.organization_number).toBe(organizationNumber)
      expect((await customer.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
      const { cart: pending } = await customer.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
      await approveAtPaymentUrl(pending.payment_collection.payment_sessions[0].data.payment_url)
      const completed = await customer.call("POST", `/store/carts/${cart.id}/complete`)
      expect([completed.status, completed.data.type]).toEqual([200, "order"])
    }

    it("registers a new sole trader in the popup; the page shows the organization number; checkout uses it", async () => {
      const customer = await newCustomer()
      const { context, page, popup, errors } = await openPopup(customer)
      await shot(page, "01-account-page")
      await popup.getByTestId("choose-new").click()
      await popup.locator("#step-register").waitFor()
      // Pre-filled from the customer's details by the signup route.
      expect(await popup.getByTestId("first_name").inputValue()).toBe("Sam")
      expect(await popup.getByTestId("email").inputValue()).toBe(customer.email)
      expect(await popup.getByTestId("country").inputValue()).toBe("GB")
      await popup.getByTestId("trading_name").fill("Sam Trader Plumbing")
      await popup.getByTestId("street").fill("12 Canal Street")
      await popup.getByTestId("city").fill("Manchester")
      await popup.getByTestId("postal_code").fill("M1 3HE")
      await popup.getByTestId("date_of_birth").fill("1985-06-15")
      await popup.getByTestId("phone").fill("+447400654321")
      await shot(popup, "02-popup-register")
      const closed = popup.waitForEvent("close", { timeout: 60_000 })
      await popup.getByTestId("register-submit").click()
      await popup.getByTestId("done-title").waitFor({ timeout: 30_000 }).catch(() => undefined)
      await closed

      await page.locator("#org").filter({ hasNotText: "none yet" }).waitFor({ timeout: 30_000 })
      await shot(page, "03-account-registered")
      const organizationNumber = (await page.locator("#org").textContent())!.trim()
      const enrollment = (await customer.ok("GET", "/store/trade-credit/soletrader/enrollment")).enrollment
      expect(enrollment).toMatchObject({ organization_number: organizationNumber, country_code: "GB", company_name: "Sam Trader Plumbing", enrolled: true })
      expect(errors).toEqual([])
      await context.close()

      await checkoutWithEnrollment(customer, organizationNumber)
    })

    it("finds a returning buyer by email code in the popup", async () => {
      const customer = await newCustomer()
      const { context, page, popup, errors } = await openPopup(customer)
      await popup.getByTestId("choose-returning").click()
      await popup.getByTestId("rb-email").fill("returning.buyer@example.com")
      await popup.getByTestId("send-code").click()
      await popup.getByTestId("rb-code").waitFor()
      const { items } = await control(simulator.url, "GET", "/_sim/registration/codes?email=returning.buyer@example.com")
      await popup.getByTestId("rb-code").fill(items[items.length - 1].code)
      await shot(popup, "04-popup-code")
      await popup.getByTestId("verify-code").click()
      await popup.getByTestId("use-business").waitFor()
      await shot(popup, "05-popup-business")
      const closed = popup.waitForEvent("close", { timeout: 30_000 })
      await popup.getByTestId("use-business").click()
      await closed

      await page.locator("#org").filter({ hasText: "08123456" }).waitFor({ timeout: 30_000 })
      await shot(page, "06-account-returning-buyer")
      const enrollment = (await customer.ok("GET", "/store/trade-credit/soletrader/enrollment")).enrollment
      expect(enrollment).toMatchObject({ status: "VERIFIED", source: "autofill", organization_number: "08123456" })
      expect(errors).toEqual([])
      await context.close()

      await checkoutWithEnrollment(customer, "08123456")
    })
  },
})
