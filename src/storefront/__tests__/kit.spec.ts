import {
  BUYER_LANGUAGES,
  buyerLanguageOf,
  buyerMessage,
  CODE_TEXTS,
  fundingStateOf,
  instalmentChoices,
  invoiceSessionData,
  isTradeCredit,
  returnOf,
  tradeCreditSessionOf,
  verificationUrlOf,
  withPageLanguage,
} from ".."

const cartWith = (session: Record<string, unknown>) => ({
  payment_collection: { payment_sessions: [{ provider_id: "pp_system_default", status: "pending" }, session] },
})

describe("the storefront kit", () => {
  it("starts an invoice session that hands out the verification page, and finds that page on the cart", () => {
    expect(
      invoiceSessionData({
        company: { company_canonical_id: "c1" },
        returnUrl: "https://shop.example/r",
        purchaseOrderNumber: "PO-1",
      }),
    ).toEqual({
      verify_before_completion: true,
      company: { company_canonical_id: "c1" },
      return_url: "https://shop.example/r",
      purchase_order_number: "PO-1",
    })
    const waiting = {
      provider_id: "pp_trade-credit_default",
      status: "requires_more",
      data: { state: "UNVERIFIED", payment_url: "https://svc.example/verify/1" },
    }
    expect(verificationUrlOf(cartWith(waiting))).toBe("https://svc.example/verify/1")
    expect(verificationUrlOf(cartWith({ ...waiting, status: "authorized" }))).toBeUndefined()
    expect(verificationUrlOf(cartWith({ ...waiting, status: "canceled" }))).toBeUndefined()
    expect(verificationUrlOf(undefined)).toBeUndefined()
    // In the shop's language when it is given (the service's page reads `lang`), else as the service gave it.
    expect(verificationUrlOf(cartWith(waiting), { language: "nb-NO" })).toBe("https://svc.example/verify/1?lang=nb")
    expect(withPageLanguage("https://svc.example/verify/1?x=1", ["fr-FR", "sv-SE"])).toBe(
      "https://svc.example/verify/1?x=1&lang=sv",
    )
    expect(withPageLanguage("https://svc.example/verify/1", "fr")).toBe("https://svc.example/verify/1?lang=en")
    expect(withPageLanguage("https://svc.example/verify/1", undefined)).toBe("https://svc.example/verify/1")
    expect(withPageLanguage("not a url", "de")).toBe("not a url")
    expect(isTradeCredit("pp_trade-credit-plan_default")).toBe(true)
    expect(isTradeCredit({ provider_id: "pp_stripe_stripe" })).toBe(false)
  })

  it("reads the return page's query in any of its forms", () => {
    const expected = { cartId: "cart_1", outcome: "verified" }
    expect(
      returnOf("https://shop.example/dk/checkout/trade-credit/return?cart_id=cart_1&trade_credit=verified"),
    ).toEqual(expected)
    expect(returnOf(new URLSearchParams("cart_id=cart_1&trade_credit=verified"))).toEqual(expected)
    expect(returnOf({ cart_id: "cart_1", trade_credit: "verified" })).toEqual(expected)
    expect(returnOf({ cart_id: "cart_1", trade_credit: "nonsense" })).toEqual({ cartId: "cart_1", outcome: "unknown" })
    expect(returnOf({})).toEqual({ cartId: undefined, outcome: "unknown" })
    // Medusa's spelling, and 0.1's return URLs read the same.
    expect(returnOf("?cart_id=cart_1&trade_credit=canceled")).toEqual({ cartId: "cart_1", outcome: "canceled" })
    expect(returnOf("?cart_id=cart_1&trade_credit=cancelled")).toEqual({ cartId: "cart_1", outcome: "canceled" })
  })

  it("offers only instalment counts the credit check allows, no instalment above the monthly maximum", () => {
    const data = {
      minimum_instalments: 3,
      maximum_instalments: 36,
      maximum_instalment_amount: "16666.66",
      gross_amount: "1200.00",
    }
    expect(instalmentChoices(data)).toEqual([3, 6, 12, 24, 36])
    // 20.00 over 12 months is 1.67 a month; a 1.00 monthly maximum allows 20 months at least.
    expect(instalmentChoices({ ...data, gross_amount: "20.00", maximum_instalment_amount: "1.00" })).toEqual([24, 36])
    expect(
      instalmentChoices({ ...data, gross_amount: "20.00", maximum_instalment_amount: "1.00", maximum_instalments: 22 }),
    ).toEqual([20])
    expect(instalmentChoices({ ...data, minimum_instalments: 4, maximum_instalments: 10 })).toEqual([6])
    expect(instalmentChoices({ ...data, maximum_instalment_amount: "10.00" })).toEqual([])
    expect(instalmentChoices({ ...data, maximum_instalments: 1, minimum_instalments: 3 })).toEqual([])
    expect(instalmentChoices(undefined)).toEqual([])
    // The region offers 4, 6 and 9 months only: those that fit, in place of the storefront's preferred counts.
    expect(instalmentChoices({ ...data, offered_periods: [9, 4, 6] })).toEqual([4, 6, 9])
    expect(instalmentChoices({ ...data, minimum_instalments: 5, offered_periods: [4, 6, 9] })).toEqual([6, 9])
    expect(instalmentChoices({ ...data, minimum_instalments: 10, offered_periods: [4, 6, 9] })).toEqual([])
    expect(instalmentChoices({ ...data, offered_periods: null })).toEqual([3, 6, 12, 24, 36])
  })

  it("finds the trade credit session of an order as of a cart", () => {
    const session = {
      provider_id: "pp_trade-credit-plan_default",
      status: "pending_authorization",
      data: { funding_status: "PENDING" },
    }
    const order = {
      payment_collections: [{ payment_sessions: [{ provider_id: "pp_system_default", status: "canceled" }, session] }],
    }
    expect(tradeCreditSessionOf(order)).toBe(session)
    expect(fundingStateOf(tradeCreditSessionOf(order))).toBe("pending")
    expect(tradeCreditSessionOf({ payment_collections: [] })).toBeUndefined()
  })

  it("says where an instalment order's funding stands", () => {
    expect(fundingStateOf({ status: "pending_authorization", data: { plan_id: "p" } })).toBe("pending")
    expect(fundingStateOf({ data: { funding_status: "PENDING" } })).toBe("pending")
    expect(fundingStateOf({ status: "authorized", data: { funding_status: "ACCEPTED" } })).toBe("accepted")
    expect(fundingStateOf({ status: "error", data: { funding_status: "REJECTED" } })).toBe("rejected")
    expect(fundingStateOf({ status: "authorized", data: {} })).toBeUndefined()
  })

  it("gives every code's words in every buyer language, the store's own first, never the code", () => {
    for (const [code, texts] of Object.entries(CODE_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual([...BUYER_LANGUAGES].sort())
      expect(new Set(Object.values(texts)).size).toBe(BUYER_LANGUAGES.length)
      for (const language of BUYER_LANGUAGES) expect(buyerMessage(code, { language })).not.toContain(code)
    }
    expect(buyerMessage("TRADE_CREDIT_DECLINED", { language: "de-CH" })).toBe(CODE_TEXTS.TRADE_CREDIT_DECLINED.de)
    expect(
      buyerMessage("TRADE_CREDIT_DECLINED", { overrides: { TRADE_CREDIT_DECLINED: "Pay by card instead." } }),
    ).toBe("Pay by card instead.")
    expect(
      buyerMessage("TRADE_CREDIT_DECLINED", {
        language: "sv",
        overrides: { TRADE_CREDIT_DECLINED: { en: "Card instead." } },
      }),
    ).toBe("Card instead.")
    // A field to fix keeps the server's message (it names the field); an unknown failure gets general words.
    expect(buyerMessage("INVALID_PHONE_NUMBER", { serverMessage: "billing_address.phone: not a number" })).toBe(
      "billing_address.phone: not a number",
    )
    expect(buyerMessage(undefined, { language: "nl" })).toMatch(/handelskrediet/)
  })

  it("reads the buyer's language from a locale, a list or an Accept-Language value", () => {
    expect(buyerLanguageOf("de-AT")).toBe("de")
    expect(buyerLanguageOf(["fr-FR", "nn-NO", "en"])).toBe("nb")
    expect(buyerLanguageOf("fr;q=0.9, sv;q=0.8, de;q=0.1")).toBe("sv")
    expect(buyerLanguageOf("fr")).toBe("en")
    expect(buyerLanguageOf(undefined)).toBe("en")
  })
})
