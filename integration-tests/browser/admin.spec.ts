import { readFileSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { startSimulator, SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { startAdminMedusa } from "../helpers/admin-medusa"
import { launchBrowser, screenshotDir } from "../helpers/browser"
import { eventually, http, type Http } from "../helpers/http-json"
import { control, findCompanyId, WEBHOOK_PATH } from "../helpers/simulator"
import { BUYER_ADDRESS } from "../helpers/storefront"
import { approveAtPaymentUrl } from "../helpers/verification"
import { fingerprintOf, ROTATED_WEBHOOK_SECRET } from "../helpers/webhooks"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { TEST_ADMIN } = require("../../scripts/lib/app-database.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

/**
 * The plugin's admin UI in real Chromium, against `medusa start` serving the
 * built admin (scripts/lib/admin-server.js) on a fresh database, with the
 * simulator as the service: log in, open an order paid by invoice (placed
 * through the store API and shipped), see the widget and download the invoice,
 * re-sync; open an instalment order and its schedule; open Settings → Trade
 * credit and run the connection check (accepted, then refused); see the page in
 * German when that is the admin's language. Screenshots go to screenshots/admin/.
 */
jest.setTimeout(9 * 60_000)

const ADMIN: { email: string; password: string } = TEST_ADMIN
const SECRET_PART = SIMULATOR_API_KEY.slice("secret_test_".length)
const shots = screenshotDir("admin")
const DAY = 24 * 60 * 60 * 1000
describe("admin UI in Chromium", () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let database: { url: string; fromTemplate: boolean; drop: () => Promise<void> } | undefined
  let server: { url: string; stop: () => Promise<void> } | undefined
  let browser: Browser | undefined
  let page: Page
  let admin: Http
  let invoiceOrder: { id: string; invoiceNumber: string; serviceOrderId: string; paymentId: string }
  /** The buyer's name as the invoice widget shows it: the instalment widget shows the same. */
  let invoiceBuyer: string | null = null
  let planOrderId: string
  let companyName: string
  const pageLog: string[] = []

  beforeAll(async () => {
    const log = (message: string) => process.stdout.write(`[admin.spec] ${message}\n`)
    const started = Date.now()
    sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [200, 500] })
    let logFile: string
    ;({ server, logFile } = await startAdminMedusa({
      name: "admin",
      simUrl: sim.url,
      // Mid-rotation: the new secret first, the simulator's (the old one, which still signs) second.
      webhookSecret: `${ROTATED_WEBHOOK_SECRET},${SIMULATOR_WEBHOOK_SECRET}`,
      onDatabase: (created) => (database = created),
    }))

    const { token } = await http(server.url, {})("POST", "/auth/user/emailpass", ADMIN)
    admin = http(server.url, { authorization: `Bearer ${token}` })
    const seed = await seedStore(admin)
    const store = http(server.url, { "x-publishable-api-key": seed.publishableKey })
    const companyId = await findCompanyId(sim.url, "GB", "acme")
    companyName = (await control(sim.url, "GET", `/_sim/companies/${companyId}`).catch(() => null))?.name ?? "ACME"

    const newCart = async () => {
      const { cart } = await store("POST", "/store/carts", {
        region_id: seed.region.id,
        email: "grace@acme-office.example",
        items: [
          { variant_id: seed.variants[0].id, quantity: 3 },
          { variant_id: seed.variants[1 % seed.variants.length].id, quantity: 2 },
        ],
        shipping_address: BUYER_ADDRESS,
        billing_address: BUYER_ADDRESS,
      })
      const { shipping_options } = await store("GET", `/store/shipping-options?cart_id=${cart.id}`)
      await store("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
      const { payment_collection } = await store("POST", "/store/payment-collections", { cart_id: cart.id })
      return { cart, collectionId: payment_collection.id as string }
    }

    // An order paid by invoice: the buyer verifies at the service, the cart completes, the goods ship (invoice).
    {
      const { cart, collectionId } = await newCart()
      await store("POST", `/store/payment-collections/${collectionId}/payment-sessions`, {
        provider_id: "pp_trade-credit_default",
        data: { company: { company_canonical_id: companyId }, purchase_order_number: "PO-7781" },
      })
      const first = await store("POST", `/store/carts/${cart.id}/complete`).catch((e) => e)
      expect(first.status).toBe(400)
      const { cart: pending } = await store("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
      const session = pending.payment_collection.payment_sessions[0]
      await approveAtPaymentUrl(session.data.payment_url)
      const { order } = await store("POST", `/store/carts/${cart.id}/complete`)
      const { order: full } = await admin("GET", `/admin/orders/${order.id}?fields=id,*items,*payment_collections.payments`)
      const items = full.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
      await admin("POST", `/admin/orders/${order.id}/fulfillments`, { items })
      const { order: withFulfillment } = await admin("GET", `/admin/orders/${order.id}?fields=fulfillments.id`)
      await admin("POST", `/admin/orders/${order.id}/fulfillments/${withFulfillment.fulfillments[0].id}/shipments`, { items })
      const summary = await eventually(async () => {
        const { trade_credit } = await admin("GET", `/admin/trade-credit/orders/${order.id}`)
        return trade_credit.invoice.fulfilments.length ? trade_credit : null
      }, "the invoice of the shipment")
      invoiceOrder = {
        id: order.id,
        invoiceNumber: summary.invoice.fulfilments[0].invoice_number,
        serviceOrderId: summary.invoice.service_order_id,
        paymentId: summary.payment.id,
      }
    }

    // An order paid in 6 monthly instalments, captured, and a day past the first issue date: its first instalment is invoiced.
    {
      sim.state.repayment.fundingDelayMs = 0
      const { cart, collectionId } = await newCart()
      await store("POST", `/store/payment-collections/${collectionId}/payment-sessions`, {
        provider_id: "pp_trade-credit-plan_default",
        data: { company: { company_canonical_id: companyId }, number_of_periods: 6 },
      })
      const { order } = await store("POST", `/store/carts/${cart.id}/complete`)
      // Placed with the payment pending; the funding webhook authorizes it.
      const payment = await eventually(async () => {
        const { order: full } = await admin("GET", `/admin/orders/${order.id}?fields=id,*payment_collections.payments`)
        return full.payment_collections[0].payments[0]
      }, "the instalment payment authorized by the funding webhook").catch((error) => {
        // What the plugin said of the plan's funding, so a failure here says why.
        const said = readFileSync(logFile, "utf8").split("\n").filter((line) => /funding|authoriz/i.test(line))
        process.stdout.write(`[admin.spec] the server's log on the funding:\n${said.slice(-15).join("\n")}\n`)
        throw error
      })
      await admin("POST", `/admin/payments/${payment.id}/capture`, {})
      const { now } = await control(sim.url, "GET", "/_sim/clock")
      const firstIssue = Date.parse(payment.data.instalments[0].invoice_issue_date)
      await control(sim.url, "POST", "/_sim/clock/advance", { ms: firstIssue + DAY - Date.parse(now) })
      planOrderId = order.id
    }
    log(`orders placed (${Math.round((Date.now() - started) / 1000)} s)`)

    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true })
    page = await context.newPage()
    page.setDefaultTimeout(60_000)
    // What the admin's own calls to the plugin's routes answered, and the page's errors: printed when a step fails.
    page.on("console", (message) => {
      if (message.type() === "error") pageLog.push(`console: ${message.text().slice(0, 300)}`)
    })
    page.on("pageerror", (error) => pageLog.push(`page error: ${error.message.slice(0, 300)}`))
    page.on("response", (response) => {
      if (response.url().includes("/trade-credit")) pageLog.push(`${response.request().method()} ${response.url()} → ${response.status()}`)
    })
  })

  /** Runs a step of the walk-through; when it fails, keeps a screenshot and prints what the page saw. */
  const step = (name: string, body: () => Promise<void>) => async () => {
    try {
      await body()
    } catch (error) {
      await page?.screenshot({ path: path.join(shots, `failed-${name}.png`), fullPage: true }).catch(() => {})
      process.stdout.write(`[admin.spec] ${name} failed; the page saw:\n${pageLog.slice(-30).join("\n")}\n`)
      throw error
    }
  }

  afterAll(async () => {
    await browser?.close().catch(() => {})
    await server?.stop().catch(() => {})
    await sim?.close().catch(() => {})
    await database?.drop().catch(() => {})
  })

  it("logs in to the built admin", step("login", async () => {
    await page.goto(`${server!.url}/app/login`)
    await page.locator('input[name="email"]').fill(ADMIN.email)
    await page.locator('input[name="password"]').fill(ADMIN.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL(/\/app\/orders/, { timeout: 90_000 })
  }))

  it("shows the invoice order's widget: state, company, invoice download, re-sync", step("invoice-order", async () => {
    await page.goto(`${server!.url}/app/orders/${invoiceOrder.id}`)
    const widget = page.getByTestId("trade-credit-order-widget")
    await widget.waitFor({ state: "visible", timeout: 90_000 })
    await widget.getByTestId("tc-invoices").getByText(invoiceOrder.invoiceNumber).waitFor()
    // The invoice's life after the invoice, from the service's order.reconciliation.invoiced.v1 through the pipeline.
    await widget.getByTestId("tc-document-heading").filter({ hasText: invoiceOrder.invoiceNumber }).waitFor()
    expect(await widget.getByTestId("tc-service-order-id").textContent()).toBe(invoiceOrder.serviceOrderId)
    expect(await widget.getByTestId("tc-state").textContent()).toBe("Fulfilled")
    expect(await widget.getByTestId("tc-status").textContent()).toBe("Approved")
    expect((await widget.getByTestId("tc-company").textContent())?.toLowerCase()).toContain(companyName.toLowerCase().split(" ")[0])
    invoiceBuyer = await widget.getByTestId("tc-company").textContent()
    // The provider by name (Medusa's payment section shows only pp_trade-credit_default).
    expect(await widget.getByTestId("tc-provider-name").textContent()).toBe("Trade credit (invoice)")
    expect(await widget.getByTestId("tc-verification-link").count()).toBe(0)
    await page.screenshot({ path: path.join(shots, "order-invoice.png"), fullPage: true })
    await widget.screenshot({ path: path.join(shots, "order-widget-invoice.png") })

    // The invoice downloads as a PDF named after its number.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      widget.getByRole("button", { name: `Download invoice ${invoiceOrder.invoiceNumber}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${invoiceOrder.invoiceNumber}.pdf`)
    const file = await download.path()
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe("%PDF-")

    // Re-sync: a reconciliation run for this order; Medusa and the service agree.
    await widget.getByTestId("tc-resync").click()
    await page.getByText("Re-sync: Medusa and the service agree").waitFor()
    await page.screenshot({ path: path.join(shots, "order-invoice-resynced.png") })

    // A refund: Medusa's summary shows a credit line; the widget says what it is, under the credit note.
    await admin("POST", `/admin/payments/${invoiceOrder.paymentId}/refund`, { amount: 1 })
    await page.reload()
    const note = page.getByTestId("tc-credit-line-note")
    await note.waitFor()
    expect(await note.textContent()).toMatch(/^A refund is a credit note the service issues to the buyer.*credit line/)
    await page.screenshot({ path: path.join(shots, "order-invoice-refunded.png"), fullPage: true })
  }))

  it("shows the instalment order's schedule as a timeline", step("instalment-order", async () => {
    await page.goto(`${server!.url}/app/orders/${planOrderId}`)
    const widget = page.getByTestId("trade-credit-order-widget")
    await widget.waitFor({ state: "visible", timeout: 90_000 })
    const timeline = widget.getByTestId("tc-instalments")
    await timeline.getByText("6 monthly instalments").waitFor()
    const states = await timeline.getByTestId("tc-instalment").allTextContents()
    expect(states).toEqual(["Invoiced", "Planned", "Planned", "Planned", "Planned", "Planned"])
    expect(await widget.getByTestId("tc-funding").textContent()).toBe("Accepted")
    expect(await widget.getByTestId("tc-provider-name").textContent()).toBe("Trade credit (instalments)")
    // One buyer name everywhere: the registered name, as on the invoice order, never the repayment account's slug.
    expect(await widget.getByTestId("tc-company").textContent()).toBe(invoiceBuyer)
    await widget.screenshot({ path: path.join(shots, "order-widget-instalments.png") })
  }))

  it("opens Settings → Trade credit and runs the connection check", step("settings", async () => {
    await page.goto(`${server!.url}/app/settings`)
    await page.getByRole("link", { name: "Trade credit" }).click()
    await page.waitForURL(/\/app\/settings\/trade-credit/)
    const settings = page.getByTestId("tc-settings")
    await settings.getByTestId("tc-key-prefix").waitFor()
    expect(await settings.getByTestId("tc-key-prefix").textContent()).toMatch(/^secret_test_…#[0-9a-f]{8}$/)
    expect(await settings.getByTestId("tc-environment").textContent()).toBe("sandbox")
    // Medusa names a provider by its id only: the settings page says which is which.
    expect(await settings.getByTestId("tc-payment-providers").textContent()).toBe(
      "Trade credit (invoice) pp_trade-credit_defaultTrade credit (instalments) pp_trade-credit-plan_default"
    )
    expect(await page.getByTestId("tc-webhook-url").textContent()).toBe(`${server!.url}${WEBHOOK_PATH}`)
    // Both secrets of the rotation by fingerprint (never the secret), and the one that verified the last event: the
    // simulator's, the second.
    expect(await page.getByTestId("tc-secret-fingerprints").textContent()).toBe(
      `${fingerprintOf(ROTATED_WEBHOOK_SECRET)} · ${fingerprintOf(SIMULATOR_WEBHOOK_SECRET)}`
    )
    expect(await page.getByTestId("tc-last-verified-with").textContent()).toBe(`${fingerprintOf(SIMULATOR_WEBHOOK_SECRET)} (the second)`)
    expect(await page.content()).not.toContain(SIMULATOR_WEBHOOK_SECRET.replace(/^whsec_/, ""))
    expect(await page.getByTestId("tc-last-run").textContent()).toMatch(/\(admin\): checked \d+, repaired \d+, failed 0/)

    await page.getByTestId("tc-connection-check").click()
    const result = page.getByTestId("tc-connection-result")
    await result.getByText("Connected").waitFor()
    expect(await result.textContent()).toMatch(/Key accepted · HTTP 200 · \d+ ms · sandbox/)
    expect(await page.content()).not.toContain(SECRET_PART)
    await page.screenshot({ path: path.join(shots, "settings-connected.png"), fullPage: true })

    // The service refuses the key: said plainly, with the reason code.
    await control(sim.url, "POST", "/_sim/faults", { method: "GET", path: "/companies/v2/company", fault: { type: "status", status: 401 } })
    await page.getByTestId("tc-connection-check").click()
    await result.getByText("Not connected (KEY_REJECTED)").waitFor()
    expect(await result.textContent()).toMatch(/refused the API key/)
    await page.screenshot({ path: path.join(shots, "settings-key-refused.png"), fullPage: true })

    // Per region: a bad amount is refused with the field named; a maximum is saved, listed in the changes, and holds.
    const regionForm = page.getByTestId("tc-region-form")
    await regionForm.waitFor()
    await page.locator("#tc-min-order").fill("ten pounds")
    await page.getByTestId("tc-region-save").click()
    await page.getByTestId("tc-region-error").getByText(/min_order_amount/).waitFor()
    await page.locator("#tc-min-order").fill("")
    await page.locator("#tc-max-order").fill("99999.00")
    await page.locator("#tc-terms").fill("45")
    // The months offered, and a customer's own terms (a customer made in the admin).
    await page.locator("#tc-periods").fill("12, 3, 6")
    const { customer } = await admin("POST", "/admin/customers", { email: `terms.${Date.now()}@acme-office.example`, first_name: "Tess" })
    await page.getByRole("button", { name: "Add terms for a customer" }).click()
    await page.getByTestId("tc-override-customer-0").fill(customer.id)
    await page.getByTestId("tc-override-days-0").fill("75")
    await page.getByTestId("tc-region-save").click()
    await page.getByTestId("tc-region-saved").waitFor()
    const changes = page.getByTestId("tc-region-changes")
    await changes.getByText("Maximum order").waitFor()
    expect(await changes.textContent()).toMatch(/99999\.00/)
    expect(await changes.textContent()).toMatch(/Invoice terms \(days\)/)
    expect(await changes.textContent()).toMatch(/Instalment months offered.*3, 6, 12/)
    expect(await changes.textContent()).toContain(`${customer.id}: 75 days`)
    await page.screenshot({ path: path.join(shots, "settings-region.png"), fullPage: true })
    const regionId = (await admin("GET", "/admin/regions?fields=id")).regions[0].id
    const stored = await admin("GET", `/admin/trade-credit/regions/${regionId}/settings`)
    expect(stored.settings).toMatchObject({
      max_order_amount: "99999.00",
      invoice_terms_days: 45,
      min_order_amount: null,
      instalment_periods: [3, 6, 12],
      invoice_terms_overrides: [{ customer_id: customer.id, invoice_terms_days: 75 }],
    })

    // When the region's orders are invoiced, in which language, and whether a declined buyer sees the method.
    await page.getByTestId("tc-capture-on").click()
    await page.getByRole("option", { name: "the order is placed" }).click()
    await page.getByTestId("tc-invoice-language").click()
    await page.getByRole("option", { name: "Swedish" }).click()
    // The switch's caption says what its state does (on by default).
    const hideCaption = page.getByTestId("tc-hide-declined-caption")
    expect(await hideCaption.textContent()).toMatch(/^On: a declined buyer does not see trade credit/)
    await page.locator("#tc-hide-declined").click()
    expect(await hideCaption.textContent()).toMatch(/^Off: a declined buyer sees the method greyed out/)
    await page.getByTestId("tc-region-save").click()
    await changes.getByText("Invoice when").waitFor()
    expect(await changes.textContent()).toMatch(/Invoice language.*sv_SE/)
    const moments = await admin("GET", `/admin/trade-credit/regions/${regionId}/settings`)
    expect(moments.settings).toMatchObject({ capture_on: "order", invoice_language: "sv_SE", hide_when_declined: false, max_order_amount: "99999.00" })
    await page.screenshot({ path: path.join(shots, "settings-region-moments.png"), fullPage: true })
    await admin("POST", `/admin/trade-credit/regions/${regionId}/settings`, { capture_on: null, invoice_language: null, hide_when_declined: true })
  }))

  it("shows Settings → Trade credit in German when the admin's language is German", step("settings-german", async () => {
    // The dashboard keeps the admin's language (Profile → Language) in i18next's `lng`, cookie first, then localStorage.
    const useLanguage = (lng: string) =>
      page.evaluate((lng) => {
        document.cookie = `lng=${lng}; path=/`
        localStorage.setItem("lng", lng)
      }, lng)
    await useLanguage("de")
    try {
      await page.goto(`${server!.url}/app/settings/trade-credit`)
      const settings = page.getByTestId("tc-settings")
      await settings.getByRole("heading", { name: "Handelskredit" }).waitFor()
      expect(await page.getByTestId("tc-connection-check").textContent()).toBe("Verbindung prüfen")
      await settings.getByText("Umgebung", { exact: true }).waitFor()
      await page.getByTestId("tc-region-form").getByText("Zahlungsziel (Tage)").waitFor()
      // The settings menu's entry too (its label is a key of the plugin's translations).
      await page.getByRole("link", { name: "Handelskredit" }).waitFor()
      await page.screenshot({ path: path.join(shots, "settings-german.png"), fullPage: true })
    } finally {
      await useLanguage("en")
    }
  }))
})
