import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { SIMULATOR_API_KEY, startSimulator, type RunningSimulator } from "trade-credit-simulator"
import { launchBrowser, screenshotDir } from "../helpers/browser"

/**
 * The simulator's sole-trader signup popup in real Chromium, with only the
 * simulator running: an opener page on another origin (a stand-in for a
 * storefront) opens the popup with delegation tokens issued by the API key,
 * the buyer goes through a path, the popup posts its message to the opener
 * and closes, and autofill holds the business.
 */

jest.setTimeout(180_000)

let sim: RunningSimulator
let browser: Browser
let opener: Server
let openerUrl: string
const shots = screenshotDir("signup-page")
let seq = 0

/** A page that opens the popup and records the messages it gets. */
const OPENER_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<button id="open" type="button">Buy as a sole trader</button><pre id="log"></pre>
<script>
window.addEventListener("message", function (event) {
  document.getElementById("log").textContent += JSON.stringify({ origin: event.origin, data: event.data }) + "\\n";
});
document.getElementById("open").addEventListener("click", function () {
  window.open(new URLSearchParams(location.search).get("popup"), "signup", "width=620,height=900");
});
</script></body></html>`

async function api(method: string, pathname: string, body?: unknown) {
  const res = await fetch(sim.url + pathname, {
    method,
    headers: {
      "X-Api-Key": SIMULATOR_API_KEY,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(method === "GET" ? {} : { "Idempotency-Key": `browser-${Date.now()}-${++seq}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
}

/** The popup URL a merchant's server would build (contract section 5). */
async function popupUrl(buyerReference: string, extra: Record<string, string> = {}) {
  const auth = await api("POST", "/registry/v1/delegation", { verify_returning_buyer: true, create_proposal: true, buyer_reference: buyerReference })
  const autofill = await api("POST", "/autofill/v1/delegation", { read_current_buyer: true, write_current_buyer: true, buyer_reference: buyerReference })
  const query = new URLSearchParams({
    authToken: auth.headers.get("service-delegated-authority-token") as string,
    autofillToken: autofill.headers.get("service-delegated-authority-token") as string,
    ...extra,
  })
  return `${sim.url}/soletrader/signup?${query}`
}

/** Opens the opener page and, from it, the popup. */
async function openPopup(url: string): Promise<{ page: Page; popup: Page }> {
  const page = await browser.newPage()
  await page.goto(`${openerUrl}/?popup=${encodeURIComponent(url)}`)
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#open")])
  await popup.waitForLoadState("domcontentloaded")
  return { page, popup }
}

const messages = async (page: Page) =>
  (await page.locator("#log").textContent())!
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))

beforeAll(async () => {
  sim = await startSimulator({ port: 0, proposalDecisionDelayMs: 300 })
  opener = createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8")
    res.end(OPENER_HTML)
  })
  await new Promise<void>((resolve) => opener.listen(0, "127.0.0.1", resolve))
  openerUrl = `http://localhost:${(opener.address() as AddressInfo).port}`
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => opener?.close(resolve))
  await sim?.close()
})

describe("the sole-trader signup popup in Chromium", () => {
  it("a new US sole trader registers (consent required), the popup posts completed and closes, autofill holds the number", async () => {
    const autofillData = JSON.stringify({
      first_name: "Sam",
      last_name: "Rivera",
      email: "sam.rivera@example.com",
      phone_number: "+14155550188",
      billing_address: { street_address: "500 Market Street", city: "San Francisco", postal_code: "94105", region: "CA", country: "US" },
    })
    const { page, popup } = await openPopup(await popupUrl("cus_us", { country: "US", autofillData }))
    await popup.getByTestId("choose-new").click()
    await expect(popup.getByLabel("Country").inputValue()).resolves.toBe("US")
    await expect(popup.getByLabel("First name").inputValue()).resolves.toBe("Sam")
    await expect(popup.getByLabel("Street").inputValue()).resolves.toBe("500 Market Street")
    await popup.getByLabel("Trading name").fill("Sam Rivera Carpentry")
    await popup.getByLabel("Building name or number").fill("Suite 200")
    await popup.getByLabel("Date of birth").fill("1990-02-03")
    await popup.getByLabel("Supporting document (optional)").setInputFiles({
      name: "utility-bill.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    })
    await popup.getByTestId("register-submit").click()
    await expect(popup.getByTestId("message").textContent()).resolves.toContain("biometric")
    await popup.screenshot({ path: path.join(shots, "01-us-consent-required.png"), fullPage: true })

    await popup.getByLabel(/I consent to the biometric check/).check()
    const closed = popup.waitForEvent("close", { timeout: 30_000 })
    await popup.getByTestId("register-submit").click()
    await popup.getByTestId("done-title").filter({ hasText: "Your business is registered" }).waitFor({ timeout: 20_000 })
    // The popup closes itself 1.5 s after it is done: the picture is taken if it is still open.
    await popup.screenshot({ path: path.join(shots, "02-registered.png"), fullPage: true }).catch(() => undefined)
    await closed

    await page.locator("#log").filter({ hasText: "soletrader-signup" }).waitFor()
    expect(await messages(page)).toEqual([{ origin: sim.url, data: { type: "soletrader-signup", status: "completed" } }])
    const buyer = await api("GET", "/autofill/v1/buyer/current?buyer_reference=cus_us")
    expect(buyer.body).toMatchObject({
      company_name: "Sam Rivera Carpentry",
      country_code: "US",
      organization_number: "STUS00000018",
      first_name: "Sam",
      email: "sam.rivera@example.com",
      // The autofill address shape: building and street apart, the business as the organization.
      billing_address: { organization_name: "Sam Rivera Carpentry", building: "Suite 200", street: "500 Market Street", city: "San Francisco", region: "CA", country: "US" },
    })
    const proposals = await fetch(`${sim.url}/_sim/registration/proposals`).then((r) => r.json())
    expect(proposals.items[0].evidence).toEqual([expect.objectContaining({ file_name: "utility-bill.pdf", content_type: "application/pdf" })])
    await page.close()
  })

  it("a returning buyer verifies by email code (sandbox inbox), picks one of two businesses, and it is saved", async () => {
    const { page, popup } = await openPopup(await popupUrl("cus_returning", { autofillData: JSON.stringify({ email: "two.businesses@example.com" }) }))
    await popup.getByTestId("choose-returning").click()
    await expect(popup.getByLabel("Email address").first().inputValue()).resolves.toBe("two.businesses@example.com")
    await popup.getByTestId("send-code").click()
    const inbox = popup.getByTestId("sandbox-inbox")
    await inbox.filter({ hasText: "your code is" }).waitFor()
    const code = (await inbox.textContent())!.match(/(\d{6})/)![1]
    await popup.getByLabel("Six-digit code").fill(code === "000000" ? "111111" : "000000")
    await popup.getByTestId("verify-code").click()
    await popup.getByTestId("message").filter({ hasText: "wrong" }).waitFor()
    await popup.getByLabel("Six-digit code").fill(code)
    await popup.getByTestId("verify-code").click()
    await popup.getByTestId("business-option").nth(1).waitFor()
    expect(await popup.getByTestId("business-option").allTextContents()).toEqual([
      "THORNBURY CATERING EQUIPMENT LIMITED (GB 11223344)",
      "PENNYWORTH STATIONERS LTD (GB 12345678)",
    ])
    await popup.screenshot({ path: path.join(shots, "03-returning-businesses.png"), fullPage: true })
    await popup.getByLabel(/PENNYWORTH STATIONERS LTD/).check()
    const closed = popup.waitForEvent("close")
    await popup.getByTestId("use-business").click()
    await closed
    await page.locator("#log").filter({ hasText: "completed" }).waitFor()
    const buyer = await api("GET", "/autofill/v1/buyer/current?buyer_reference=cus_returning")
    expect(buyer.body).toMatchObject({ company_name: "PENNYWORTH STATIONERS LTD", organization_number: "12345678", email: "two.businesses@example.com" })
    await page.close()
  })

  it("cancel posts cancelled and saves nothing; a link with a bad token is a clear error page", async () => {
    const { page, popup } = await openPopup(await popupUrl("cus_cancel", { country: "GB" }))
    const closed = popup.waitForEvent("close")
    await popup.getByTestId("cancel").click()
    await closed
    await page.locator("#log").filter({ hasText: "cancelled" }).waitFor()
    expect((await messages(page)).map((m) => m.data)).toEqual([{ type: "soletrader-signup", status: "cancelled" }])
    expect((await api("GET", "/autofill/v1/buyer/current?buyer_reference=cus_cancel")).status).toBe(404)

    const bad = await browser.newPage()
    const answer = await bad.goto(`${sim.url}/soletrader/signup?authToken=sdat_forged&autofillToken=sdat_forged`)
    expect(answer?.status()).toBe(401)
    await expect(bad.getByRole("alert").textContent()).resolves.toContain("authToken of this link is not valid")
    await bad.screenshot({ path: path.join(shots, "04-bad-link.png") })
    await bad.close()
    await page.close()
  })
})
