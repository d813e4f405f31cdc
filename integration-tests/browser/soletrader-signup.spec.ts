import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { buildSync } from "esbuild"
import type { Browser, Page } from "playwright-core"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { launchBrowser, screenshotDir } from "../helpers/browser"
import { control, pointWebhooksAt, useSimulator } from "../helpers/simulator"
import { BUYER_ADDRESS, createCheckoutCart } from "../helpers/storefront"
import { approveAtPaymentUrl } from "../helpers/verification"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")
// The demo's own storefront (`npm run demo` serves the same files): its checkout has the sole-trader buttons.
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { buildStorefront, startStorefront } = require("../../storefront/server.js")

jest.setTimeout(240_000)

const shots = screenshotDir("soletrader-signup")
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })

/**
 * A storefront's account page, as small as it gets: it logs the customer in
 * (bearer token). The signup button runs the seed's popup flow: step 1 asks the
 * plugin for a read-only autofill token and reads the service's saved buyer with
 * it from the browser; a 200 ends there (the known buyer is recorded through the
 * plugin's buyer route, no popup); a 404 asks the plugin's signup route for the
 * popup URL, opens it, waits for its message, then reads the buyer route. A
 * returning buyer may instead confirm an email by code and, when the email has
 * several businesses, choose one from the list the plugin's route returns.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>My account: trade credit</title>
<style>body{font:16px system-ui;margin:2rem;max-width:40rem} button{font:inherit;padding:.5rem 1rem} #status{margin-top:1rem} form{margin-top:1rem}</style></head>
<body>
<h1>My account</h1>
<p>Buy on invoice as a sole trader.</p>
<button id="signup" disabled>Register my business for trade credit</button>
<form id="rb"><label>Already a buyer? Your email <input id="rb-email" type="email"></label> <button id="rb-send" type="submit" disabled>Email me a code</button></form>
<form id="rb-code-form" hidden><label>Code <input id="rb-code"></label> <button id="rb-verify" type="submit">Confirm</button></form>
<form id="rb-choose" hidden><fieldset><legend>Which business are you buying for?</legend><div id="rb-matches"></div></fieldset><button id="rb-use" type="submit">Use this business</button></form>
<p id="status" role="status" aria-live="polite">Logging in…</p>
<p>Organization number: <strong id="org">none yet</strong></p>
<script>
const cfg = Object.fromEntries(new URLSearchParams(location.search))
let token
let matches = []
const headers = () => ({ "content-type": "application/json", "x-publishable-api-key": cfg.key, authorization: "Bearer " + token })
const status = (text) => (document.getElementById("status").textContent = text)
const store = async (method, path, body) => {
  const res = await fetch(cfg.medusa + "/store/trade-credit/soletrader" + path, { method, headers: headers(), body: body === undefined ? undefined : JSON.stringify(body) })
  return { ok: res.ok, status: res.status, body: await res.json() }
}
async function login() {
  const res = await fetch(cfg.medusa + "/auth/customer/emailpass", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: cfg.email, password: cfg.password }) })
  token = (await res.json()).token
  status("Logged in as " + cfg.email)
  document.getElementById("signup").disabled = false
  document.getElementById("rb-send").disabled = false
}
function show(business) {
  document.getElementById("org").textContent = business.organization_number
}
async function readBuyer(prefix) {
  const res = await store("GET", "/buyer")
  if (res.ok) { show(res.body.buyer); status(prefix + res.body.buyer.company_name) }
  else status("Not registered yet (" + res.body.code + ")")
}
window.addEventListener("message", (event) => {
  if (event.origin !== cfg.service || event.data?.type !== "soletrader-signup") return
  if (event.data.status === "completed") readBuyer("Registered: ")
  else status("Signup " + event.data.status)
})
document.getElementById("signup").addEventListener("click", async () => {
  // Step 1: a read-only token from the server; the browser reads the saved buyer with it (no key, no cookies).
  const step1 = await store("POST", "/autofill-token")
  if (!step1.ok) { status("Could not start the signup: " + step1.body.code); return }
  const known = await fetch(step1.body.buyer_url, { credentials: "omit", cache: "no-store" })
  if (known.ok) { await readBuyer("Welcome back: "); document.body.dataset.step1 = "known"; return }
  document.body.dataset.step1 = String(known.status)
  // Steps 2 and 3: the popup's tokens, then the popup.
  const res = await store("POST", "/signup", {})
  if (!res.ok) { status("Could not start the signup: " + res.body.code); return }
  window.open(res.body.popup_url, "soletrader", "width=520,height=760")
  status("Finish the signup in the window that opened")
})
document.getElementById("rb").addEventListener("submit", async (event) => {
  event.preventDefault()
  const res = await store("POST", "/returning-buyer/verification", { email: document.getElementById("rb-email").value })
  if (!res.ok) { status("No code sent (" + res.body.code + ")"); return }
  document.getElementById("rb-code-form").hidden = false
  status("Code sent")
})
document.getElementById("rb-code-form").addEventListener("submit", async (event) => {
  event.preventDefault()
  const res = await store("POST", "/returning-buyer/verification/code", { email: document.getElementById("rb-email").value, code: document.getElementById("rb-code").value })
  if (!res.ok) { status("Not verified (" + res.body.code + ")"); return }
  if (res.body.business) { show(res.body.business); status("Welcome back: " + res.body.business.company_name); return }
  matches = res.body.matches
  document.getElementById("rb-matches").innerHTML = matches.map((m, i) =>
    '<label><input type="radio" name="match" value="' + i + '" data-testid="match-' + m.organization_number + '"> ' + m.company_name + '</label><br>').join("")
  document.getElementById("rb-choose").hidden = false
  status("Choose one of your " + res.body.total_matches + " businesses")
})
document.getElementById("rb-choose").addEventListener("submit", async (event) => {
  event.preventDefault()
  const chosen = document.querySelector("input[name=match]:checked")
  if (!chosen) { status("Choose a business first"); return }
  const match = matches[Number(chosen.value)]
  const res = await store("POST", "/returning-buyer/choice", { organization_number: match.organization_number, country_code: match.country_code })
  if (!res.ok) { status("Not enrolled (" + res.body.code + ")"); return }
  show(res.body.business)
  status("Buying for: " + res.body.business.company_name)
})
login()
</script></body></html>`

/**
 * The plugin's storefront kit in the browser: `signUpSoleTrader` (src/storefront/sole-trader.ts) with
 * `@medusajs/js-sdk`, bundled from this repository's sources as a storefront's build would (served as /kit.js).
 */
const KIT_ENTRY = `export { signUpSoleTrader } from "./src/storefront/index"
export { default as Medusa } from "@medusajs/js-sdk"
`
const KIT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout: sole trader</title><script src="/kit.js"></script></head>
<body>
<button id="kit-signup" disabled>Sign up as a sole trader</button>
<p id="kit-status" role="status">Logging in…</p>
<p>Organization number: <strong id="kit-org">none yet</strong></p>
<script>
const cfg = Object.fromEntries(new URLSearchParams(location.search))
const sdk = new TradeCreditKit.Medusa({ baseUrl: cfg.medusa, publishableKey: cfg.key, auth: { type: "jwt", jwtTokenStorageMethod: "memory" } })
const status = (text) => (document.getElementById("kit-status").textContent = text)
sdk.auth.login("customer", "emailpass", { email: cfg.email, password: cfg.password }).then(() => {
  status("Logged in as " + cfg.email)
  document.getElementById("kit-signup").disabled = false
})
document.getElementById("kit-signup").addEventListener("click", async () => {
  const outcome = await TradeCreditKit.signUpSoleTrader({ sdk, country: "GB", onStatus: status })
  status(outcome.message)
  if (outcome.business) document.getElementById("kit-org").textContent = outcome.business.organization_number
  document.body.dataset.outcome = outcome.status
})
</script></body></html>`

/**
 * Stands in for the service's own signup popup, which (seed, sole-trader part, step 3) saves the details to autofill
 * with the popup's write token and closes, posting no message to the opener. Served at the simulator's popup URL
 * (Playwright's route), so its autofill call goes to the real simulator, from the simulator's origin.
 */
const SAVE_AND_CLOSE_POPUP = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign up</title></head><body><p id="state">Saving…</p>
<script>
const query = new URLSearchParams(location.search)
fetch("/autofill/v1/buyer/current", {
  method: "POST",
  credentials: "omit",
  headers: { "Service-Delegated-Authority-Token": query.get("autofillToken"), "Idempotency-Key": "popup-save-" + Date.now(), "Content-Type": "application/json" },
  body: JSON.stringify({ persistent: true, company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" }),
}).then((res) => {
  document.getElementById("state").textContent = "Saved: " + res.status
  if (res.status === 200) window.close()
})
</script></body></html>`
/** A signup popup the buyer closes before finishing: it saves nothing and posts nothing. */
const UNFINISHED_POPUP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign up</title></head><body><p>Tell us about your business…</p></body></html>`

/** The storefront page's server and the demo storefront, started before Medusa boots so that their origins are the allowed CORS origins. */
const storefront: { url: string; server?: Server } = { url: "" }
const demo: { url: string; server?: any } = { url: "" }
beforeAll(async () => {
  demo.server = await startStorefront({ distDir: buildStorefront(), port: 0 })
  demo.url = demo.server.url
  const kit = buildSync({
    stdin: { contents: KIT_ENTRY, resolveDir: path.resolve(__dirname, "../.."), loader: "ts" },
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "TradeCreditKit",
    write: false,
    logLevel: "warning",
  }).outputFiles[0].text
  storefront.server = createServer((req, res) => {
    if (req.url === "/kit.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(kit)
      return
    }
    if (req.url?.startsWith("/kit-account")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(KIT_PAGE)
      return
    }
    if (req.url?.startsWith("/account")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => storefront.server!.listen(0, "127.0.0.1", resolve))
  storefront.url = `http://localhost:${(storefront.server.address() as AddressInfo).port}`
  process.env.STORE_CORS = `${storefront.url},${demo.url}`
  process.env.AUTH_CORS = `${storefront.url},${demo.url}`
})
afterAll(async () => {
  await new Promise((resolve) => storefront.server?.close(resolve))
  await demo.server?.close()
})

const simulator = useSimulator()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let browser: Browser
    let seed: any
    let customers = 0

    beforeAll(async () => {
      seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
      demo.server.setConfig({ medusaUrl: api.defaults.baseURL, publishableKey: seed.publishableKey })
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
      const { data: created } = await api.post("/store/customers", { email, first_name: "Sam", last_name: "Trader", phone: "07400 654321" }, {
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
      return { id: created.customer.id as string, email, password, call, ok }
    }
    type Customer = Awaited<ReturnType<typeof newCustomer>>

    /** The account page, logged in. */
    async function openAccount(customer: Customer) {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
      const page = await context.newPage()
      const errors: string[] = []
      page.on("pageerror", (error) => errors.push(error.message))
      const params = new URLSearchParams({ medusa: api.defaults.baseURL, key: seed.publishableKey, service: simulator.url, email: customer.email, password: customer.password })
      await page.goto(`${storefront.url}/account?${params}`)
      await page.locator("#signup:not([disabled])").waitFor()
      return { context, page, errors }
    }

    /** The account page, logged in, with the popup it opens from the signup button (step 1 answered 404). */
    async function openPopup(customer: Customer) {
      const { context, page, errors } = await openAccount(customer)
      const [popup] = await Promise.all([page.waitForEvent("popup"), page.locator("#signup").click()])
      expect(await page.evaluate(() => document.body.dataset.step1)).toBe("404")
      await popup.waitForURL(/\/soletrader\/signup\?/)
      await popup.locator("#step-choose").waitFor()
      return { context, page, popup, errors }
    }

    /**
     * The kit's page, logged in, with the signup popup served by `popupHtml` at the simulator's popup URL, opened
     * from the kit's button (step 1 answered 404).
     */
    async function openKitPopup(customer: Customer, popupHtml: string) {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
      const served: string[] = []
      await context.route(
        (url) => url.origin === new URL(simulator.url).origin && url.pathname === "/soletrader/signup",
        (route) => {
          served.push(route.request().url())
          return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: popupHtml })
        }
      )
      const page = await context.newPage()
      const errors: string[] = []
      page.on("pageerror", (error) => errors.push(error.message))
      const params = new URLSearchParams({ medusa: api.defaults.baseURL, key: seed.publishableKey, email: customer.email, password: customer.password })
      await page.goto(`${storefront.url}/kit-account?${params}`)
      await page.locator("#kit-signup:not([disabled])").waitFor()
      const [popup] = await Promise.all([page.waitForEvent("popup"), page.locator("#kit-signup").click()])
      expect(served).toHaveLength(1)
      expect(new URL(served[0]).searchParams.get("autofillToken")).toBeTruthy()
      return { context, page, popup, errors }
    }

    it("the kit: a popup that saves the details to autofill and closes without a message ends the signup (seed steps 3 and 4)", async () => {
      const customer = await newCustomer()
      const { context, page, popup, errors } = await openKitPopup(customer, SAVE_AND_CLOSE_POPUP)
      // It closes itself once autofill answered 200 (checked here in the same tick as the listener is added: no race).
      if (!popup.isClosed()) await popup.waitForEvent("close", { timeout: 30_000 })
      // The kit sees the window closed, reads autofill again and buys with the business the popup saved.
      await page.locator("body[data-outcome]").waitFor({ timeout: 30_000 })
      await shot(page, "13-kit-popup-closed-saved")
      expect(await page.evaluate(() => document.body.dataset.outcome)).toBe("signed-up")
      expect(await page.locator("#kit-status").textContent()).toBe("Signed up: ACME INDUSTRIAL SUPPLIES LTD.")
      expect(await page.locator("#kit-org").textContent()).toBe("08123456")
      const enrollment = (await customer.ok("GET", "/store/trade-credit/soletrader/enrollment")).enrollment
      expect(enrollment).toMatchObject({ status: "VERIFIED", source: "autofill", organization_number: "08123456", enrolled: true })
      expect(errors).toEqual([])
      await context.close()
    })

    it("the kit: a popup the buyer closes before finishing says so in plain words", async () => {
      const customer = await newCustomer()
      const { context, page, popup, errors } = await openKitPopup(customer, UNFINISHED_POPUP)
      await popup.locator("body").waitFor()
      await popup.close()
      await page.locator("body[data-outcome]").waitFor({ timeout: 30_000 })
      await shot(page, "14-kit-popup-closed-unfinished")
      expect(await page.evaluate(() => document.body.dataset.outcome)).toBe("cancelled")
      expect(await page.locator("#kit-status").textContent()).toBe(
        "The signup window was closed before the signup was finished, so no business was saved. Open the signup again to finish it, or enter your company's details by hand."
      )
      expect(await page.locator("#kit-org").textContent()).toBe("none yet")
      expect((await customer.call("GET", "/store/trade-credit/soletrader/enrollment")).status).toBe(404)
      expect(errors).toEqual([])
      await context.close()
    })

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
      await popup.getByTestId("building").fill("Unit 7")
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
    it("step 1: a buyer the service already knows is recognised without a popup", async () => {
      const customer = await newCustomer()
      // Saved earlier for this customer (e.g. by a previous signup): the merchant's API key writes it here.
      const saved = await fetch(`${simulator.url}/autofill/v1/buyer/current?buyer_reference=${customer.id}`, {
        method: "POST",
        headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": `known-${customer.id}` },
        body: JSON.stringify({ persistent: true, company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" }),
      })
      expect(saved.status).toBe(200)
      const { context, page, errors } = await openAccount(customer)
      const popups: unknown[] = []
      page.on("popup", (popup) => popups.push(popup))
      const read = page.waitForResponse((res) => res.url().startsWith(`${simulator.url}/autofill/v1/buyer/current?`))
      await page.locator("#signup").click()
      expect((await read).status()).toBe(200)
      await page.locator("#org").filter({ hasText: "08123456" }).waitFor({ timeout: 30_000 })
      await shot(page, "07-known-buyer-no-popup")
      expect(await page.locator("#status").textContent()).toBe("Welcome back: ACME INDUSTRIAL SUPPLIES LTD")
      expect(await page.evaluate(() => document.body.dataset.step1)).toBe("known")
      expect(popups).toEqual([])
      const enrollment = (await customer.ok("GET", "/store/trade-credit/soletrader/enrollment")).enrollment
      expect(enrollment).toMatchObject({ status: "VERIFIED", source: "autofill", organization_number: "08123456", enrolled: true })
      expect(errors).toEqual([])
      await context.close()
    })

    it("a returning buyer whose email has two businesses chooses one from the list; nothing is enrolled before", async () => {
      const customer = await newCustomer()
      const { context, page, errors } = await openAccount(customer)
      const email = "two.businesses@example.com"
      await page.locator("#rb-email").fill(email)
      await page.locator("#rb-send").click()
      await page.locator("#rb-code-form:not([hidden])").waitFor()
      const { items } = await control(simulator.url, "GET", `/_sim/registration/codes?email=${encodeURIComponent(email)}`)
      await page.locator("#rb-code").fill(items[items.length - 1].code)
      await page.locator("#rb-verify").click()
      await page.locator("#rb-choose:not([hidden])").waitFor()
      expect(await page.locator("#rb-matches label").allTextContents()).toEqual([" THORNBURY CATERING EQUIPMENT LIMITED", " PENNYWORTH STATIONERS LTD"])
      await shot(page, "08-returning-buyer-chooser")
      expect((await customer.call("GET", "/store/trade-credit/soletrader/enrollment")).status).toBe(404)
      expect(await page.locator("#org").textContent()).toBe("none yet")

      await page.getByTestId("match-12345678").check()
      await page.locator("#rb-use").click()
      await page.locator("#org").filter({ hasText: "12345678" }).waitFor({ timeout: 30_000 })
      await shot(page, "09-returning-buyer-chosen")
      const enrollment = (await customer.ok("GET", "/store/trade-credit/soletrader/enrollment")).enrollment
      expect(enrollment).toMatchObject({ status: "VERIFIED", source: "returning_buyer", organization_number: "12345678", company_name: "PENNYWORTH STATIONERS LTD" })
      expect(errors).toEqual([])
      await context.close()
    })
    /** The demo storefront's checkout with a cart and the contact and delivery details saved. */
    async function demoCheckout({ locale }: { locale?: string } = {}) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale })
      const page = await context.newPage()
      const errors: string[] = []
      page.on("pageerror", (error) => errors.push(error.message))
      await page.goto(demo.url)
      await page.locator("form.product button[type=submit]").first().click()
      await page.waitForURL(`${demo.url}/checkout`)
      await page.locator("#details-continue").click()
      await page.locator("#step-details .done").waitFor({ timeout: 60_000 })
      return { context, page, errors }
    }

    it("the demo storefront: a returning buyer with two businesses chooses one at checkout, which becomes the company", async () => {
      const { context, page, errors } = await demoCheckout()
      const email = `demo.returning.${Date.now()}@example.com`
      await page.locator("#soletrader-returning").click()
      // A guest creates an account first.
      await page.locator("#soletrader-email").fill(email)
      await page.locator("#soletrader-password").fill("demo-buyer-pw")
      await page.locator("#soletrader-account button[type=submit]").click()
      await page.locator("#soletrader-rb:not([hidden])").waitFor()
      await page.locator("#soletrader-rb-email").fill("two.businesses@example.com")
      await page.locator("#soletrader-rb-send").click()
      await page.locator("#soletrader-rb-code-form:not([hidden])").waitFor()
      const { items } = await control(simulator.url, "GET", "/_sim/registration/codes?email=two.businesses%40example.com")
      await page.locator("#soletrader-rb-code").fill(items[items.length - 1].code)
      await page.locator("#soletrader-rb-code-form button[type=submit]").click()
      await page.locator("#soletrader-rb-choose:not([hidden])").waitFor()
      expect(await page.locator("#soletrader-rb-matches label").count()).toBe(2)
      await shot(page, "10-demo-chooser")
      await page.locator('input[name=soletrader-match][data-org="12345678"]').check()
      await page.locator("#soletrader-rb-use").click()
      await page.locator("#chosen-company-name", { hasText: "PENNYWORTH STATIONERS LTD" }).waitFor({ timeout: 30_000 })
      await shot(page, "11-demo-chosen")
      expect(errors).toEqual([])
      await context.close()
    })

    it("the demo storefront: step 1 recognises a known buyer, no popup opens", async () => {
      const { context, page, errors } = await demoCheckout()
      const customer = await newCustomer()
      // Log the demo in as that customer (the same login the demo's account form does).
      await page.locator("#soletrader-signup").click()
      await page.locator("#soletrader-account:not([hidden])").waitFor()
      await page.locator("#soletrader-email").fill(customer.email)
      await page.locator("#soletrader-password").fill(customer.password)
      const saved = await fetch(`${simulator.url}/autofill/v1/buyer/current?buyer_reference=${customer.id}`, {
        method: "POST",
        headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": `demo-known-${customer.id}` },
        body: JSON.stringify({ persistent: true, company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" }),
      })
      expect(saved.status).toBe(200)
      const popups: unknown[] = []
      page.on("popup", (popup) => popups.push(popup))
      await page.locator("#soletrader-account button[type=submit]").click()
      await page.locator("#chosen-company-name", { hasText: "ACME INDUSTRIAL SUPPLIES LTD" }).waitFor({ timeout: 30_000 })
      expect(await page.locator("#soletrader-status").textContent()).toBe("Welcome back: ACME INDUSTRIAL SUPPLIES LTD.")
      await shot(page, "12-demo-known-buyer")
      expect(popups).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })

    it("the demo storefront: creating the account without a connection says so in plain words, in the page's language", async () => {
      const { context, page, errors } = await demoCheckout({ locale: "de-DE" })
      expect(await page.locator("#soletrader-signup").textContent()).toBe("Als Einzelunternehmen registrieren")
      await page.locator("#soletrader-signup").click()
      await page.locator("#soletrader-account:not([hidden])").waitFor()
      expect(await page.locator("#soletrader-status").textContent()).toBe("Erstellen Sie zuerst ein Konto: Ihre Registrierung wird dort gespeichert.")
      await page.locator("#soletrader-email").fill(`demo.offline.${Date.now()}@example.com`)
      await page.locator("#soletrader-password").fill("demo-buyer-pw")
      // The account request never gets an answer (the connection drops).
      const dropped: string[] = []
      await page.route(
        (url) => url.pathname.endsWith("/auth/customer/emailpass/register"),
        (route) => {
          dropped.push(route.request().url())
          return route.abort("internetdisconnected")
        }
      )
      await page.locator("#soletrader-account button[type=submit]").click()
      const status = page.locator("#soletrader-status")
      await status.filter({ hasText: "Wir konnten den Shop nicht erreichen." }).waitFor()
      await shot(page, "15-demo-account-offline")
      expect(await status.textContent()).toBe("Wir konnten den Shop nicht erreichen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.")
      expect(await page.locator("body").innerText()).not.toMatch(/Failed to fetch|TypeError|Could not create the account/)
      expect(dropped).toHaveLength(1)
      // The form stays, for another try.
      expect(await page.locator("#soletrader-account").isHidden()).toBe(false)
      expect(errors).toEqual([])
      await context.close()
    })
  },
})
