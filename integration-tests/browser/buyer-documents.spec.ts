import { readFileSync } from "node:fs"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { launchBrowser, newBuyer, screenshotDir } from "../helpers/browser"
import { invoicedOrderPdfUrl, moduleOf, seedDocument, tradeAccountOf } from "../helpers/documents"
import { useSimulator } from "../helpers/simulator"
// The demo's own storefront and server (`npm run demo` serves the same files).
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { buildStorefront, startStorefront } = require("../../storefront/server.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

/**
 * The buyer's documents in the demo storefront, in real Chromium (issue #38): a customer of a trade account logs in
 * at the account page and reads their company's invoices, credit notes, instalment invoices and statements in their
 * language (Norwegian here: kinds, statuses, money and dates), downloads a PDF, and reads "not ready yet" where the
 * service has issued none; a customer of another company sees none of them, and the PDF of one is refused.
 * Screenshots go to screenshots/buyer-documents/.
 */
jest.setTimeout(240_000)

const simulator = useSimulator()
const shots = screenshotDir("buyer-documents")
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
const PASSWORD = "documents-password-1"

/** The storefront, started before Medusa boots so that its origin is the allowed CORS origin (store and auth). */
const storefront: { url: string; server?: any } = { url: "" }
beforeAll(async () => {
  storefront.server = await startStorefront({ distDir: buildStorefront(), port: 0 })
  storefront.url = storefront.server.url
  process.env.STORE_CORS = storefront.url
  // The account page logs the customer in from the storefront's origin.
  process.env.AUTH_CORS = storefront.url
  process.env.TRADE_CREDIT_STOREFRONT_URL = storefront.url
})
afterAll(async () => {
  await storefront.server?.close()
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let browser: Browser
    let seed: any
    const contexts: BrowserContext[] = []
    const customers: Record<string, { id: string; email: string }> = {}
    const docs: Record<string, { id: string }> = {}

    async function registerCustomer(name: string) {
      const email = `${name.toLowerCase()}.${Date.now().toString(36)}@documents.example`
      const registered = await api.post("/auth/customer/emailpass/register", { email, password: PASSWORD })
      const { data } = await api.post(
        "/store/customers",
        { email, first_name: name, last_name: "Buyer" },
        { headers: { "x-publishable-api-key": seed.publishableKey, authorization: `Bearer ${registered.data.token}` } },
      )
      return { id: data.customer.id as string, email }
    }

    beforeAll(async () => {
      seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
      storefront.server.setConfig({ medusaUrl: api.defaults.baseURL, publishableKey: seed.publishableKey })
      for (const name of ["Ingrid", "Olav", "Carol"]) customers[name] = await registerCustomer(name)
      const module = moduleOf(getContainer())
      await tradeAccountOf(module, {
        country: "GB",
        organizationNumber: "08123456",
        name: "Acme",
        customerIds: [customers.Ingrid.id, customers.Olav.id],
      })
      await tradeAccountOf(module, {
        country: "GB",
        organizationNumber: "07654321",
        name: "Zenith",
        customerIds: [customers.Carol.id],
      })
      const acme = { company_key: "GB:08123456" }
      const pdfUrl = await invoicedOrderPdfUrl(simulator.sim!)
      // Ingrid's invoice (its PDF at the service), overdue; her colleague Olav's credit note (no PDF yet); the
      // company's instalment invoice with the collection agency, and its statement handed back to the shop.
      docs.invoice = await seedDocument(module, {
        ...acme,
        customer_id: customers.Ingrid.id,
        number: "INV-000001",
        document_url: pdfUrl,
      })
      docs.credit = await seedDocument(module, {
        ...acme,
        customer_id: customers.Olav.id,
        kind: "credit_note",
        number: "CN-000001",
        amount: "-100.00",
        outstanding_amount: "0.00",
        status: "credited",
      })
      docs.instalment = await seedDocument(module, {
        ...acme,
        kind: "instalment_invoice",
        number: "INST-0042",
        amount: "350.00",
        outstanding_amount: "350.00",
        status: "in_collection",
      })
      docs.statement = await seedDocument(module, {
        ...acme,
        kind: "statement",
        number: "7",
        amount: "640.00",
        outstanding_amount: "640.00",
        status: "recoursed",
      })
      docs.zenith = await seedDocument(module, {
        company_key: "GB:07654321",
        customer_id: customers.Carol.id,
        number: "ZEN-000001",
        status: "paid",
        outstanding_amount: "0.00",
      })
      browser = await launchBrowser()
    })

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser?.close()
    })

    /** A buyer in `locale` at the account page, logged in as `email`, once the documents are read. */
    async function loggedIn(email: string, locale: string) {
      const buyer = await newBuyer(browser, contexts, { locale })
      await buyer.page.goto(`${storefront.url}/account`)
      await buyer.page.locator("#login-email").fill(email)
      await buyer.page.locator("#login-password").fill(PASSWORD)
      await buyer.page.locator("#login-submit").click()
      await buyer.page.locator("#documents table, #documents p").first().waitFor()
      return buyer
    }
    const row = (page: Page, id: string) => page.locator(`#documents tr[data-document-id="${id}"]`)

    it("shows a trade account's user their company's documents in their language, a PDF or 'not ready yet'", async () => {
      const { page, errors } = await loggedIn(customers.Ingrid.email, "nb-NO")
      await page.locator("#documents table").waitFor()
      await shot(page, "01-documents-nb")
      expect(await page.locator("#documents h2").textContent()).toBe("Fakturaer og avdrag")
      expect(await page.locator("#documents tbody tr").count()).toBe(4)
      const invoice = row(page, docs.invoice.id)
      expect(await invoice.locator(".kind").textContent()).toBe("Faktura")
      expect(await invoice.locator(".status").textContent()).toBe("Forfalt")
      expect(await invoice.locator(".due").textContent()).toBe("3. mars 2026")
      expect((await invoice.locator(".amount").textContent())!.replace(/\s/g, " ")).toBe("1 200,00 £")
      expect(await row(page, docs.credit.id).locator(".kind").textContent()).toBe("Kreditnota")
      expect(await row(page, docs.credit.id).locator(".status").textContent()).toBe("Kreditert")
      expect(await row(page, docs.credit.id).locator(".pdf").textContent()).toBe("Ikke klar ennå")
      expect(await row(page, docs.instalment.id).locator(".kind").textContent()).toBe("Avdragsfaktura")
      expect(await row(page, docs.instalment.id).locator(".status strong").textContent()).toBe("Hos inkassobyrået")
      expect(await row(page, docs.statement.id).locator(".kind").textContent()).toBe("Månedlig samlefaktura")
      expect(await row(page, docs.statement.id).locator(".status strong").textContent()).toBe("Betales til butikken")
      const text = await page.locator("#documents").innerText()
      expect(text).not.toMatch(/ZEN-000001|in_collection|recoursed|credit_note|Invoice|Overdue/)

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        invoice.getByRole("button", { name: "Last ned PDF" }).click(),
      ])
      expect(download.suggestedFilename()).toBe("INV-000001.pdf")
      expect(
        readFileSync((await download.path())!)
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-")
      expect(errors).toEqual([])
    })

    it("shows a customer of another company none of them, and refuses the PDF of one", async () => {
      const { page, errors } = await loggedIn(customers.Carol.email, "de-DE")
      await page.locator("#documents table").waitFor()
      await shot(page, "02-other-company-de")
      expect(await page.locator("#documents tbody tr").count()).toBe(1)
      expect(await row(page, docs.zenith.id).locator(".status").textContent()).toBe("Bezahlt")
      expect(await page.locator("#documents").innerText()).not.toMatch(/INV-000001|CN-000001|INST-0042/)
      // The PDF of Acme's invoice, asked with Carol's login from the page: answered as a document that does not exist.
      const refused = await page.evaluate(
        async ({ medusaUrl, publishableKey, id }) => {
          const res = await fetch(`${medusaUrl}/store/trade-credit/documents/${id}/pdf`, {
            headers: {
              authorization: `Bearer ${localStorage.getItem("medusa_auth_token")}`,
              "x-publishable-api-key": publishableKey,
            },
          })
          return { status: res.status, body: await res.json() }
        },
        { medusaUrl: api.defaults.baseURL, publishableKey: seed.publishableKey, id: docs.invoice.id },
      )
      expect(refused).toEqual({
        status: 404,
        body: expect.objectContaining({ code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND" }),
      })
      expect(errors).toEqual([])
    })

    it("asks a visitor to log in, in their language, and refuses a wrong password", async () => {
      const { page } = await newBuyer(browser, contexts, { locale: "sv-SE" })
      await page.goto(`${storefront.url}/account`)
      await page.locator("#login-form").waitFor()
      expect(await page.locator("#login-submit").textContent()).toBe("Logga in")
      await page.locator("#login-email").fill(customers.Carol.email)
      await page.locator("#login-password").fill("not-the-password")
      await page.locator("#login-submit").click()
      await page.locator("#login-error", { hasText: "E-postadressen eller lösenordet stämmer inte." }).waitFor()
      await shot(page, "03-login-sv")
    })
  },
})
