import { readFileSync } from "node:fs"
import path from "node:path"
import { parse } from "csv-parse/sync"
import { Client } from "pg"
import type { Browser, Page } from "playwright-core"
import { startSimulator } from "trade-credit-simulator"
import { startAdminMedusa } from "../helpers/admin-medusa"
import { launchBrowser, screenshotDir } from "../helpers/browser"
import { http, type Http } from "../helpers/http-json"
import { findCompanyId } from "../helpers/simulator"
import { BUYER_ADDRESS } from "../helpers/storefront"
import { approveAtPaymentUrl } from "../helpers/verification"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { TEST_ADMIN } = require("../../scripts/lib/app-database.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

/**
 * Life after the invoice in the admin (issue #38), in real Chromium against `medusa start` serving the built admin
 * (scripts/lib/admin-server.js) on a fresh database, the simulator as the service. An order is paid by invoice
 * through the store API; its documents are written into the plugin's tables as the webhook pipeline keeps them
 * (seeded here, in SQL, a step at a time). The order widget tells each invoice's life in plain words: issued and
 * due, paid by the buyer in two payments, overdue, then handed back to the merchant (recourse: an alert at the top
 * of the widget). The Receivables page lists, filters, searches and links the documents, and its CSV download holds
 * them; Settings lists the events received but not acted on. The browser writes British English in UTC, so the
 * dates and amounts are asserted as Intl writes them there. Screenshots go to screenshots/admin-receivables/.
 */
jest.setTimeout(9 * 60_000)

const ADMIN: { email: string; password: string } = TEST_ADMIN
const shots = screenshotDir("admin-receivables")
const DAY = 24 * 60 * 60 * 1000
const COMPANY = 'Brightwater, "Office" Ltd'
/** A day as the admin writes a document's date, in the browser's language (en-GB), and a moment (UTC browser). */
const day = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(at)
/** Midnight (UTC) `days` from today: the service's dates are days. */
const at = (days: number) => new Date((Math.floor(Date.now() / DAY) + days) * DAY)

const AMOUNTS = [
  "amount",
  "paid_amount",
  "credited_amount",
  "collected_amount",
  "recoursed_amount",
  "outstanding_amount",
  "credit_limit",
  "credit_limit_balance",
  "max_single_order_value",
]

describe("admin receivables in Chromium", () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let database: { url: string; fromTemplate: boolean; drop: () => Promise<void> } | undefined
  let server: { url: string; stop: () => Promise<void> } | undefined
  let browser: Browser | undefined
  let db: Client | undefined
  let page: Page
  let orderId: string
  let admin: Http
  const pageLog: string[] = []

  /** Writes a row of the plugin's tables as its module does (an amount with its exact raw value beside it). */
  async function put(table: string, id: string, fields: Record<string, unknown>) {
    const values: Record<string, unknown> = { id, ...fields }
    for (const field of AMOUNTS)
      if (field in fields)
        values[`raw_${field}`] = fields[field] === null ? null : JSON.stringify({ value: fields[field], precision: 20 })
    const columns = Object.keys(values)
    const set = columns.filter((c) => c !== "id").map((c) => `"${c}" = excluded."${c}"`)
    await db!.query(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) ` +
        `values (${columns.map((_, i) => `$${i + 1}`).join(", ")}) ` +
        `on conflict ("id") do update set ${set.join(", ")}`,
      Object.values(values),
    )
  }
  /** Changes some fields of a row. */
  async function patch(table: string, id: string, fields: Record<string, unknown>) {
    const values: Record<string, unknown> = { ...fields }
    for (const field of AMOUNTS)
      if (field in fields)
        values[`raw_${field}`] = fields[field] === null ? null : JSON.stringify({ value: fields[field], precision: 20 })
    const set = Object.keys(values).map((c, i) => `"${c}" = $${i + 2}`)
    await db!.query(`update "${table}" set ${set.join(", ")} where "id" = $1`, [id, ...Object.values(values)])
  }
  const putDocument = (id: string, fields: Record<string, unknown>) =>
    put("trade_credit_receivable", id, {
      kind: "invoice",
      document_id: id,
      currency_code: "gbp",
      status: "open",
      ...fields,
    })
  const entry = (id: string, receivableId: string, kind: string, amount: string, occurredAt: Date) =>
    put("trade_credit_receivable_entry", id, {
      event_id: id,
      receivable_id: receivableId,
      kind,
      amount,
      currency_code: "gbp",
      occurred_at: occurredAt,
    })

  beforeAll(async () => {
    const log = (message: string) => process.stdout.write(`[admin-receivables.spec] ${message}\n`)
    const started = Date.now()
    sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [200, 500] })
    ;({ server } = await startAdminMedusa({
      name: "admin-receivables",
      simUrl: sim.url,
      onDatabase: (created) => (database = created),
    }))
    db = new Client({ connectionString: database!.url })
    await db.connect()

    // An order paid by invoice: the buyer verifies at the service, the cart completes.
    const { token } = await http(server.url, {})("POST", "/auth/user/emailpass", ADMIN)
    admin = http(server.url, { authorization: `Bearer ${token}` })
    const seed = await seedStore(admin)
    const store = http(server.url, { "x-publishable-api-key": seed.publishableKey })
    const companyId = await findCompanyId(sim.url, "GB", "acme")
    const { cart } = await store("POST", "/store/carts", {
      region_id: seed.region.id,
      email: "grace@acme-office.example",
      items: [{ variant_id: seed.variants[0].id, quantity: 2 }],
      shipping_address: BUYER_ADDRESS,
      billing_address: BUYER_ADDRESS,
    })
    const { shipping_options } = await store("GET", `/store/shipping-options?cart_id=${cart.id}`)
    await store("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
    const { payment_collection } = await store("POST", "/store/payment-collections", { cart_id: cart.id })
    await store("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: "pp_trade-credit_default",
      data: { company: { company_canonical_id: companyId } },
    })
    await store("POST", `/store/carts/${cart.id}/complete`).catch((e) => e)
    const { cart: pending } = await store("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    await approveAtPaymentUrl(pending.payment_collection.payment_sessions[0].data.payment_url)
    orderId = (await store("POST", `/store/carts/${cart.id}/complete`)).order.id
    log(`order placed (${Math.round((Date.now() - started) / 1000)} s)`)

    browser = await launchBrowser()
    const context = await browser.newContext({
      viewport: { width: 1440, height: 1100 },
      acceptDownloads: true,
      locale: "en-GB",
      timezoneId: "UTC",
    })
    page = await context.newPage()
    page.setDefaultTimeout(60_000)
    page.on("console", (message) => {
      if (message.type() === "error") pageLog.push(`console: ${message.text().slice(0, 300)}`)
    })
    page.on("pageerror", (error) => pageLog.push(`page error: ${error.message.slice(0, 300)}`))
    page.on("response", (response) => {
      if (response.url().includes("/trade-credit"))
        pageLog.push(`${response.request().method()} ${response.url()} → ${response.status()}`)
    })
  })

  /** Runs a step; when it fails, keeps a screenshot and prints what the page saw. */
  const step = (name: string, body: () => Promise<void>) => async () => {
    try {
      await body()
    } catch (error) {
      await page?.screenshot({ path: path.join(shots, `failed-${name}.png`), fullPage: true }).catch(() => {})
      process.stdout.write(`[admin-receivables.spec] ${name} failed; the page saw:\n${pageLog.slice(-30).join("\n")}\n`)
      throw error
    }
  }

  afterAll(async () => {
    await db?.end().catch(() => {})
    await browser?.close().catch(() => {})
    await server?.stop().catch(() => {})
    await sim?.close().catch(() => {})
    await database?.drop().catch(() => {})
  })

  const widget = () => page.getByTestId("trade-credit-order-widget")
  const life = (number: string) => widget().locator(`[data-testid="tc-document-life"][data-number="${number}"]`)
  const lines = async (number: string) => await life(number).getByTestId("tc-life-line").allTextContents()
  const status = async (number: string) => await life(number).getByTestId("tc-receivable-status").textContent()
  /** The order page read again, once the widget shows the document's newest status. */
  async function reopenOrder(number: string, expected: string) {
    await page.goto(`${server!.url}/app/orders/${orderId}`)
    await life(number)
      .getByTestId("tc-receivable-status")
      .getByText(expected, { exact: true })
      .waitFor({ timeout: 90_000 })
  }

  it(
    "logs in",
    step("login", async () => {
      await page.goto(`${server!.url}/app/login`)
      await page.locator('input[name="email"]').fill(ADMIN.email)
      await page.locator('input[name="password"]').fill(ADMIN.password)
      await page.locator('button[type="submit"]').click()
      await page.waitForURL(/\/app\/orders/, { timeout: 90_000 })
    }),
  )

  it(
    "tells an invoice's life: issued and due, then paid by the buyer in two payments",
    step("paid", async () => {
      await page.goto(`${server!.url}/app/orders/${orderId}`)
      await widget()
        .getByTestId("tc-receivables")
        .getByText("No invoice yet", { exact: false })
        .waitFor({ timeout: 90_000 })

      const issued = at(-10)
      const due = at(20)
      const base = {
        order_id: orderId,
        company_key: "GB:08123456",
        company_name: COMPANY,
        number: "9001042",
        issued_at: issued,
        due_at: due,
      }
      await putDocument("tcrcv_browser_a", { ...base, amount: "1200.00", outstanding_amount: "1200.00" })
      await entry("tcrce_browser_a1", "tcrcv_browser_a", "invoiced", "1200.00", issued)
      await reopenOrder("9001042", "Open")
      expect(await life("9001042").getByTestId("tc-document-heading").textContent()).toBe(
        `Invoice 9001042 issued ${day(issued)}, due ${day(due)}: £1,200.00`,
      )
      expect(await lines("9001042")).toEqual(["Outstanding: £1,200.00"])

      const first = at(-4)
      await putDocument("tcrcv_browser_a", {
        ...base,
        amount: "1200.00",
        paid_amount: "400.00",
        outstanding_amount: "800.00",
        status: "part_paid",
      })
      await entry("tcrce_browser_a2", "tcrcv_browser_a", "payment", "-400.00", first)
      await reopenOrder("9001042", "Part paid")
      expect(await lines("9001042")).toEqual([`Paid by the buyer on ${day(first)}: £400.00`, "Outstanding: £800.00"])

      const second = at(-1)
      await putDocument("tcrcv_browser_a", {
        ...base,
        amount: "1200.00",
        paid_amount: "1200.00",
        outstanding_amount: "0.00",
        status: "paid",
        settled_at: second,
      })
      await entry("tcrce_browser_a3", "tcrcv_browser_a", "payment", "-800.00", second)
      await reopenOrder("9001042", "Paid")
      expect(await lines("9001042")).toEqual([
        `Paid by the buyer on ${day(first)}: £400.00`,
        `Paid by the buyer on ${day(second)}: £800.00`,
        `Paid in full on ${day(second)}`,
      ])
      expect(await widget().getByTestId("tc-recourse-alert").count()).toBe(0)
      await widget().screenshot({ path: path.join(shots, "order-widget-paid.png") })
    }),
  )

  it(
    "says when an invoice is overdue",
    step("overdue", async () => {
      const due = at(-5)
      await putDocument("tcrcv_browser_b", {
        order_id: orderId,
        company_key: "GB:08123456",
        company_name: COMPANY,
        number: "9001043",
        amount: "1200.00",
        outstanding_amount: "1200.00",
        issued_at: at(-35),
        due_at: due,
      })
      await reopenOrder("9001043", "Overdue")
      expect(await lines("9001043")).toEqual([`Overdue since ${day(due)}`, "Outstanding: £1,200.00"])
      await widget().screenshot({ path: path.join(shots, "order-widget-overdue.png") })
    }),
  )

  it(
    "puts a recourse at the top of the widget, impossible to miss",
    step("recourse", async () => {
      const when = at(-1)
      await patch("trade_credit_receivable", "tcrcv_browser_b", {
        recoursed_amount: "1200.00",
        outstanding_amount: "0.00",
        status: "recoursed",
      })
      await entry("tcrce_browser_b1", "tcrcv_browser_b", "recoursed", "-1200.00", when)
      await reopenOrder("9001043", "Handed back")
      const alert = widget().getByTestId("tc-recourse-alert")
      expect(await alert.textContent()).toContain("Handed back to you: £1,200.00")
      expect(await alert.textContent()).toContain("Invoice 9001043")
      expect(await lines("9001043")).toEqual([`Handed back to you on ${day(when)}: £1,200.00`])
      // Above everything but the widget's title: before the buyer, the state and the documents.
      const alertTop = (await alert.boundingBox())!.y
      expect(alertTop).toBeLessThan((await widget().getByTestId("tc-company").boundingBox())!.y)
      expect(alertTop).toBeLessThan((await widget().getByTestId("tc-receivables").boundingBox())!.y)
      await page.screenshot({ path: path.join(shots, "order-recourse.png"), fullPage: true })
      await widget().screenshot({ path: path.join(shots, "order-widget-recourse.png") })
    }),
  )

  it(
    "lists, filters and searches the documents on the Receivables page, each linked to its order",
    step("page", async () => {
      await putDocument("tcrcv_browser_c", {
        company_key: "GB:11111111",
        company_name: "Acme Office Ltd",
        number: "9001044",
        amount: "75.50",
        paid_amount: "25.00",
        outstanding_amount: "50.50",
        status: "part_paid",
        issued_at: at(-40),
        due_at: at(-3),
      })
      await putDocument("tcrcv_browser_d", {
        kind: "credit_note",
        company_key: "GB:08123456",
        company_name: COMPANY,
        number: "CN-7",
        amount: "300.00",
        status: "credited",
        issued_at: at(-2),
      })
      // Under Orders in the sidebar.
      await page.goto(`${server!.url}/app/orders`)
      await page.getByRole("link", { name: "Receivables" }).click()
      await page.waitForURL(/\/app\/trade-credit\/receivables/)
      const rows = page.getByTestId("tc-receivable-row")
      const numbers = async () => await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-number")))
      await page.locator('[data-testid="tc-receivable-row"][data-number="9001044"]').waitFor()
      expect(await numbers()).toEqual(["CN-7", "9001042", "9001043", "9001044"])
      const row = page.locator('[data-testid="tc-receivable-row"][data-number="9001044"]')
      expect(await row.textContent()).toContain("Acme Office Ltd")
      expect(await row.getByTestId("tc-receivable-status").textContent()).toBe("Overdue")
      expect(await row.textContent()).toContain("£50.50")
      await page.screenshot({ path: path.join(shots, "receivables-page.png"), fullPage: true })

      const pick = async (filter: string, option: string) => {
        await page.getByTestId(`tc-filter-${filter}`).click()
        await page.getByRole("option", { name: option, exact: true }).click()
      }
      const until = async (expected: string[]) => {
        await page.waitForFunction(
          (want) =>
            JSON.stringify(
              [...document.querySelectorAll('[data-testid="tc-receivable-row"]')].map((r) =>
                r.getAttribute("data-number"),
              ),
            ) === want,
          JSON.stringify(expected),
        )
      }
      await pick("status", "Overdue")
      await until(["9001044"])
      await pick("status", "Handed back")
      await until(["9001043"])
      await pick("status", "Paid")
      await until(["9001042"])
      await pick("status", "All statuses")
      await pick("kind", "Credit note")
      await until(["CN-7"])
      await pick("kind", "All kinds")
      await page.getByTestId("tc-receivables-search").fill("brightwater")
      await until(["CN-7", "9001042", "9001043"])
      await page.getByTestId("tc-receivables-search").fill("9001042")
      await until(["9001042"])
      await page.screenshot({ path: path.join(shots, "receivables-page-search.png"), fullPage: true })

      // Its order, one click away.
      await page
        .locator('[data-testid="tc-receivable-row"][data-number="9001042"]')
        .getByTestId("tc-receivable-order")
        .click()
      await page.waitForURL(new RegExp(`/app/orders/${orderId}$`))
      await widget().waitFor()
    }),
  )

  it(
    "downloads the CSV of the documents the filters select",
    step("csv", async () => {
      await page.goto(`${server!.url}/app/trade-credit/receivables`)
      await page.locator('[data-testid="tc-receivable-row"][data-number="9001044"]').waitFor()
      await page.getByTestId("tc-filter-kind").click()
      await page.getByRole("option", { name: "Invoice", exact: true }).click()
      await page.waitForFunction(() => !document.querySelector('[data-testid="tc-receivable-row"][data-number="CN-7"]'))
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("tc-receivables-export").click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^receivables-\d{4}-\d\d-\d\d\.csv$/)
      const text = readFileSync((await download.path())!, "utf8")
      expect(text).toContain('"Brightwater, ""Office"" Ltd"')
      const records = parse(text, { columns: true, bom: true }) as Record<string, string>[]
      expect(records.map((r) => r.number)).toEqual(["9001042", "9001043", "9001044"])
      const byNumber = Object.fromEntries(records.map((r) => [r.number, r]))
      expect(byNumber["9001042"]).toMatchObject({
        kind: "invoice",
        status: "paid",
        overdue: "no",
        company_name: COMPANY,
        company: "GB:08123456",
        order_id: orderId,
        currency: "GBP",
        amount: "1200.00",
        paid_amount: "1200.00",
        outstanding_amount: "0.00",
      })
      expect(byNumber["9001043"]).toMatchObject({ status: "recoursed", recoursed_amount: "1200.00" })
      expect(byNumber["9001044"]).toMatchObject({
        status: "part_paid",
        overdue: "yes",
        amount: "75.50",
        outstanding_amount: "50.50",
      })
      expect(byNumber["9001044"].due_at).toBe(at(-3).toISOString())
    }),
  )

  it(
    "shows the company's credit and arrears on the customer page",
    step("customer", async () => {
      const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,customer_id`)
      await patch("trade_credit_receivable", "tcrcv_browser_a", { customer_id: order.customer_id })
      // As the credit-limit event and then the in-arrears event (which names no country) left it.
      await put("trade_credit_company_credit", "tccc_browser_1", {
        company_key: "GB:08123456",
        organization_number: "08123456",
        country_code: "GB",
        company_name: COMPANY,
        currency_code: "GBP",
        credit_limit: "5000.00",
        credit_limit_balance: "3800.00",
        max_single_order_value: "2500.00",
        credit_approved: true,
        limit_event_at: at(-2),
      })
      await put("trade_credit_company_credit", "tccc_browser_2", {
        company_key: ":08123456",
        organization_number: "08123456",
        arrears_state: "blocked",
        in_arrears: true,
        days_in_arrears: 5,
        earliest_invoice_number: "9001043",
        earliest_invoice_due_date: at(-5).toISOString().slice(0, 10),
        arrears_event_at: at(-1),
      })
      await page.goto(`${server!.url}/app/customers/${order.customer_id}`)
      const credit = page.getByTestId("tc-company-credit")
      await credit.getByTestId("tc-credit-limit").waitFor({ timeout: 90_000 })
      expect(await credit.getByTestId("tc-credit-limit").textContent()).toBe("£5,000.00")
      expect(await credit.getByTestId("tc-credit-balance").textContent()).toBe("£3,800.00")
      expect(await credit.getByTestId("tc-credit-max-order").textContent()).toBe("£2,500.00")
      const arrears = await credit.getByTestId("tc-arrears").textContent()
      expect(arrears).toContain("In arrears for 5 days: trade credit is blocked")
      expect(arrears).toContain(`Earliest overdue invoice: 9001043, due ${day(at(-5))}`)
      await credit.screenshot({ path: path.join(shots, "customer-widget-credit.png") })
    }),
  )

  it(
    "lists the events received but not acted on in Settings → Trade credit",
    step("received-events", async () => {
      await put("trade_credit_received_event_type", "tcret_browser_1", {
        type: "credit_line.updated.v1",
        count: 3,
        last_received_at: at(-1),
      })
      await page.goto(`${server!.url}/app/settings/trade-credit`)
      const section = page.getByTestId("tc-received-events")
      const row = section.getByTestId("tc-received-event")
      await row.waitFor({ timeout: 90_000 })
      expect(await row.textContent()).toContain("credit_line.updated.v1")
      expect(await row.locator("td").nth(1).textContent()).toBe("3")
      await section.screenshot({ path: path.join(shots, "settings-received-events.png") })
    }),
  )
})
