import {
  buyerMessage,
  CODE_TEXTS,
  highlightParts,
  KIT_TEXTS,
  manualSelection,
  moveActive,
  orderFundingStateOf,
  placeTradeCreditOrder,
  retrieveOrderFunding,
  searchCompanies,
  selectionOfHit,
  sessionIsReady,
  signUpSoleTrader,
  tradeCreditReturnRoute,
  tradeCreditSessionData,
  type CheckoutCart,
} from ".."
import { BUYER_TEXTS } from "../../utils/buyer-texts"

const INVOICE = "pp_trade-credit_default"
const PLAN = "pp_trade-credit-plan_default"
const company = { company_canonical_id: "cmpgb08123456" }

/** An SDK double: records calls; initiate answers the session the provider would. */
function fakeSdk({
  session = (providerId: string, data: Record<string, unknown>) =>
    providerId === INVOICE
      ? {
          provider_id: providerId,
          status: "requires_more",
          data: { ...data, state: "UNVERIFIED", order_id: "svc_1", payment_url: "https://svc.example/verify/1" },
        }
      : {
          provider_id: providerId,
          status: "pending",
          data: { ...data, account_id: "acc_1", minimum_instalments: 3, maximum_instalments: 36 },
        },
  initiateError,
  complete = async (server: { sessions: any[] }) => {
    // As the plugin answers: a session whose order still waits for the buyer is not authorized (Medusa's 400).
    if (server.sessions.some((s) => s.status === "requires_more"))
      throw Object.assign(new Error("Session: ps_1 was not authorized with the provider."), { status: 400 })
    return { type: "order", order: { id: "order_1" } }
  },
  serverSessions = [],
  cartOnRead,
}: {
  session?: (providerId: string, data: Record<string, unknown>) => Record<string, unknown>
  initiateError?: unknown
  complete?: (server: { sessions: any[] }) => Promise<any>
  /** The cart's sessions on the server (what a read answers), whatever the page's copy of the cart says. */
  serverSessions?: any[]
  /** What a read of the cart answers instead (default: the server's collection with its sessions). */
  cartOnRead?: any
} = {}) {
  const calls: { initiate: any[]; complete: string[]; retrieve: any[] } = { initiate: [], complete: [], retrieve: [] }
  const server = { sessions: serverSessions }
  const sdk = {
    store: {
      payment: {
        initiatePaymentSession: async (cart: any, body: { provider_id: string; data?: Record<string, unknown> }) => {
          calls.initiate.push({ collection: cart.payment_collection?.id, ...body })
          if (initiateError) throw initiateError
          server.sessions = [session(body.provider_id, body.data ?? {})]
          return {
            payment_collection: { id: cart.payment_collection?.id ?? "pay_col_new", payment_sessions: server.sessions },
          }
        },
      },
      cart: {
        complete: async (cartId: string) => {
          calls.complete.push(cartId)
          return complete(server)
        },
        retrieve: async (cartId: string, query?: unknown) => {
          calls.retrieve.push({ cartId, query })
          return {
            cart: cartOnRead ?? {
              id: cartId,
              payment_collection: { id: "pay_col_1", payment_sessions: server.sessions },
            },
          }
        },
      },
    },
  }
  return { sdk, calls, server }
}

const bareCart = (sessions: any[] = []): CheckoutCart => ({
  id: "cart_1",
  payment_collection: { id: "pay_col_1", payment_sessions: sessions },
})

describe("the payment button's flow (placeTradeCreditOrder)", () => {
  it(
    "pays by invoice in one completion: starts the session with verify_before_completion " +
      "and sends the buyer to verify",
    async () => {
      const { sdk, calls } = fakeSdk()
      const cleared = jest.fn()
      const result = await placeTradeCreditOrder({
        sdk,
        cart: bareCart([
          { provider_id: INVOICE, status: "pending", data: { session_id: "ps_1", missing: ["company"] } },
        ]),
        choice: {
          company,
          details: {
            purchaseOrderNumber: " PO-7781 ",
            department: "",
            invoiceEmails: "ap@x.example; finance@x.example",
          },
          returnUrl: "https://shop.example/dk/checkout/trade-credit/return",
        },
        pageLanguage: "nb",
        clearCart: cleared,
      })
      expect(result).toEqual({ redirect: "https://svc.example/verify/1?lang=nb" })
      expect(calls.initiate).toEqual([
        {
          collection: "pay_col_1",
          provider_id: INVOICE,
          data: {
            verify_before_completion: true,
            company,
            return_url: "https://shop.example/dk/checkout/trade-credit/return",
            purchase_order_number: "PO-7781",
            invoice_emails: ["ap@x.example", "finance@x.example"],
          },
        },
      ])
      // The verification comes before the order: no completion now (the return page completes, once).
      expect(calls.complete).toEqual([])
      expect(cleared).not.toHaveBeenCalled()
    },
  )

  it("does not start a session again that already is what the choice would start", async () => {
    const data = tradeCreditSessionData({ providerId: INVOICE, company })
    const ready = {
      provider_id: INVOICE,
      status: "requires_more",
      data: { ...data, state: "UNVERIFIED", order_id: "svc_1", payment_url: "https://svc.example/verify/1" },
    }
    expect(sessionIsReady(ready, INVOICE, data)).toBe(true)
    expect(sessionIsReady(ready, INVOICE, { ...data, purchase_order_number: "PO-2" })).toBe(false)
    expect(sessionIsReady({ ...ready, status: "error" }, INVOICE, data)).toBe(false)
    expect(sessionIsReady(ready, PLAN, data)).toBe(false)
    const { sdk, calls } = fakeSdk({ serverSessions: [ready] })
    // The choice is what the cart's session holds already (a storefront that started it in the payment step): the
    // completion reads its order first, which still waits for the buyer at its page.
    expect(await placeTradeCreditOrder({ sdk, cart: bareCart([ready]) })).toEqual({
      redirect: "https://svc.example/verify/1",
    })
    expect(calls.initiate).toEqual([])
    expect(calls.complete).toEqual(["cart_1"])
  })

  it(
    "pays in instalments: the number of months in the session, no verification, " + "the cart completed and cleared",
    async () => {
      const checked = {
        provider_id: PLAN,
        status: "pending",
        data: { company, account_id: "acc_1", session_id: "ps_2", minimum_instalments: 3 },
      }
      const { sdk, calls } = fakeSdk({ serverSessions: [checked] })
      const cleared = jest.fn()
      const result = await placeTradeCreditOrder({
        sdk,
        cart: bareCart([checked]),
        choice: { providerId: PLAN, numberOfPeriods: 12, details: { project: "HQ refit" } },
        clearCart: cleared,
      })
      expect(result).toEqual({ order: { id: "order_1" } })
      expect(calls.initiate).toHaveLength(1)
      expect(calls.initiate[0].data).toEqual({ company, project: "HQ refit", number_of_periods: 12 })
      expect(calls.initiate[0].data).not.toHaveProperty("verify_before_completion")
      expect(calls.complete).toEqual(["cart_1"])
      expect(cleared).toHaveBeenCalledTimes(1)
    },
  )

  it("reads the cart's payment collection again when the page's cart had none", async () => {
    const { sdk, calls } = fakeSdk()
    await placeTradeCreditOrder({ sdk, cart: { id: "cart_1" }, choice: { company } })
    expect(calls.retrieve).toHaveLength(1)
    expect(calls.initiate[0].collection).toBe("pay_col_1")
  })

  it("asks for the company when none was chosen, in the buyer's words", async () => {
    const { sdk, calls } = fakeSdk({
      session: (provider_id, data) => ({ provider_id, status: "pending", data: { ...data, missing: ["company"] } }),
    })
    const result = await placeTradeCreditOrder({ sdk, cart: bareCart(), language: "sv" })
    expect(result.error).toEqual({ code: "COMPANY_REQUIRED", message: CODE_TEXTS.COMPANY_REQUIRED.sv })
    expect(calls.complete).toEqual([])
  })

  it("shows a refusal in plain words, never a raw code", async () => {
    // The SDK's FetchError keeps the server's message and status, not the code.
    const declined = Object.assign(
      new Error("Trade credit is not available for this purchase. Choose another payment method."),
      { status: 400 },
    )
    let result = await placeTradeCreditOrder({
      sdk: fakeSdk({ initiateError: declined }).sdk,
      cart: bareCart(),
      choice: { company },
    })
    expect(result.error?.message).toBe(declined.message)
    // A message naming a code (a proxy's, another plugin's) is not shown: general words instead.
    const raw = Object.assign(new Error("Declined: TOO_HIGH_RISK"), { status: 400 })
    result = await placeTradeCreditOrder({
      sdk: fakeSdk({ initiateError: raw }).sdk,
      cart: bareCart(),
      choice: { company },
      language: "de",
    })
    expect(result.error?.message).not.toMatch(/TOO_HIGH_RISK/)
    expect(result.error?.message).toMatch(/Handelskredit/)
    // With the code (a server-side caller's error body): the kit's words in the buyer's language.
    const coded = { message: "Trade credit is not available", body: { code: "TRADE_CREDIT_DECLINED" } }
    result = await placeTradeCreditOrder({
      sdk: fakeSdk({ initiateError: coded }).sdk,
      cart: bareCart(),
      choice: { company },
      language: "nl",
    })
    expect(result.error).toEqual({ code: "TRADE_CREDIT_DECLINED", message: CODE_TEXTS.TRADE_CREDIT_DECLINED.nl })
    // A failed completion: the same.
    const failing = fakeSdk({
      complete: async () => Promise.reject(Object.assign(new Error("INVALID_DATA: payment_session"), { status: 400 })),
    })
    result = await placeTradeCreditOrder({
      sdk: failing.sdk,
      cart: bareCart(),
      choice: { providerId: PLAN, company, numberOfPeriods: 6 },
      language: "en",
    })
    expect(result.error?.message).not.toMatch(/[A-Z]+_[A-Z]+/)
  })

  it("reads the cart's sessions again: after a reload the buyer need not choose the company again", async () => {
    // The page's cart is a storefront's cached copy from before the payment step started the session with the company.
    const cached = bareCart([
      { provider_id: INVOICE, status: "pending", data: { session_id: "ps_1", missing: ["company"] } },
    ])
    const onServer = {
      provider_id: INVOICE,
      status: "pending",
      data: { session_id: "ps_2", company, purchase_order_number: "PO-7781", intent_id: "int_1" },
    }
    const { sdk, calls } = fakeSdk({ serverSessions: [onServer] })
    const changed = jest.fn(async () => {
      // Awaited before the buyer goes on: the session was started by then.
      expect(calls.initiate).toHaveLength(1)
    })
    const result = await placeTradeCreditOrder({ sdk, cart: cached, onCartChanged: changed })
    expect(result).toEqual({ redirect: "https://svc.example/verify/1" })
    expect(calls.retrieve).toHaveLength(1)
    expect(calls.initiate[0].data).toEqual({
      verify_before_completion: true,
      company,
      purchase_order_number: "PO-7781",
    })
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it("after Back from the service's page, goes to the same verification page: no second order", async () => {
    const choice = {
      company,
      details: { purchaseOrderNumber: "PO-7781" },
      returnUrl: "https://shop.example/gb/checkout/trade-credit/return",
    }
    const started = tradeCreditSessionData({ providerId: INVOICE, ...choice })
    const waiting = {
      provider_id: INVOICE,
      status: "requires_more",
      data: { ...started, state: "UNVERIFIED", order_id: "svc_1", payment_url: "https://svc.example/verify/1" },
    }
    // With the tab's choice, and in another tab (no choice: the session's data is the choice).
    for (const given of [choice, {}]) {
      const { sdk, calls } = fakeSdk({ serverSessions: [waiting] })
      const changed = jest.fn()
      expect(await placeTradeCreditOrder({ sdk, cart: bareCart(), choice: given, onCartChanged: changed })).toEqual({
        redirect: "https://svc.example/verify/1",
      })
      expect(calls.initiate).toEqual([])
      // One completion, refused while the buyer has not verified: it read the order at the service, still waiting.
      expect(calls.complete).toEqual(["cart_1"])
      expect(changed).not.toHaveBeenCalled()
    }
  })

  describe("a session whose order is over at the service (gone, or cancelled)", () => {
    const OLD_PAGE = "https://svc.example/verify/old"
    const NEW_PAGE = "https://svc.example/verify/new"
    const choice = { company, details: { purchaseOrderNumber: "PO-7781" } }
    const started = tradeCreditSessionData({ providerId: INVOICE, ...choice })
    /** The session as the cart still shows it: waiting for the buyer at the old page. */
    const stale = () => ({
      provider_id: INVOICE,
      status: "requires_more",
      data: { ...started, state: "UNVERIFIED", order_id: "svc_old", payment_url: OLD_PAGE },
    })
    /** A new session's order, at a new page. */
    const fresh = (providerId: string, data: Record<string, unknown>) => ({
      provider_id: providerId,
      status: "requires_more",
      data: { ...data, state: "UNVERIFIED", order_id: "svc_new", payment_url: NEW_PAGE },
    })
    /** The plugin's refusal as @medusajs/js-sdk throws it: the server's words (in the buyer's language), no code. */
    const sdkRefusal = (message: string) =>
      Object.assign(new Error(message), { status: 400, statusText: "Bad Request" })
    /** The plugin's answer on the first completion only (it closes the session: the cart then shows it canceled). */
    const refusedOnce = (refusal: unknown) => {
      let refused = false
      return async (server: { sessions: any[] }) => {
        if (refused)
          throw Object.assign(new Error("Session: ps_2 was not authorized with the provider."), { status: 400 })
        refused = true
        server.sessions = server.sessions.map((s) => ({ ...s, status: "canceled" }))
        throw refusal
      }
    }

    it.each([
      ["gone, the SDK's words only (Swedish)", sdkRefusal(CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.sv), "sv"],
      ["gone, with the code (a server-side caller)", { message: "x", body: { code: "TRADE_CREDIT_ORDER_GONE" } }, "en"],
      ["cancelled, the SDK's words only (the server's, German)", sdkRefusal(BUYER_TEXTS["order.cancelled"].de), "de"],
    ])("%s: the same choice starts again and the buyer goes to the NEW page, once", async (_, refusal, language) => {
      const { sdk, calls } = fakeSdk({ serverSessions: [stale()], session: fresh, complete: refusedOnce(refusal) })
      const changed = jest.fn()
      const result = await placeTradeCreditOrder({
        sdk,
        cart: bareCart([stale()]),
        choice,
        language,
        pageLanguage: language,
        onCartChanged: changed,
      })
      expect(result).toEqual({ redirect: `${NEW_PAGE}?lang=${language}` })
      // One completion (it found the order over), one start with the same choice; never the old page.
      expect(calls.complete).toEqual(["cart_1"])
      expect(calls.initiate).toEqual([{ collection: "pay_col_1", provider_id: INVOICE, data: started }])
      expect(changed).toHaveBeenCalledTimes(1)
      expect(JSON.stringify(result)).not.toContain(OLD_PAGE)
    })

    it("says so in words when the new start cannot be made now, never sending the buyer to the old page", async () => {
      const busy = Object.assign(new Error("An unknown error occurred."), { status: 503 })
      const { sdk, calls } = fakeSdk({
        serverSessions: [stale()],
        complete: refusedOnce(sdkRefusal(CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.de)),
        initiateError: busy,
      })
      const result = await placeTradeCreditOrder({ sdk, cart: bareCart([stale()]), choice, language: "de" })
      expect(result).toEqual({
        error: { code: "TRADE_CREDIT_ORDER_GONE", message: CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.de },
      })
      expect(calls.initiate).toHaveLength(1)
      // A start refused for the buyer (declined now): the buyer reads why.
      const declined = { message: "Trade credit is not available", body: { code: "TRADE_CREDIT_DECLINED" } }
      const refused = fakeSdk({
        serverSessions: [stale()],
        complete: refusedOnce(sdkRefusal(CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.en)),
        initiateError: declined,
      })
      expect((await placeTradeCreditOrder({ sdk: refused.sdk, cart: bareCart([stale()]), choice })).error).toEqual({
        code: "TRADE_CREDIT_DECLINED",
        message: CODE_TEXTS.TRADE_CREDIT_DECLINED.en,
      })
    })

    it("starts again only once: a new session whose completion is refused the same way is said in words", async () => {
      const goneAgain = async () => Promise.reject(sdkRefusal(CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.nb))
      const checked = {
        provider_id: PLAN,
        status: "pending",
        data: { company, number_of_periods: 6, account_id: "acc_1", plan_id: "p_1" },
      }
      const { sdk, calls } = fakeSdk({ serverSessions: [checked], complete: goneAgain })
      const result = await placeTradeCreditOrder({
        sdk,
        cart: bareCart([checked]),
        choice: { providerId: PLAN, numberOfPeriods: 6 },
        language: "nb",
      })
      expect(result).toEqual({
        error: { code: "TRADE_CREDIT_ORDER_GONE", message: CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.nb },
      })
      expect(calls.initiate).toHaveLength(1)
      expect(calls.complete).toEqual(["cart_1", "cart_1"])
    })

    it("the completion (the return page's too) never sends the buyer to the old page of an order over", async () => {
      // The cart still shows the old session waiting (a storefront's write raced, or the plugin could not close it).
      const { sdk } = fakeSdk({
        serverSessions: [stale()],
        complete: async () => Promise.reject(sdkRefusal(CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.nl)),
      })
      const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
      const response = await tradeCreditReturnRoute({ sdk })(
        new Request("https://shop.example/dk/checkout/trade-credit/return?cart_id=cart_1&trade_credit=verified", {
          headers: { "accept-language": "nl" },
        }),
        { params: Promise.resolve({ countryCode: "dk" }) },
      )
      warn.mockRestore()
      expect(response.status).toBe(200)
      const page = await response.text()
      expect(page).toContain("trade_credit=error&amp;code=TRADE_CREDIT_ORDER_GONE")
      expect(page).not.toContain(OLD_PAGE)
    })
  })

  it("answers the order another tab placed with the cart, completing it once", async () => {
    const authorized = {
      provider_id: INVOICE,
      status: "authorized",
      data: { ...tradeCreditSessionData({ providerId: INVOICE, company }), order_id: "svc_1", state: "CONFIRMED" },
    }
    const { sdk, calls } = fakeSdk({ serverSessions: [authorized] })
    const cleared = jest.fn()
    expect(await placeTradeCreditOrder({ sdk, cart: bareCart(), clearCart: cleared })).toEqual({
      order: { id: "order_1" },
    })
    expect(calls.initiate).toEqual([])
    expect(calls.complete).toEqual(["cart_1"])
    expect(cleared).toHaveBeenCalledTimes(1)
  })

  it("refuses a company whose credit check was refused, without asking again", async () => {
    const { sdk, calls } = fakeSdk()
    const message = "Trade credit is not available for this purchase. Choose another payment method."
    expect(
      await placeTradeCreditOrder({ sdk, cart: bareCart(), choice: { company, check: { approved: false, message } } }),
    ).toEqual({ error: { code: undefined, message } })
    const coded = { company, check: { approved: false as const, code: "TRADE_CREDIT_DECLINED", message } }
    expect((await placeTradeCreditOrder({ sdk, cart: bareCart(), choice: coded, language: "sv" })).error).toEqual({
      code: "TRADE_CREDIT_DECLINED",
      message: CODE_TEXTS.TRADE_CREDIT_DECLINED.sv,
    })
    expect(calls).toEqual({ initiate: [], complete: [], retrieve: [] })
  })

  it("goes on when the storefront's onCartChanged fails: that is the storefront's, not the buyer's", async () => {
    const { sdk } = fakeSdk()
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    const failing = jest.fn(async () => Promise.reject(new Error("revalidateTag is not a function")))
    const result = await placeTradeCreditOrder({ sdk, cart: bareCart(), choice: { company }, onCartChanged: failing })
    expect(result).toEqual({ redirect: "https://svc.example/verify/1" })
    expect(failing).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it("builds the session data from the choice, keeping what the session had", () => {
    expect(
      tradeCreditSessionData(
        { providerId: INVOICE },
        { company, purchase_order_number: "PO-1", state: "UNVERIFIED", order_id: "svc_1" },
      ),
    ).toEqual({
      verify_before_completion: true,
      company,
      purchase_order_number: "PO-1",
    })
    // A field the buyer emptied is dropped.
    expect(
      tradeCreditSessionData(
        { providerId: INVOICE, details: { purchaseOrderNumber: " " } },
        { company, purchase_order_number: "PO-1" },
      ),
    ).not.toHaveProperty("purchase_order_number")
    expect(tradeCreditSessionData({ providerId: PLAN, company, numberOfPeriods: 24 })).toEqual({
      company,
      number_of_periods: 24,
    })
  })
})

describe("the company search", () => {
  it("asks the plugin's store route and keeps only <mark> from the highlight", async () => {
    const fetch = jest.fn(async () => ({
      items: [{ canonical_id: "c1", name: "ACME", country: "GB", national_identifier: { type: "CRN", id: "0812" } }],
    }))
    const items = await searchCompanies({ sdk: { client: { fetch } } as any, country: "GB", q: "acme" })
    expect(fetch).toHaveBeenCalledWith("/store/trade-credit/companies", {
      query: { country: "GB", q: "acme", limit: 8 },
    })
    expect(selectionOfHit(items[0])).toEqual({
      company: { company_canonical_id: "c1" },
      name: "ACME",
      number: "CRN 0812",
      country: "GB",
    })
    expect(highlightParts("<mark>Ac</mark>me <b>x</b><script>alert(1)</script>", "Acme")).toEqual([
      { text: "Ac", marked: true },
      { text: "me <b>x</b><script>alert(1)</script>", marked: false },
    ])
    expect(highlightParts(undefined, "Acme")).toEqual([{ text: "Acme", marked: false }])
    expect(manualSelection(" Nordlys AS ", "912345678", "no")).toEqual({
      company: { company_name: "Nordlys AS", organization_number: "912345678", country_prefix: "NO" },
      name: "Nordlys AS",
      number: "912345678",
      country: "NO",
    })
  })

  it("moves through the suggestions with the keyboard, wrapping around", () => {
    expect(moveActive(-1, "ArrowDown", 3)).toBe(0)
    expect(moveActive(2, "ArrowDown", 3)).toBe(0)
    expect(moveActive(-1, "ArrowUp", 3)).toBe(2)
    expect(moveActive(0, "ArrowUp", 3)).toBe(2)
    expect(moveActive(1, "End", 3)).toBe(2)
    expect(moveActive(1, "x", 3)).toBe(1)
    expect(moveActive(0, "ArrowDown", 0)).toBe(-1)
  })
})

describe("the instalment order's funding", () => {
  const plan = (status: string, funding?: string) => ({
    provider_id: "pp_trade-credit-plan_default",
    status,
    data: funding ? { funding_status: funding } : {},
  })
  it("is read from the order's plan session or payment", async () => {
    expect(
      orderFundingStateOf({ payment_collections: [{ payment_sessions: [plan("pending_authorization", "PENDING")] }] }),
    ).toBe("pending")
    expect(orderFundingStateOf({ payment_collections: [{ payment_sessions: [plan("authorized", "ACCEPTED")] }] })).toBe(
      "accepted",
    )
    expect(
      orderFundingStateOf({ status: "canceled", payment_collections: [{ payment_sessions: [plan("canceled")] }] }),
    ).toBe("rejected")
    expect(orderFundingStateOf({ payment_collections: [{ payments: [plan("authorized", "ACCEPTED")] }] })).toBe(
      "accepted",
    )
    expect(
      orderFundingStateOf({
        payment_collections: [{ payment_sessions: [{ provider_id: "pp_trade-credit_default", status: "authorized" }] }],
      }),
    ).toBeNull()
    expect(orderFundingStateOf({ payment_collections: [{ payments: [] }] })).toBeUndefined()
    const retrieve = jest.fn(async () => ({
      order: { payment_collections: [{ payment_sessions: [plan("pending_authorization", "PENDING")] }] },
    }))
    expect(await retrieveOrderFunding({ sdk: { store: { order: { retrieve } } }, orderId: "order_1" })).toBe("pending")
    expect(retrieve).toHaveBeenCalledWith(
      "order_1",
      { fields: expect.stringContaining("*payment_collections.payment_sessions") },
      undefined,
    )
  })
})

describe("the sole-trader signup", () => {
  const business = { company_name: "GRACE HOPPER CONSULTING", organization_number: "SOLE123", country_code: "GB" }
  /** The store routes as the plugin answers them. */
  const routes = (answers: Record<string, () => unknown>) => ({
    client: {
      fetch: jest.fn(async (path: string): Promise<any> => {
        const answer = answers[path.replace("/store/trade-credit/soletrader", "")]
        if (!answer) throw Object.assign(new Error("not found"), { status: 404 })
        return answer()
      }),
    },
  })
  const messages = () => {
    const listeners = new Set<(event: any) => void>()
    return {
      addEventListener: (_: string, l: any) => listeners.add(l),
      removeEventListener: (_: string, l: any) => listeners.delete(l),
      post: (event: any) => [...listeners].forEach((l) => l(event)),
    }
  }

  it("welcomes a buyer the provider knows, without a popup", async () => {
    const sdk = routes({
      "/autofill-token": () => ({ buyer_url: "https://svc.example/buyer?t=1" }),
      "/buyer": () => ({ buyer: business }),
    })
    const open = jest.fn()
    const outcome = await signUpSoleTrader({
      sdk,
      country: "GB",
      open,
      fetch: (async () => ({ ok: true, status: 200 })) as any,
      language: "nb",
    })
    expect(outcome).toEqual({ status: "known", business, message: "Velkommen tilbake: GRACE HOPPER CONSULTING." })
    expect(open).not.toHaveBeenCalled()
  })

  it("opens the signup popup from the store route and reads the registered business when it completes", async () => {
    const sdk = routes({
      "/autofill-token": () => ({ buyer_url: "https://svc.example/buyer?t=1" }),
      "/signup": () => ({ popup_url: "https://svc.example/signup?token=x" }),
      "/buyer": () => ({ buyer: business }),
    })
    const bus = messages()
    // The popup's messages: one from another origin (ignored), then the service's.
    const open = jest.fn(() => {
      bus.post({ origin: "https://evil.example", data: { type: "soletrader-signup", status: "cancelled" } })
      bus.post({ origin: "https://svc.example", data: { type: "soletrader-signup", status: "completed" } })
      return {}
    })
    const statuses: string[] = []
    const outcome = await signUpSoleTrader({
      sdk,
      country: "GB",
      open,
      messages: bus,
      onStatus: (s) => statuses.push(s),
      fetch: (async () => ({ ok: false, status: 404 })) as any,
    })
    expect(open).toHaveBeenCalledWith("https://svc.example/signup?token=x")
    expect(sdk.client.fetch).toHaveBeenCalledWith("/store/trade-credit/soletrader/signup", {
      method: "POST",
      body: { country: "GB" },
    })
    expect(outcome).toEqual({ status: "signed-up", business, message: "Signed up: GRACE HOPPER CONSULTING." })
    expect(statuses).toEqual([
      "Checking whether the credit provider knows you…",
      "Opening the credit provider's signup…",
      "Complete the signup in the popup window.",
    ])
  })

  it(
    "reads autofill again when the popup closes without a message (the service's " + "popup saves and closes)",
    async () => {
      let saved = false
      const sdk = routes({
        "/signup": () => ({ popup_url: "https://svc.example/signup?token=x" }),
        "/buyer": () => {
          if (!saved) throw Object.assign(new Error("empty"), { status: 404, code: "TRADE_CREDIT_AUTOFILL_EMPTY" })
          return { buyer: business }
        },
      })
      const bus = messages()
      // The service's popup: it saves the details to autofill, then closes; it posts nothing.
      const popup = { closed: false }
      const open = jest.fn(() => {
        setTimeout(() => {
          saved = true
          popup.closed = true
        }, 5)
        return popup
      })
      const outcome = await signUpSoleTrader({
        sdk,
        country: "GB",
        checkKnownBuyer: false,
        open,
        messages: bus,
        closedPollMs: 2,
      })
      expect(outcome).toEqual({ status: "signed-up", business, message: "Signed up: GRACE HOPPER CONSULTING." })
      // A message after the close changes nothing: the signup ended once.
      bus.post({ origin: "https://svc.example", data: { type: "soletrader-signup", status: "cancelled" } })
      expect(
        sdk.client.fetch.mock.calls.filter(([path]) => path === "/store/trade-credit/soletrader/buyer"),
      ).toHaveLength(1)
    },
  )

  it("says plainly, in the buyer's language, that the popup was closed before the signup was finished", async () => {
    const sdk = routes({ "/signup": () => ({ popup_url: "https://svc.example/signup?token=x" }) })
    const popup = { closed: false }
    const open = () => {
      setTimeout(() => (popup.closed = true), 5)
      return popup
    }
    for (const language of ["en", "de"]) {
      popup.closed = false
      const outcome = await signUpSoleTrader({
        sdk,
        country: "GB",
        checkKnownBuyer: false,
        open,
        messages: messages(),
        closedPollMs: 2,
        language,
      })
      expect(outcome).toEqual({ status: "cancelled", message: KIT_TEXTS["soletrader.closed"][language as "en" | "de"] })
    }
    expect(KIT_TEXTS["soletrader.closed"].en).toMatch(/closed before the signup was finished/)
    // The autofill read was repeated after each close (seed step 4), then the enrollment asked why.
    expect(sdk.client.fetch.mock.calls.map(([path]) => path)).toEqual([
      "/store/trade-credit/soletrader/signup",
      "/store/trade-credit/soletrader/buyer",
      "/store/trade-credit/soletrader/enrollment",
      "/store/trade-credit/soletrader/signup",
      "/store/trade-credit/soletrader/buyer",
      "/store/trade-credit/soletrader/enrollment",
    ])
  })

  it("tells a buyer whose registration went to review, when the popup closed without a message", async () => {
    const sdk = routes({
      "/signup": () => ({ popup_url: "https://svc.example/signup?token=x" }),
      "/enrollment": () => ({ enrollment: { status: "IN_REVIEW", message: "Your registration is being reviewed." } }),
    })
    const popup = { closed: false }
    const open = () => {
      setTimeout(() => (popup.closed = true), 5)
      return popup
    }
    const outcome = await signUpSoleTrader({
      sdk,
      country: "GB",
      checkKnownBuyer: false,
      open,
      messages: messages(),
      closedPollMs: 2,
    })
    expect(outcome).toEqual({ status: "in-review", message: "Your registration is being reviewed." })
  })

  it("takes the popup's message when it comes before the close, once", async () => {
    const sdk = routes({
      "/signup": () => ({ popup_url: "https://svc.example/signup?token=x" }),
      "/buyer": () => ({ buyer: business }),
    })
    const bus = messages()
    const popup = { closed: false }
    const open = () => {
      // The simulator's popup: posts its message, then closes.
      setTimeout(() => {
        bus.post({ origin: "https://svc.example", data: { type: "soletrader-signup", status: "cancelled" } })
        popup.closed = true
      }, 5)
      return popup
    }
    const outcome = await signUpSoleTrader({
      sdk,
      country: "GB",
      checkKnownBuyer: false,
      open,
      messages: bus,
      closedPollMs: 2,
    })
    expect(outcome).toEqual({ status: "cancelled", message: KIT_TEXTS["soletrader.cancelled"].en })
    expect(sdk.client.fetch.mock.calls.map(([path]) => path)).toEqual(["/store/trade-credit/soletrader/signup"])
  })

  it(
    "offers a link when the popup is blocked, and says so plainly when it is " +
      "cancelled or the buyer is not logged in",
    async () => {
      const sdk = routes({ "/signup": () => ({ popup_url: "https://svc.example/signup?token=x" }) })
      const bus = messages()
      const blocked = jest.fn(() =>
        bus.post({ origin: "https://svc.example", data: { type: "soletrader-signup", status: "cancelled" } }),
      )
      const outcome = await signUpSoleTrader({
        sdk,
        country: "GB",
        checkKnownBuyer: false,
        open: () => null,
        onBlocked: blocked,
        messages: bus,
      })
      expect(blocked).toHaveBeenCalledWith("https://svc.example/signup?token=x")
      expect(outcome.status).toBe("cancelled")
      const guest = {
        client: { fetch: async () => Promise.reject(Object.assign(new Error("Unauthorized"), { status: 401 })) },
      }
      const refused = await signUpSoleTrader({ sdk: guest, country: "GB", language: "de" })
      expect(refused).toEqual({ status: "error", message: CODE_TEXTS.TRADE_CREDIT_UNAUTHORIZED.de })
    },
  )
})

describe("the return route handler", () => {
  const request = (query: string, headers: Record<string, string> = {}) =>
    new Request(`https://shop.example/dk/checkout/trade-credit/return?${query}`, { headers })
  const params = Promise.resolve({ countryCode: "dk" })

  it(
    "completes the verified cart once, clears the cart cookie and goes on to " + "the confirmation in the country",
    async () => {
      const { sdk, calls } = fakeSdk()
      const response = await tradeCreditReturnRoute({ sdk })(request("cart_id=cart_1&trade_credit=verified"), {
        params,
      })
      expect(calls.complete).toEqual(["cart_1"])
      expect(response.status).toBe(200)
      expect(response.headers.get("set-cookie")).toBe(
        "_medusa_cart_id=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure",
      )
      expect(response.headers.get("cache-control")).toBe("no-store")
      // A same-site step, so the SameSite=Strict cookies come along on the next page.
      expect(await response.text()).toContain('<meta http-equiv="refresh" content="0;url=/dk/order/order_1/confirmed">')
    },
  )

  it(
    "sends the buyer back to the payment step, in the country, when the verification " + "failed or the completion did",
    async () => {
      const { sdk, calls } = fakeSdk()
      const failed = await tradeCreditReturnRoute({ sdk })(request("cart_id=cart_1&trade_credit=failed"), { params })
      expect(await failed.text()).toContain("url=/dk/checkout?step=payment&amp;trade_credit=failed")
      expect(calls.complete).toEqual([])
      const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
      const refused = fakeSdk({
        complete: async () =>
          Promise.reject({ message: "Trade credit order cancelled", body: { code: "TRADE_CREDIT_ORDER_CANCELLED" } }),
      })
      const error = await tradeCreditReturnRoute({ sdk: refused.sdk })(
        request("cart_id=cart_1&trade_credit=verified", { "accept-language": "sv" }),
        { params },
      )
      const page = await error.text()
      expect(page).toContain(
        "url=/dk/checkout?step=payment&amp;trade_credit=error&amp;code=TRADE_CREDIT_ORDER_CANCELLED",
      )
      expect(page).toContain('lang="sv"')
      expect(error.headers.get("set-cookie")).toBeNull()
      expect(warn).toHaveBeenCalled()
      warn.mockRestore()
    },
  )

  it("sends the buyer to verify when the service still waits, and ignores a country segment that is none", async () => {
    const waiting = fakeSdk({
      complete: async () => ({ type: "cart", error: { message: "requires more" } }),
      cartOnRead: {
        id: "cart_1",
        payment_collection: {
          payment_sessions: [
            { provider_id: INVOICE, status: "requires_more", data: { payment_url: "https://svc.example/verify/2" } },
          ],
        },
      },
    })
    const response = await tradeCreditReturnRoute({ sdk: waiting.sdk })(
      request("cart_id=cart_1&trade_credit=verified", { "accept-language": "de" }),
      { params },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("https://svc.example/verify/2?lang=de")
    const odd = await tradeCreditReturnRoute({ sdk: fakeSdk().sdk })(request("trade_credit=verified"), {
      params: { countryCode: "../x" },
    })
    expect(await odd.text()).toContain("url=/checkout?step=payment")
  })
})

describe("the buyer's words", () => {
  it("never pass on a server message that names a raw code", () => {
    expect(buyerMessage(undefined, { serverMessage: "Declined: TOO_HIGH_RISK" })).not.toMatch(/TOO_HIGH_RISK/)
    expect(buyerMessage(undefined, { serverMessage: "billing_address.phone: not a phone number" })).toBe(
      "billing_address.phone: not a phone number",
    )
  })
})

describe("a request that got no answer (issue #41: every failure in plain words)", () => {
  // What fetch rejects with when nothing answered (Chromium, Firefox, Safari, Node), and the JS SDK's FetchError
  // without a status.
  const noAnswers = (): unknown[] => [
    new TypeError("Failed to fetch"),
    new TypeError("NetworkError when attempting to fetch resource."),
    new TypeError("Load failed"),
    new TypeError("fetch failed"),
    Object.assign(new Error("Failed to fetch"), { name: "FetchError", status: undefined }),
  ]

  it("says the shop could not be reached when a session start gets no answer, in the buyer's language", async () => {
    for (const failure of noAnswers()) {
      const result = await placeTradeCreditOrder({
        sdk: fakeSdk({ initiateError: failure }).sdk,
        cart: bareCart(),
        choice: { company },
        language: "sv",
      })
      expect(result.error).toEqual({
        code: "SHOP_UNREACHABLE",
        message: CODE_TEXTS.SHOP_UNREACHABLE.sv,
        retryable: true,
      })
    }
  })

  it("says so when the completion gets no answer, never the browser's words", async () => {
    for (const failure of noAnswers()) {
      for (const [language, pageLanguage] of [
        ["de", "de"],
        ["nl", undefined],
      ] as const) {
        const { sdk } = fakeSdk({
          complete: async () => Promise.reject(failure),
          cartOnRead: { id: "cart_1", payment_collection: { id: "pay_col_1", payment_sessions: [] } },
        })
        const result = await placeTradeCreditOrder({
          sdk,
          cart: bareCart(),
          choice: { providerId: PLAN, company, numberOfPeriods: 6 },
          language,
          pageLanguage,
        })
        expect(result.error).toEqual({
          code: "SHOP_UNREACHABLE",
          message: CODE_TEXTS.SHOP_UNREACHABLE[language],
          retryable: true,
        })
      }
    }
  })

  it("keeps the storefront's own words for SHOP_UNREACHABLE, and its own code for a failure it mapped", async () => {
    const overrides = { SHOP_UNREACHABLE: { en: "The shop is offline.", de: "Der Shop ist offline." } }
    let result = await placeTradeCreditOrder({
      sdk: fakeSdk({ initiateError: new TypeError("Failed to fetch") }).sdk,
      cart: bareCart(),
      choice: { company },
      language: "de",
      overrides,
    })
    expect(result.error?.message).toBe("Der Shop ist offline.")
    // The demo storefront's SDK wraps a failure with no answer as its own SHOP_UNREACHABLE (storefront/src/texts.js).
    const mapped = Object.assign(new Error("We couldn't reach the shop."), { code: "SHOP_UNREACHABLE" })
    result = await placeTradeCreditOrder({
      sdk: fakeSdk({ initiateError: mapped }).sdk,
      cart: bareCart(),
      choice: { company },
      overrides,
    })
    expect(result.error).toEqual({ code: "SHOP_UNREACHABLE", message: "The shop is offline.", retryable: true })
  })

  it("gives an unknown failure with a status the general words, never Medusa's or the runtime's", async () => {
    const failures = [
      Object.assign(new Error("An unknown error occurred."), { status: 500 }),
      Object.assign(new Error("Bad Gateway"), { status: 502, statusText: "Bad Gateway" }),
      Object.assign(new Error("TypeError: Cannot read properties of undefined (reading 'id')"), { status: 500 }),
      new Error("Cannot read properties of undefined (reading 'id')"), // a bug, thrown: no status, no answer
    ]
    for (const failure of failures) {
      const { sdk } = fakeSdk({
        complete: async () => Promise.reject(failure),
        cartOnRead: { id: "cart_1", payment_collection: { id: "pay_col_1", payment_sessions: [] } },
      })
      const result = await placeTradeCreditOrder({
        sdk,
        cart: bareCart(),
        choice: { providerId: PLAN, company, numberOfPeriods: 6 },
        language: "nb",
        pageLanguage: "nb",
      })
      expect(result.error?.message).toBe(buyerMessage(undefined, { language: "nb" }))
      expect(result.error?.code).toBeUndefined()
    }
  })

  it("words a network message as the shop not reached, and the kit's own words again in the buyer's language", () => {
    expect(buyerMessage(undefined, { serverMessage: "Failed to fetch", language: "nb" })).toBe(
      CODE_TEXTS.SHOP_UNREACHABLE.nb,
    )
    expect(buyerMessage(undefined, { serverMessage: CODE_TEXTS.SHOP_UNREACHABLE.en, language: "de" })).toBe(
      CODE_TEXTS.SHOP_UNREACHABLE.de,
    )
    expect(buyerMessage(undefined, { serverMessage: buyerMessage(undefined), language: "sv" })).toBe(
      buyerMessage(undefined, { language: "sv" }),
    )
  })

  it("says so in the sole-trader signup, and blames the provider when only the provider did not answer", async () => {
    const offline = { client: { fetch: async () => Promise.reject(new TypeError("Load failed")) } }
    expect(await signUpSoleTrader({ sdk: offline, country: "GB", language: "nl" })).toEqual({
      status: "error",
      message: CODE_TEXTS.SHOP_UNREACHABLE.nl,
    })
    const shop = { client: { fetch: async (): Promise<any> => ({ buyer_url: "https://svc.example/buyer?t=1" }) } }
    const providerDown = (async () => Promise.reject(new TypeError("Failed to fetch"))) as any
    expect(await signUpSoleTrader({ sdk: shop, country: "GB", fetch: providerDown, language: "sv" })).toEqual({
      status: "error",
      message: CODE_TEXTS.TRADE_CREDIT_UNAVAILABLE.sv,
    })
  })
})
