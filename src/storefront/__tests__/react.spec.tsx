import type Medusa from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/types"
import { renderToStaticMarkup } from "react-dom/server"
import {
  BUYER_LANGUAGES,
  CODE_TEXTS,
  instalmentChoices,
  KIT_TEXTS,
  kitText,
  tradeCreditReturnRoute,
  type CheckoutCart,
  type ClientSdk,
  type PaymentSdk,
} from ".."
import {
  BuyerDetailsFields,
  CompanyPicker,
  FundingStatus,
  type FundingStatusProps,
  InstalmentChoices,
  nearestChoice,
  pathBeforeCheckout,
  SoleTraderSignupButton,
  TradeCreditFields,
  TradeCreditPaymentButton,
  useTradeCreditReadiness,
} from "../react"

const html = (element: JSX.Element) => renderToStaticMarkup(element)
/** The text of rendered markup (tags dropped, entities of apostrophes and ampersands read back). */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
const cart: CheckoutCart = {
  id: "cart_1",
  payment_collection: { id: "pay_col_1", payment_sessions: [] },
  billing_address: { country_code: "no" },
}
/** An SDK that is never called while rendering markup: every answer empty. */
const noopSdk: ClientSdk & PaymentSdk = {
  client: { fetch: async () => JSON.parse('{"items":[]}') },
  store: {
    cart: { complete: async () => ({}), retrieve: async () => ({ cart }) },
    payment: { initiatePaymentSession: async () => ({}) },
  },
}

// Types only: the SDK and the store API's cart fit what the components take.
export const sdkFits = (sdk: Medusa): [PaymentSdk, ClientSdk] => [sdk, sdk]
export const cartFits = (storeCart: HttpTypes.StoreCart): CheckoutCart => storeCart
export const orderFits = (order: HttpTypes.StoreOrder): FundingStatusProps["order"] => order
/** Next.js 15's check of a route handler: the second argument must be assignable to `{ params: Promise<segments> }`. */
export const routeFits = (
  handler: ReturnType<typeof tradeCreditReturnRoute>,
): ((request: Request, context: { params: Promise<{ countryCode: string }> }) => Promise<Response>) => handler
export const routeContextFits = (
  context: Parameters<ReturnType<typeof tradeCreditReturnRoute>>[1],
): { params: Promise<{ countryCode: string }> } => context

describe("the kit's React components", () => {
  it("have every text in every buyer language, and take the store's own words first", () => {
    for (const [key, texts] of Object.entries(KIT_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual([...BUYER_LANGUAGES].sort())
      for (const language of BUYER_LANGUAGES) expect((texts as Record<string, string>)[language]).toBeTruthy()
      expect(key).not.toMatch(/^[A-Z_]+$/) // a text key, never a code
    }
    expect(kitText("instalments.option", { language: "de-AT", values: { n: 12 } })).toBe("12 Monate")
    expect(kitText("company.change", { overrides: { "company.change": "Pick another" } })).toBe("Pick another")
    expect(kitText("company.change", { language: "sv", overrides: { "company.change": { nb: "Bytt" } } })).toBe("Ändra")
    expect(kitText("company.change", { language: "nb", overrides: { "company.change": { nb: "Bytt" } } })).toBe("Bytt")
  })

  it("render in the buyer's language", () => {
    for (const language of BUYER_LANGUAGES) {
      const t = (key: keyof typeof KIT_TEXTS, values?: Record<string, string | number>) =>
        kitText(key, { language, values })
      const picker = textOf(
        html(<CompanyPicker sdk={noopSdk} onSelect={() => undefined} language={language} countries={["GB", "NO"]} />),
      )
      expect(picker).toContain(t("company.search"))
      expect(picker).toContain(t("company.manual"))
      expect(picker).toContain(t("company.country"))
      const chosen = {
        company: { company_name: "Nordlys AS", organization_number: "912345678", country_prefix: "NO" },
        name: "Nordlys AS",
        number: "912345678",
        country: "NO",
      }
      const picked = textOf(
        html(<CompanyPicker sdk={noopSdk} onSelect={() => undefined} value={chosen} language={language} />),
      )
      expect(picked).toContain("Nordlys AS")
      expect(picked).toContain(t("company.change"))
      expect(picked).toContain(t("company.manualEntered"))
      expect(picked).toContain(t("company.number", { number: "912345678" }))
      // Found by the search: the number in words, never the service's scheme code ("GB_CRN").
      const found = {
        company: { company_canonical_id: "cmpgb08123456" },
        name: "Acme Industrial Ltd",
        number: "GB_CRN 08123456",
        country: "GB",
      }
      const foundText = textOf(
        html(<CompanyPicker sdk={noopSdk} onSelect={() => undefined} value={found} language={language} />),
      )
      expect(foundText).toContain(t("company.number", { number: "08123456" }))
      expect(foundText).not.toContain("GB_CRN")
      expect(foundText).not.toContain(t("company.manualEntered"))
      const details = textOf(html(<BuyerDetailsFields value={{}} onChange={() => undefined} language={language} />))
      for (const key of [
        "details.legend",
        "details.purchaseOrderNumber",
        "details.department",
        "details.project",
        "details.invoiceEmails",
      ] as const)
        expect(details).toContain(t(key))
      const choices = textOf(
        html(
          <InstalmentChoices
            sessionData={{ minimum_instalments: 3, maximum_instalments: 36 }}
            value={12}
            onChange={() => undefined}
            language={language}
          />,
        ),
      )
      expect(choices).toContain(t("instalments.label"))
      expect(choices).toContain(t("instalments.option", { n: 12 }))
      expect(textOf(html(<TradeCreditPaymentButton cart={cart} sdk={noopSdk} language={language} />))).toContain(
        t("button.place"),
      )
      expect(
        textOf(html(<SoleTraderSignupButton sdk={noopSdk} onCompany={() => undefined} language={language} />)),
      ).toContain(t("soletrader.button"))
      for (const state of ["pending", "accepted", "rejected"] as const) {
        const block = textOf(html(<FundingStatus order={planOrder(state)} language={language} />))
        expect(block).toContain(t(`funding.${state}`))
        expect(block).toContain(t("funding.title"))
      }
      expect(
        textOf(
          html(
            <TradeCreditFields cart={cart} sdk={noopSdk} providerId="pp_trade-credit_default" language={language} />,
          ),
        ),
      ).toContain(t("details.legend"))
    }
  })

  it("let the store override any of their words", () => {
    const overrides = {
      "button.place": "Buy on account",
      "funding.pending": { en: "Waiting for the bank" },
      "company.search": "Your business",
    }
    expect(textOf(html(<TradeCreditPaymentButton cart={cart} sdk={noopSdk} overrides={overrides} />))).toContain(
      "Buy on account",
    )
    expect(textOf(html(<FundingStatus order={planOrder("pending")} overrides={overrides} />))).toContain(
      "Waiting for the bank",
    )
    expect(textOf(html(<CompanyPicker sdk={noopSdk} onSelect={() => undefined} overrides={overrides} />))).toContain(
      "Your business",
    )
  })

  it("offer only the instalment counts the credit check allows", () => {
    // A 20.00 cart whose check allows at most 1.00 a month: 12 months would be refused, so it is never offered.
    const small = {
      minimum_instalments: 3,
      maximum_instalments: 36,
      maximum_instalment_amount: "1.00",
      gross_amount: "20.00",
    }
    const offered = (data: Parameters<typeof instalmentChoices>[0], value?: number) =>
      [
        ...html(<InstalmentChoices sessionData={data} value={value} onChange={() => undefined} />).matchAll(
          /<option value="(\d+)"/g,
        ),
      ].map((m) => Number(m[1]))
    expect(offered(small, 12)).toEqual([24, 36])
    expect(offered(small, 12)).not.toContain(12)
    expect(offered({ ...small, maximum_instalment_amount: "500.00", offered_periods: [4, 6, 9] })).toEqual([4, 6, 9])
    expect(offered({ ...small, maximum_instalment_amount: "500.00" })).toEqual(
      instalmentChoices({ ...small, maximum_instalment_amount: "500.00" }),
    )
    for (const data of [
      small,
      { ...small, maximum_instalments: 22 },
      { ...small, minimum_instalments: 4, maximum_instalments: 10, maximum_instalment_amount: "9.00" },
    ]) {
      expect(offered(data)).toEqual(instalmentChoices(data))
    }
    // The value shown is an allowed one even when the page asked for another.
    expect(html(<InstalmentChoices sessionData={small} value={12} onChange={() => undefined} />)).toMatch(
      /<option value="24" selected=""/,
    )
    expect(nearestChoice([24, 36], 12)).toBe(24)
    expect(nearestChoice([3, 6, 12], 10)).toBe(12)
    expect(nearestChoice([], 10)).toBeUndefined()
    // Nothing allowed: says so; while the check runs: says that.
    expect(
      textOf(
        html(
          <InstalmentChoices
            sessionData={{ ...small, maximum_instalment_amount: "0.10" }}
            onChange={() => undefined}
          />,
        ),
      ),
    ).toContain(kitText("instalments.none"))
    expect(
      textOf(html(<InstalmentChoices sessionData={undefined} onChange={() => undefined} language="nl" />)),
    ).toContain(kitText("instalments.checking", { language: "nl" }))
  })

  it("keep the buyer's references as typed, with the ids the demo's tests use", () => {
    const markup = html(
      <BuyerDetailsFields
        value={{ purchaseOrderNumber: "PO-1", invoiceEmails: "a@x.example, b@x.example" }}
        onChange={() => undefined}
      />,
    )
    expect(markup).toContain('id="po-number"')
    expect(markup).toContain('value="PO-1"')
    expect(markup).toContain('id="invoice-emails"')
    expect(markup).toContain('value="a@x.example, b@x.example"')
    expect(
      html(<BuyerDetailsFields value={{}} onChange={() => undefined} idPrefix="tc-" legend={false} />),
    ).not.toContain("<legend")
  })

  it("show the funding block for an instalment order only", () => {
    expect(html(<FundingStatus order={planOrder("pending")} id="order-funding" />)).toMatch(
      /id="order-funding" data-state="pending" role="status"/,
    )
    expect(html(<FundingStatus order={planOrder("accepted")} title={false} />)).not.toContain("<strong>")
    const invoiceOrder = { payment_collections: [{ payments: [{ provider_id: "pp_trade-credit_default", data: {} }] }] }
    expect(html(<FundingStatus order={invoiceOrder} />)).toBe("")
    // Not known from the page's order (no payment yet, no sessions read) and no way to read it: nothing.
    const unknown = { id: "order_1", payment_collections: [{ payments: [] }] }
    expect(html(<FundingStatus order={unknown} />)).toBe("")
    // While it is being read: the kit's placeholder (in the buyer's language), the storefront's own, or nothing.
    const refresh = async () => "pending" as const
    const setup = html(<FundingStatus order={unknown} refresh={refresh} id="order-funding" language="de" />)
    expect(setup).toMatch(/id="order-funding" data-state="unknown" role="status"/)
    expect(textOf(setup).trim()).toBe(
      `${kitText("funding.title", { language: "de" })}: ${KIT_TEXTS["funding.setup"].de}`,
    )
    expect(textOf(html(<FundingStatus order={unknown} refresh={refresh} placeholder="One moment" />))).toContain(
      "One moment",
    )
    expect(html(<FundingStatus order={unknown} refresh={refresh} placeholder={false} />)).toBe("")
    expect(html(<FundingStatus order={unknown} sdk={{ store: { order: { retrieve: jest.fn() } } }} />)).toContain(
      KIT_TEXTS["funding.setup"].en,
    )
    // Never a raw code, whatever the service's reason.
    const rejected = planOrder("rejected")
    rejected.payment_collections[0].payment_sessions[0].data.credit_decline_reason = "TOO_HIGH_RISK"
    expect(html(<FundingStatus order={rejected} />)).not.toContain("TOO_HIGH_RISK")
  })

  it("render the choice the cart's session holds at once (a reload's first render), on the server too", () => {
    const held: CheckoutCart = {
      id: "cart_1",
      payment_collection: {
        id: "pay_col_1",
        payment_sessions: [
          {
            provider_id: "pp_trade-credit-plan_default",
            status: "pending",
            data: {
              company: { company_canonical_id: "cmpgb08123456" },
              company_label: { name: "Acme Industrial Ltd", number: "Companies House 08123456", country: "GB" },
              purchase_order_number: "PO-7781",
              invoice_emails: ["ap@acme.example", "finance@acme.example"],
              number_of_periods: 12,
              account_id: "acc_1",
              minimum_instalments: 3,
              maximum_instalments: 36,
            },
          },
        ],
      },
    }
    const markup = html(<TradeCreditFields cart={held} sdk={noopSdk} providerId="pp_trade-credit-plan_default" />)
    expect(markup).toContain('<strong id="chosen-company-name">Acme Industrial Ltd</strong>')
    expect(markup).toContain('value="PO-7781"')
    expect(markup).toContain('value="ap@acme.example, finance@acme.example"')
    expect(markup).toMatch(/<option value="12" selected=""/)
    // Nothing held: the search, nothing chosen.
    expect(html(<TradeCreditFields cart={cart} sdk={noopSdk} providerId="pp_trade-credit_default" />)).toContain(
      'id="company-search"',
    )
    // The readiness hook renders on the server (the tab's choice is the browser's: none there).
    const Readiness = () => <i>{useTradeCreditReadiness(held).status}</i>
    expect(html(<Readiness />)).toBe("<i>ready</i>")
  })

  it("know the starters' country segment from the checkout's path", () => {
    expect(pathBeforeCheckout("/dk/checkout")).toBe("/dk")
    expect(pathBeforeCheckout("/dk/checkout/trade-credit/return")).toBe("/dk")
    expect(pathBeforeCheckout("/checkout")).toBe("")
    expect(pathBeforeCheckout("/checkouts/x")).toBe("")
  })

  it("never show a raw code in a message they render", () => {
    for (const code of Object.keys(CODE_TEXTS)) {
      for (const language of BUYER_LANGUAGES)
        expect(html(<FundingStatus order={planOrder("rejected")} language={language} overrides={{}} />)).not.toContain(
          code,
        )
    }
  })
})

function planOrder(state: "pending" | "accepted" | "rejected") {
  const funding = { pending: "PENDING", accepted: "ACCEPTED", rejected: "REJECTED" }[state]
  const status = { pending: "pending_authorization", accepted: "authorized", rejected: "error" }[state]
  return {
    id: "order_1",
    payment_collections: [
      {
        payment_sessions: [
          {
            provider_id: "pp_trade-credit-plan_default",
            status,
            data: { funding_status: funding } as Record<string, unknown>,
          },
        ],
      },
    ],
  }
}
