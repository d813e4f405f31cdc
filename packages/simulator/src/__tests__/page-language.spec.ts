import { SIMULATOR_API_KEY, startSimulator, type RunningSimulator } from "../index"
import { languageOfAcceptLanguage, languageOfTag, PAGE_LANGUAGES, pageLanguage } from "../routes/page-language"
import { PAGE_TEXTS, type PageTexts } from "../routes/page-texts"
import { SIGNUP_SCRIPT } from "../routes/signup-script"
import { call, control, orderBody } from "./helpers"
import { uniqueKey } from "./registration-fixtures"

/**
 * The hosted pages (verification, trade account verification, sole-trader signup) in the buyer's language over real
 * HTTP: `?lang=` (or `?locale=`) first, then Accept-Language (qualities, order, no/nn/nb), else English; `<html
 * lang>`, Content-Language and Vary; English wording unchanged; values escaped in every language.
 */

type Case = { name: string; query?: string; acceptLanguage?: string; lang: string }

/** Every way of asking the tests go through, and the language each must give. */
const CASES: Case[] = [
  { name: "Accept-Language nb-NO,nb;q=0.9", acceptLanguage: "nb-NO,nb;q=0.9", lang: "nb" },
  { name: "Accept-Language sv", acceptLanguage: "sv", lang: "sv" },
  { name: "Accept-Language de-DE", acceptLanguage: "de-DE", lang: "de" },
  { name: "Accept-Language nl", acceptLanguage: "nl", lang: "nl" },
  { name: "?lang=de over Accept-Language sv", query: "lang=de", acceptLanguage: "sv", lang: "de" },
  { name: "?locale=nb_NO", query: "locale=nb_NO", lang: "nb" },
  { name: "an unknown language (fr-FR)", acceptLanguage: "fr-FR,fr;q=0.9", lang: "en" },
  { name: "an unknown ?lang=fr, then Accept-Language nl", query: "lang=fr", acceptLanguage: "nl", lang: "nl" },
  { name: "no Accept-Language", lang: "en" },
]

/** Node's fetch sends `Accept-Language: *` unless told otherwise: a case without one sends that. */
const headersOf = (c: Case): Record<string, string> => ({ "Accept-Language": c.acceptLanguage ?? "*" })
const withQuery = (url: string, query?: string) => (query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url)
const texts = (lang: string) => PAGE_TEXTS[lang as keyof typeof PAGE_TEXTS]
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")

function expectLanguage(answer: { headers: Headers; text: string }, lang: string) {
  expect(answer.text).toMatch(new RegExp(`^<!doctype html><html lang="${lang}">`))
  expect(answer.headers.get("content-language")).toBe(lang)
  expect(answer.headers.get("vary") ?? "").toMatch(/accept-language/i)
}

describe("simulator: the hosted pages' language", () => {
  describe("choosing the language", () => {
    it("reads a tag's primary subtag, `-` or `_`, any case; no, nn and nb are Norwegian", () => {
      expect(
        ["en", "en-GB", "nb", "nb-NO", "nb_NO", "NO", "nn-NO", "no", "sv-SE", "sv_FI", "nl-BE", "de-AT", "DE_ch"].map(
          languageOfTag,
        ),
      ).toEqual(["en", "en", "nb", "nb", "nb", "nb", "nb", "nb", "sv", "sv", "nl", "de", "de"])
      for (const unknown of ["fr", "da-DK", "", "*", "__proto__", "constructor", undefined, 7, ["nb"]])
        expect(languageOfTag(unknown)).toBeUndefined()
    })

    it("reads Accept-Language by quality, then order; q=0 and malformed qualities are skipped", () => {
      expect(languageOfAcceptLanguage("nb-NO,nb;q=0.9,en;q=0.8")).toBe("nb")
      expect(languageOfAcceptLanguage("fr-FR, fr;q=0.9, de;q=0.8, en;q=0.7")).toBe("de")
      expect(languageOfAcceptLanguage("en;q=0.5, sv;q=0.9")).toBe("sv")
      expect(languageOfAcceptLanguage("nl, de")).toBe("nl")
      expect(languageOfAcceptLanguage("de;q=0.8, nl;q=0.8")).toBe("de")
      expect(languageOfAcceptLanguage("nn;Q=1.000, en")).toBe("nb")
      expect(languageOfAcceptLanguage("de;q=0, sv;q=0.1")).toBe("sv")
      expect(languageOfAcceptLanguage("de;q=2, nl;q=abc, sv;q=0.3")).toBe("sv")
      expect(languageOfAcceptLanguage("*, de;q=0.5")).toBe("de")
      for (const none of ["", "*", "fr, da;q=0.9", ",,;", "de;q=0", undefined, 1])
        expect(languageOfAcceptLanguage(none)).toBeUndefined()
    })

    it("puts the query's lang, then locale, before Accept-Language; English without either", () => {
      const of = (query: Record<string, unknown>, accept?: string) =>
        pageLanguage({ query, headers: accept === undefined ? {} : { "accept-language": accept } } as never)
      expect(of({ lang: "sv-SE" }, "de")).toEqual({ language: "sv", fromQuery: true })
      expect(of({ locale: "nl_NL" }, "de")).toEqual({ language: "nl", fromQuery: true })
      expect(of({ lang: "de", locale: "nl" })).toEqual({ language: "de", fromQuery: true })
      expect(of({ lang: ["nb", "sv"] })).toEqual({ language: "nb", fromQuery: true })
      expect(of({ lang: "fr" }, "nl;q=0.5")).toEqual({ language: "nl", fromQuery: false })
      expect(of({ lang: { x: "de" } }, "sv")).toEqual({ language: "sv", fromQuery: false })
      expect(of({})).toEqual({ language: "en", fromQuery: false })
    })

    it("has every text in every language, with English's placeholders and no English left in the headings", () => {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      const flat = (t: PageTexts): [string, string][] =>
        Object.entries(t).flatMap(([section, entries]) =>
          Object.entries(entries as Record<string, string>).map(([key, text]): [string, string] => [
            `${section}.${key}`,
            text,
          ]),
        )
      const english = new Map(flat(PAGE_TEXTS.en))
      expect(PAGE_LANGUAGES).toEqual(["en", "nb", "sv", "nl", "de"])
      for (const lang of PAGE_LANGUAGES) {
        const own = new Map(flat(PAGE_TEXTS[lang]))
        expect([...own.keys()].sort()).toEqual([...english.keys()].sort())
        for (const [key, text] of own) {
          expect(text.trim()).not.toBe("")
          expect([key, placeholders(text)]).toEqual([key, placeholders(english.get(key)!)])
        }
        if (lang === "en") continue
        for (const key of [
          "verification.verifyHeading",
          "verification.approve",
          "tradeAccount.verifyTitle",
          "signup.heading",
          "signupError.title",
          "script.unreachable",
        ]) {
          expect([lang, key, own.get(key)]).not.toEqual([lang, key, english.get(key)])
        }
      }
    })

    it("keeps the signup script valid and its words out of it (they come with the page)", () => {
      expect(() => new Function(SIGNUP_SCRIPT)).not.toThrow()
      for (const text of [
        "Sandbox inbox",
        "Your business is registered",
        "Please check",
        "The service could not be reached",
      ])
        expect(SIGNUP_SCRIPT).not.toContain(text)
    })
  })

  describe("over HTTP", () => {
    let sim: RunningSimulator

    beforeAll(async () => {
      sim = await startSimulator({ merchants: [{ apiKey: SIMULATOR_API_KEY, name: "Brick & Mortar <Ltd>" }] })
    })
    afterAll(() => sim.close())
    beforeEach(async () => {
      expect((await control(sim, "POST", "/reset")).status).toBe(200)
    })

    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(url, { headers, redirect: "manual" })
      return { status: res.status, headers: res.headers, text: await res.text() }
    }
    const newOrder = async () => {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      expect(created.body).toMatchObject({ state: "UNVERIFIED", payment_url: expect.any(String) })
      return created.body as { id: string; payment_url: string }
    }

    it.each(CASES)("the verification page: $name", async (c) => {
      const order = await newOrder()
      const page = await get(withQuery(order.payment_url, c.query), headersOf(c))
      expect(page.status).toBe(200)
      expectLanguage(page, c.lang)
      const v = texts(c.lang).verification
      expect(page.text).toContain(`<h1>${escaped(v.verifyHeading)}</h1>`)
      expect(page.text).toContain(`data-testid="approve">${escaped(v.approve)}</button>`)
      expect(page.text).toContain(`data-testid="reject">${escaped(v.reject)}</button>`)
      expect(page.text).toContain(`<dt>${escaped(texts(c.lang).common.merchant)}</dt>`)
      // The shop's name is escaped in every language; the form keeps its names and values.
      expect(page.text).toContain("Brick &amp; Mortar &lt;Ltd&gt;")
      expect(page.text).toContain('name="decision" value="approve"')
      const unknown = await get(withQuery(`${sim.url}/verify/nope`, c.query), headersOf(c))
      expect(unknown.status).toBe(404)
      expectLanguage(unknown, c.lang)
      expect(unknown.text).toContain(`<h1>${escaped(v.unknownTitle)}</h1>`)
    })

    it("the verification page in English is worded as before", async () => {
      const order = await newOrder()
      const page = await get(order.payment_url, { "Accept-Language": "en-GB,en;q=0.9" })
      expectLanguage(page, "en")
      for (const text of [
        "<title>Verify your purchase</title>",
        "<h1>Verify your purchase on invoice</h1>",
        "<dt>Merchant</dt>",
        "<dt>Buyer</dt>",
        "<dt>Ordered by</dt>",
        "<dt>Order</dt>",
        'data-testid="reject">Reject</button>',
        'data-testid="approve">Approve</button>',
        "Simulator of the trade-credit service: no real identity check takes place.",
      ]) {
        expect(page.text).toContain(text)
      }
      expect(page.text).toContain(`action="/verify/${order.id}"`)
    })

    it(
      "a ?lang of the verification page stays on its form and redirects; " + "the outcome follows the language",
      async () => {
        const order = await newOrder()
        const page = await get(`${order.payment_url}?lang=nb-NO`, { "Accept-Language": "de" })
        expect(page.text).toContain(`action="/verify/${order.id}?lang=nb"`)
        const approve = await fetch(`${sim.url}/verify/${order.id}?lang=nb`, {
          method: "POST",
          body: new URLSearchParams({ decision: "approve" }),
          redirect: "manual",
        })
        expect(approve.status).toBe(303)
        expect(approve.headers.get("location")).toBe("https://shop.example/confirm?cart=1")
        const again = await fetch(`${sim.url}/verify/${order.id}?lang=nb`, {
          method: "POST",
          body: new URLSearchParams({ decision: "reject" }),
          redirect: "manual",
        })
        expect(again.status).toBe(303)
        expect(again.headers.get("location")).toBe(`/verify/${order.id}?lang=nb`)
        const outcome = await get(`${sim.url}${again.headers.get("location")}`)
        expectLanguage(outcome, "nb")
        expect(outcome.text).toContain('<h1 data-testid="outcome">Kjøpet er bekreftet</h1>')
        expect(outcome.text).toContain(">Tilbake til butikken</a>")
        // A form without a decision answers the page again, in the language asked for.
        const other = await newOrder()
        const bad = await fetch(`${sim.url}/verify/${other.id}`, {
          method: "POST",
          body: new URLSearchParams({ decision: "maybe" }),
          headers: { "Accept-Language": "sv" },
          redirect: "manual",
        })
        expect(bad.status).toBe(400)
        expect(bad.headers.get("content-language")).toBe("sv")
        expect(await bad.text()).toContain("<h1>Bekräfta ditt köp mot faktura</h1>")
      },
    )

    it("the declined and rejected outcomes are translated", async () => {
      const body = orderBody({ buyer: { ...orderBody().buyer, company: { company_canonical_id: "cmpus136666666" } } })
      const declined = await call(sim, "POST", "/v1/order", { body })
      const declinedPage = await get(`${sim.url}/verify/${declined.body.id}`, { "Accept-Language": "nl" })
      expect(declinedPage.text).toContain("<h1>Deze bestelling is afgewezen</h1>")
      const order = await newOrder()
      await fetch(order.payment_url, {
        method: "POST",
        body: new URLSearchParams({ decision: "reject" }),
        redirect: "manual",
      })
      const rejected = await get(order.payment_url, { "Accept-Language": "de-CH, de;q=0.9" })
      expectLanguage(rejected, "de")
      expect(rejected.text).toContain('<h1 data-testid="outcome">Kauf abgelehnt</h1>')
    })

    /** A trade account user of ACME and its verification link. */
    async function verificationLink() {
      const customer = await call(sim, "POST", "/trade-account/v3/customer", {
        idempotencyKey: uniqueKey("c"),
        body: {
          merchant_customer_id: uniqueKey("cus"),
          canonical_id: "cmpgb08123456",
          contact_persons: [
            { first_name: "Ada", last_name: "Lovelace", phone_number: "+447700900001", email: "ada@acme.example" },
          ],
          invoice_email_addresses: ["ap@acme.example"],
          trade_name: "Acme & Sons",
        },
      })
      expect(customer.status).toBe(201)
      const userId = uniqueKey("usr")
      const user = await call(sim, "POST", `/trade-account/v3/customer/${customer.body.id}/user`, {
        idempotencyKey: uniqueKey("u"),
        body: {
          merchant_user_id: userId,
          email: `${userId}@acme.example`,
          first_name: "Grace",
          last_name: "Hopper",
          phone_number: "+447700900002",
        },
      })
      expect(user.status).toBe(201)
      const link = await call(sim, "POST", `/trade-account/v3/user/${user.body.id}/verification/url`, {
        idempotencyKey: uniqueKey("l"),
        body: { return_url: "https://shop.example/account" },
      })
      expect(link.status).toBe(201)
      return link.body.redirect_url as string
    }

    it.each(CASES)("the trade account verification page: $name", async (c) => {
      const url = await verificationLink()
      const page = await get(withQuery(url, c.query), headersOf(c))
      expect(page.status).toBe(200)
      expectLanguage(page, c.lang)
      const t = texts(c.lang)
      expect(page.text).toContain(`<h1>${escaped(t.tradeAccount.verifyTitle)}</h1>`)
      expect(page.text).toContain(`data-testid="verify">${escaped(t.tradeAccount.verify)}</button>`)
      expect(page.text).toContain(`data-testid="cancel">${escaped(t.common.cancel)}</button>`)
      expect(page.text).toContain("Acme &amp; Sons")
      expect(page.text).toContain('name="decision" value="verify"')
      const unknown = await get(withQuery(`${sim.url}/trade-account-verification/unknown-token`, c.query), headersOf(c))
      expect(unknown.status).toBe(404)
      expectLanguage(unknown, c.lang)
      expect(unknown.text).toContain(`<h1>${escaped(t.tradeAccount.unknownTitle)}</h1>`)
    })

    it(
      "the trade account page posts to its own URL, " + "?lang included, and shows the outcome in that language",
      async () => {
        const url = await verificationLink()
        const english = await get(url, { "Accept-Language": "en-US,en;q=0.9" })
        for (const text of [
          "<h1>Verify your trade account</h1>",
          'data-testid="verify">Verify</button>',
          'data-testid="cancel">Cancel</button>',
          "<dt>Business</dt>",
          "<dt>User</dt>",
        ]) {
          expect(english.text).toContain(text)
        }
        expect(english.text).toContain('<form method="post" action="" class="actions">')
        const cancel = await fetch(`${url}?lang=sv`, {
          method: "POST",
          body: new URLSearchParams({ decision: "cancel" }),
          redirect: "manual",
        })
        expect(cancel.status).toBe(303)
        expect(cancel.headers.get("location")).toBe("https://shop.example/account?trade_account_verification=cancelled")
        const outcome = await get(`${url}?lang=sv`)
        expectLanguage(outcome, "sv")
        expect(outcome.text).toContain('<h1 data-testid="outcome">Bekräftelsen avbröts</h1>')
        expect(outcome.text).toContain('data-testid="return">Tillbaka till butiken</button>')
      },
    )

    const TOKEN = "service-delegated-authority-token"
    async function signupUrl() {
      const post = (path: string, body: unknown) => call(sim, "POST", path, { body, idempotencyKey: uniqueKey("d") })
      const auth = await post("/registry/v1/delegation", { verify_returning_buyer: true, create_proposal: true })
      const autofill = await post("/autofill/v1/delegation", { read_current_buyer: true, write_current_buyer: true })
      expect([auth.status, autofill.status]).toEqual([200, 200])
      return (
        `${sim.url}/soletrader/signup?authToken=${auth.headers.get(TOKEN)}` +
        `&autofillToken=${autofill.headers.get(TOKEN)}&country=US`
      )
    }
    /** The config the popup's script reads, with its words. */
    const configOf = (html: string) =>
      JSON.parse(/<script type="application\/json" id="signup-config">(.*?)<\/script>/s.exec(html)![1])

    it.each(CASES)("the sole-trader signup page: $name", async (c) => {
      const page = await get(withQuery(await signupUrl(), c.query), headersOf(c))
      expect(page.status).toBe(200)
      expectLanguage(page, c.lang)
      const t = texts(c.lang)
      expect(page.text).toContain(`<h1 id="title">${escaped(t.signup.heading)}</h1>`)
      expect(page.text).toContain(`data-testid="register-submit">${escaped(t.signup.register)}</button>`)
      expect(page.text).toContain(`<label for="trading_name">${escaped(t.signup.tradingName)}</label>`)
      expect(page.text).toContain(`<option value="GB">${escaped(t.signup.unitedKingdom)}</option>`)
      // The merchant's name is escaped inside the translated lead.
      expect(page.text).toContain('<span data-testid="merchant">Brick &amp; Mortar &lt;Ltd&gt;</span>')
      const config = configOf(page.text)
      expect(config).toMatchObject({
        language: c.lang,
        texts: t.script,
        country: "US",
        merchantName: "Brick & Mortar <Ltd>",
      })

      const missing = await get(withQuery(`${sim.url}/soletrader/signup?autofillToken=x`, c.query), headersOf(c))
      expect(missing.status).toBe(400)
      expectLanguage(missing, c.lang)
      expect(missing.text).toContain(`<h1 data-testid="error-title">${escaped(t.signupError.title)}</h1>`)
      expect(missing.text).toContain(escaped(t.signupError.missingToken.replace("{name}", "authToken")))
    })

    it("the signup page in English is worded as before", async () => {
      const page = await get(await signupUrl(), { "Accept-Language": "en" })
      for (const text of [
        "<title>Register your business</title>",
        '<h1 id="title">Register your business for trade credit</h1>',
        ": buy on invoice as a sole trader.</p>",
        "<strong>I have registered before</strong>Find my business with my email address",
        '<label for="trading_name">Trading name</label>',
        '<label for="building">Building name or number</label>',
        '<label for="first_name">First name</label>',
        '<label for="date_of_birth">Date of birth</label>',
        'data-testid="send-code">Send me a code</button>',
        'data-testid="cancel">Cancel</button>',
        "I consent to the biometric check of my identity document, which US document verification requires.",
      ]) {
        expect(page.text).toContain(text)
      }
      expect(configOf(page.text).texts).toMatchObject({
        inbox: "Sandbox inbox: your code is {code}",
        registeredTitle: "Your business is registered",
      })
      const invalid = await get(`${sim.url}/soletrader/signup?authToken=sdat_nope&autofillToken=sdat_nope`)
      expect(invalid.status).toBe(401)
      expect(invalid.text).toContain("The authToken of this link is not valid.")
      expect(invalid.text).toContain("Close this window and start again from the shop.")
    })
  })
})
