import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { startSimulator, SIMULATOR_API_KEY } from "trade-credit-simulator"
import { startAdminMedusa } from "../helpers/admin-medusa"
import { launchBrowser, screenshotDir } from "../helpers/browser"
import { eventually, http } from "../helpers/http-json"
import { control } from "../helpers/simulator"
import { BUYER_ADDRESS } from "../helpers/storefront"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { TEST_ADMIN } = require("../../scripts/lib/app-database.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

/**
 * The customer widget in real Chromium, against `medusa start` serving the
 * built admin (scripts/lib/admin-server.js, shared with admin.spec.ts) on a
 * fresh database, with the simulator as the service. A customer enrols as a
 * sole trader through the store routes (the service accepts; the webhook
 * records it); the admin opens the customer and sees the enrollment, onboards
 * the sole trader's business as a trade account from the widget (a refusal
 * first, said with its code), sends the verification link (the user verifies
 * at it: the widget says so), and requests erasure through the confirmation
 * prompt (cancelled once, then confirmed). Screenshots go to screenshots/admin-customer/.
 */
jest.setTimeout(9 * 60_000)

const ADMIN: { email: string; password: string } = TEST_ADMIN
const SECRET_PART = SIMULATOR_API_KEY.slice("secret_test_".length)
const shots = screenshotDir("admin-customer")
const eventuallyLong = <T>(read: () => Promise<T | undefined | null | false>, what: string, ms = 40_000) => eventually(read, what, ms)

describe("admin customer widget in Chromium", () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let database: { url: string; fromTemplate: boolean; drop: () => Promise<void> } | undefined
  let server: { url: string; stop: () => Promise<void> } | undefined
  let browser: Browser | undefined
  let page: Page
  let customer: { id: string; email: string }
  let enrollment: { organization_number: string; company_name: string; country_code: string; status: string }
  const pageLog: string[] = []

  beforeAll(async () => {
    const log = (message: string) => process.stdout.write(`[admin-customer.spec] ${message}\n`)
    const started = Date.now()
    sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [200, 500] })
    ;({ server } = await startAdminMedusa({
      name: "admin-customer",
      simUrl: sim.url,
      onDatabase: (created) => (database = created),
    }))

    const { token } = await http(server.url, {})("POST", "/auth/user/emailpass", ADMIN)
    const seed = await seedStore(http(server.url, { authorization: `Bearer ${token}` }))

    // A customer registers at the storefront and enrols as a sole trader: proposal, submission, the service accepts.
    const email = `jo.bloggs.${Date.now().toString(36)}@joinery.example`
    const password = "sole-trader-pw-1"
    const pk = { "x-publishable-api-key": seed.publishableKey }
    const registration = await http(server.url, {})("POST", "/auth/customer/emailpass/register", { email, password })
    const created = await http(server.url, { ...pk, authorization: `Bearer ${registration.token}` })("POST", "/store/customers", {
      email,
      first_name: "Jo",
      last_name: "Bloggs",
      phone: "07400 123456",
    })
    const login = await http(server.url, {})("POST", "/auth/customer/emailpass", { email, password })
    const store = http(server.url, { ...pk, authorization: `Bearer ${login.token}` })
    await store("POST", "/store/customers/me/addresses", { ...BUYER_ADDRESS, country_code: "gb", is_default_billing: true })
    const { proposal } = await store("POST", "/store/trade-credit/soletrader/proposals", {
      proposed_business: {
        business_type: "SOLE_TRADER",
        country_code: "GB",
        trading_name: "Mill Lane Joinery",
        email,
        phone: "+447400123456",
        business_address: { building: "Unit 2", street: "5 Mill Lane", postal_code: "M4 1AB", city: "Manchester", country_code: "GB" },
        proprietor_details: {
          first_name: "Jo",
          last_name: "Bloggs",
          date_of_birth: "1980-04-02",
          email,
          phone: "+447400123456",
          address_history: [{ building: "12", street: "Canal Street", postal_code: "M1 3HE", city: "Manchester", country_code: "GB", date_from: "2016-05-01" }],
        },
      },
    })
    await store("POST", `/store/trade-credit/soletrader/proposals/${proposal.id}/submission`)
    enrollment = await eventuallyLong(async () => {
      const { enrollment } = await store("GET", "/store/trade-credit/soletrader/enrollment")
      return enrollment.status === "ACCEPTED" && enrollment.organization_number ? enrollment : null
    }, "the service to accept the sole trader")
    customer = { id: created.customer.id, email }
    log(`sole trader enrolled (${Math.round((Date.now() - started) / 1000)} s)`)

    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1440, height: 1100 } })
    page = await context.newPage()
    page.setDefaultTimeout(60_000)
    page.on("console", (message) => {
      if (message.type() === "error") pageLog.push(`console: ${message.text().slice(0, 300)}`)
    })
    page.on("pageerror", (error) => pageLog.push(`page error: ${error.message.slice(0, 300)}`))
    page.on("response", (response) => {
      if (response.url().includes("/trade-credit")) pageLog.push(`${response.request().method()} ${response.url()} → ${response.status()}`)
    })
  })

  /** Runs a step; when it fails, keeps a screenshot and prints what the page saw. */
  const step = (name: string, body: () => Promise<void>) => async () => {
    try {
      await body()
    } catch (error) {
      await page?.screenshot({ path: path.join(shots, `failed-${name}.png`), fullPage: true }).catch(() => {})
      process.stdout.write(`[admin-customer.spec] ${name} failed; the page saw:\n${pageLog.slice(-30).join("\n")}\n`)
      throw error
    }
  }

  afterAll(async () => {
    await browser?.close().catch(() => {})
    await server?.stop().catch(() => {})
    await sim?.close().catch(() => {})
    await database?.drop().catch(() => {})
  })

  const widget = () => page.getByTestId("trade-credit-customer-widget")

  it("logs in and shows the sole trader's enrollment on the customer page", step("enrollment", async () => {
    await page.goto(`${server!.url}/app/login`)
    await page.locator('input[name="email"]').fill(ADMIN.email)
    await page.locator('input[name="password"]').fill(ADMIN.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL(/\/app\/orders/, { timeout: 90_000 })

    await page.goto(`${server!.url}/app/customers/${customer.id}`)
    await widget().waitFor({ state: "visible", timeout: 90_000 })
    const section = widget().getByTestId("tc-enrollment")
    await section.getByTestId("tc-enrollment-status").waitFor()
    expect(await section.getByTestId("tc-enrollment-status").textContent()).toBe("Accepted")
    expect(await section.getByTestId("tc-enrollment-org").textContent()).toBe(enrollment.organization_number)
    expect(await section.getByTestId("tc-enrollment-company").textContent()).toBe("Mill Lane Joinery")
    expect(await section.getByTestId("tc-enrollment-country").textContent()).toBe("GB")
    expect(await section.getByTestId("tc-enrollment-decided").textContent()).toMatch(/\d{4}/)
    const account = widget().getByTestId("tc-trade-account")
    await account.getByTestId("tc-trade-account-status").waitFor()
    expect(await account.getByTestId("tc-trade-account-status").textContent()).toBe("Not onboarded")
    await widget().getByTestId("tc-erasure-none").waitFor()
    await page.screenshot({ path: path.join(shots, "customer-page.png"), fullPage: true })
    await widget().screenshot({ path: path.join(shots, "customer-widget-enrolled.png") })
  }))

  it("onboards the business as a trade account from the widget; a refusal is said with its code", step("onboard", async () => {
    const account = widget().getByTestId("tc-trade-account")
    await account.getByTestId("tc-onboard").click()
    const form = account.getByTestId("tc-onboard-form")
    await form.waitFor()
    expect(await form.getByLabel("Country").inputValue()).toBe("GB")
    await form.locator("#tc-org-number").fill(enrollment.organization_number)
    // The customer has no company name and none was given: the route's message and code, plainly.
    await form.getByTestId("tc-onboard-submit").click()
    const refusal = form.getByTestId("tc-onboard-error")
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain("(TRADE_CREDIT_TRADE_NAME_MISSING)")
    await widget().screenshot({ path: path.join(shots, "customer-widget-onboard-refused.png") })

    await form.getByLabel("Trade name").fill("Mill Lane Joinery")
    await form.getByTestId("tc-onboard-submit").click()
    await account.getByText("Onboarded", { exact: true }).waitFor()
    expect(await account.getByTestId("tc-user-verified").textContent()).toBe("Not verified")
    expect(await account.getByTestId("tc-trade-name").textContent()).toBe("Mill Lane Joinery")
    expect(await account.getByTestId("tc-service-customer-id").textContent()).toMatch(/^svc_/)
    const { items } = await control(sim.url, "GET", "/_sim/trade-accounts")
    expect(items).toHaveLength(1)
    expect(items[0].customer).toMatchObject({ merchant_customer_id: customer.id, company: { country_prefix: "GB", organization_number: enrollment.organization_number } })
    await widget().screenshot({ path: path.join(shots, "customer-widget-onboarded.png") })
  }))

  it("sends the verification link and shows it; once the user verifies, the widget says so", step("verification", async () => {
    const account = widget().getByTestId("tc-trade-account")
    await account.getByTestId("tc-send-verification").click()
    const link = account.getByTestId("tc-verification-url")
    await link.waitFor()
    const url = (await link.getAttribute("href")) as string
    expect(url.startsWith(sim.url)).toBe(true)
    expect(await link.textContent()).toBe(url)
    await widget().screenshot({ path: path.join(shots, "customer-widget-verification-link.png") })

    // The user verifies at the service's page (what their browser does), then the admin reloads the customer.
    const verified = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ decision: "verify" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    })
    expect(verified.status).toBe(303)
    await page.reload()
    await widget().getByTestId("tc-user-verified").waitFor()
    await eventuallyLong(async () => (await widget().getByTestId("tc-user-verified").textContent()) === "Verified", "the widget to show Verified", 20_000)
    expect(await widget().getByTestId("tc-send-verification").count()).toBe(0)
  }))

  it("requests erasure only after the confirmation prompt, and lists it with its case and status", step("erasure", async () => {
    const erasure = widget().getByTestId("tc-erasure")
    await erasure.getByLabel("Your data-protection request reference").fill("DSR-2026-0042")

    // Cancelled at the prompt: nothing is requested.
    await erasure.getByTestId("tc-request-erasure").click()
    const dialog = page.getByRole("alertdialog")
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain("cannot be undone")
    expect(await dialog.textContent()).toContain("DSR-2026-0042")
    await page.screenshot({ path: path.join(shots, "customer-erasure-confirm.png") })
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect(await erasure.getByTestId("tc-erasure-none").count()).toBe(1)
    const { token } = await http(server!.url, {})("POST", "/auth/user/emailpass", ADMIN)
    const admin = http(server!.url, { authorization: `Bearer ${token}` })
    expect((await admin("GET", `/admin/trade-credit/erasure-requests?customer_id=${customer.id}`)).count).toBe(0)

    // Confirmed: requested, listed with the case the lookup found and its status.
    await erasure.getByTestId("tc-request-erasure").click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Request erasure" }).click()
    const row = erasure.getByTestId("tc-erasure-request")
    await row.waitFor()
    expect(await row.textContent()).toContain("DSR-2026-0042")
    expect(await row.getByTestId("tc-erasure-status").textContent()).toBe("Submitted")
    const listed = await admin("GET", `/admin/trade-credit/erasure-requests?customer_id=${customer.id}`)
    expect(listed.erasure_requests).toHaveLength(1)
    const expectedCase = listed.erasure_requests[0].case as string
    expect(await row.getByTestId("tc-erasure-case").textContent()).toBe(expectedCase.charAt(0) + expectedCase.slice(1).toLowerCase().replace(/_/g, " "))
    // The field is emptied once the request's answer is in (the list may show the row a moment before).
    await eventuallyLong(async () => (await erasure.getByLabel("Your data-protection request reference").inputValue()) === "", "the reference field to be emptied", 10_000)

    // The same reference for this customer again: nothing is sent again, and the widget says so.
    await erasure.getByLabel("Your data-protection request reference").fill("DSR-2026-0042")
    await erasure.getByTestId("tc-request-erasure").click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Request erasure" }).click()
    await page.getByText("This reference was requested before: nothing was sent again").waitFor()
    expect((await admin("GET", `/admin/trade-credit/erasure-requests?customer_id=${customer.id}`)).count).toBe(1)
    expect(await page.content()).not.toContain(SECRET_PART)
    await page.screenshot({ path: path.join(shots, "customer-page-after-erasure.png"), fullPage: true })
    await widget().screenshot({ path: path.join(shots, "customer-widget-erasure.png") })
  }))
})
