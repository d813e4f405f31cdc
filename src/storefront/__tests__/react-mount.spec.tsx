/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://shop.example/gb/checkout?step=payment"}
 */
// The kit's components mounted (effects and all) in jsdom, as a browser would run them: reload, Back and another tab
// at the checkout, a decline, a failure that passes, the races between the payment step's saves and Place order, and
// what the components tell the storefront. The SDK is a stand-in over one cart (the kit takes it as a prop).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { type CheckoutCart, CODE_TEXTS, type PaymentSdk, type TradeCreditReadiness } from ".."
import {
  FundingStatus,
  rememberChoice,
  rememberedChoice,
  TradeCreditFields,
  TradeCreditPaymentButton,
  useTradeCreditReadiness,
} from "../react"

const INVOICE = "pp_trade-credit_default"
const ACME = { company_canonical_id: "cmpgb08123456" }
const LABEL = { name: "Acme Industrial Ltd", number: "Companies House 08123456", country: "GB" }
const RETURN_URL = "https://shop.example/gb/checkout/trade-credit/return"
const DECLINE = "Trade credit is not available for this purchase. Choose another payment method."
const VERIFY_URL = "https://svc.example/verify/1"

type Session = { provider_id: string; status: string; data: Record<string, unknown> }

/** A promise the test settles: a call held under way until the test says. */
function deferred() {
  let release!: () => void
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release }
}

/**
 * The store API as the plugin answers it, over one cart: a session start credit-checks the company (refused for the
 * companies in `declined`), with verify_before_completion it also makes the service order; a read answers the server's
 * sessions, whatever the page's cart says. As @medusajs/js-sdk does, a start for a cart without a payment collection
 * makes one first (`collectionsMade`). `before(n)` runs before the n-th start answers (1-based): it may hold it (a
 * promise) or fail it (throw).
 */
function fakeStore({
  sessions = [] as Session[],
  declined = [] as string[],
  collection = true,
  before,
  gone = false,
}: {
  sessions?: Session[]
  declined?: string[]
  collection?: boolean
  before?: (n: number) => Promise<unknown> | void
  /** The service no longer knows the order of the session the store starts with (its first completion is refused). */
  gone?: boolean
} = {}) {
  const calls = {
    initiate: [] as { provider_id: string; data?: Record<string, unknown> }[],
    complete: 0,
    collectionsMade: 0,
  }
  const server = { sessions, collection }
  const collectionOf = () => (server.collection ? { id: "pay_col_1", payment_sessions: server.sessions } : null)
  const sdk: PaymentSdk & { client: { fetch: () => Promise<never> } } = {
    client: { fetch: async () => JSON.parse('{"items":[]}') as never },
    store: {
      cart: {
        retrieve: async (id: string) => ({ cart: { id, payment_collection: collectionOf() } }),
        complete: async () => {
          calls.complete++
          const session = server.sessions[0]
          if (gone && session?.data.order_id === "svc_old") {
            // The plugin closes the session and refuses in the buyer's words (the SDK's error keeps no code).
            server.sessions = [{ ...session, status: "canceled" }]
            throw Object.assign(new Error(CODE_TEXTS.TRADE_CREDIT_ORDER_GONE.en), { status: 400 })
          }
          // The order still waits for the buyer at the service's page: not authorized (Medusa's 400).
          if (session?.status === "requires_more")
            throw Object.assign(new Error("Session: ps_1 was not authorized with the provider."), { status: 400 })
          return { type: "order", order: { id: "order_1" } }
        },
      },
      payment: {
        initiatePaymentSession: async (
          cart: CheckoutCart,
          body: { provider_id: string; data?: Record<string, unknown> },
        ) => {
          calls.initiate.push(body)
          const n = calls.initiate.length
          if (!cart.payment_collection?.id) {
            calls.collectionsMade++
            server.collection = true
          }
          await before?.(n)
          const data: Record<string, unknown> = { ...body.data, session_id: `ps_${n}` }
          if (declined.includes(String((data.company as { company_canonical_id?: string })?.company_canonical_id)))
            throw Object.assign(new Error(DECLINE), { status: 400 })
          server.sessions = [
            data.verify_before_completion
              ? {
                  provider_id: body.provider_id,
                  status: "requires_more",
                  data: {
                    ...data,
                    intent_id: "int_1",
                    order_id: "svc_1",
                    state: "UNVERIFIED",
                    payment_url: VERIFY_URL,
                  },
                }
              : { provider_id: body.provider_id, status: "pending", data: { ...data, intent_id: "int_1" } },
          ]
          return { payment_collection: collectionOf() }
        },
      },
    },
  }
  return { sdk, calls, server }
}

/** The page's cart: a storefront's cached copy, with the starter's session started without data. */
const cachedCart: CheckoutCart = {
  id: "cart_1",
  payment_collection: {
    id: "pay_col_1",
    payment_sessions: [{ provider_id: INVOICE, status: "pending", data: { session_id: "ps_0", missing: ["company"] } }],
  },
  billing_address: { country_code: "gb" },
}
/** An invoice session the payment step started with the company and references (credit-checked). */
const checkedSession = (data: Record<string, unknown> = {}): Session => ({
  provider_id: INVOICE,
  status: "pending",
  data: {
    session_id: "ps_1",
    company: ACME,
    company_label: LABEL,
    purchase_order_number: "PO-7781",
    invoice_emails: ["ap@acme.example"],
    return_url: RETURN_URL,
    intent_id: "int_1",
    ...data,
  },
})

/** Waits (RTL's waitFor) until `check` holds; `what` names it when it never does. */
const until = (what: string, check: () => unknown) =>
  waitFor(
    () => {
      if (!check()) throw new Error(`still waiting for: ${what}`)
    },
    { timeout: 5000, interval: 10 },
  )
const byId = (page: HTMLElement, id: string) => page.querySelector<HTMLInputElement>(`#${id}`)
/** The element with this id once React rendered it. */
const rendered = async (page: HTMLElement, id: string) => {
  await until(`#${id} rendered`, () => byId(page, id))
  return byId(page, id)!
}
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })
const occurrences = (text: string | null, part: string) => (text ?? "").split(part).length - 1
const alerts = () => screen.queryAllByRole("alert").map((e) => e.textContent)

beforeEach(() => {
  window.sessionStorage.clear()
})

describe("TradeCreditFields, mounted", () => {
  it("after a reload, shows what the session on the server holds though the page's cart is a cached copy", async () => {
    const { sdk, calls } = fakeStore({ sessions: [checkedSession()] })
    const { container: page } = render(<TradeCreditFields cart={cachedCart} sdk={sdk} providerId={INVOICE} />)
    await until("the company back", () => byId(page, "chosen-company-name")?.textContent === "Acme Industrial Ltd")
    expect(byId(page, "po-number")?.value).toBe("PO-7781")
    expect(byId(page, "invoice-emails")?.value).toBe("ap@acme.example")
    // The session already is the choice: nothing started again (a service order waiting for verification stays).
    expect(calls.initiate).toEqual([])
    await until("the choice remembered", () => rememberedChoice("cart_1")?.check?.approved)
    expect(rememberedChoice("cart_1")).toMatchObject({ company: ACME, companyLabel: LABEL })
  })

  it("falls back to the tab's remembered choice, never erases it, and tells the storefront of a change", async () => {
    rememberChoice("cart_1", {
      providerId: INVOICE,
      company: ACME,
      companyLabel: LABEL,
      details: { purchaseOrderNumber: "PO-1", department: "Facilities" },
    })
    // The session on the server waits for the company (the storefront started it again without data).
    const { sdk, calls } = fakeStore({ sessions: cachedCart.payment_collection!.payment_sessions as Session[] })
    const order: string[] = []
    const onCartChanged = jest.fn(async () => {
      order.push(`refreshed after ${calls.initiate.length} start(s)`)
    })
    const { container: page } = render(
      <TradeCreditFields cart={cachedCart} sdk={sdk} providerId={INVOICE} onCartChanged={onCartChanged} />,
    )
    await until("the storefront told", () => onCartChanged.mock.calls.length === 1)
    expect(order).toEqual(["refreshed after 1 start(s)"])
    expect(calls.initiate).toEqual([
      {
        provider_id: INVOICE,
        data: {
          company: ACME,
          company_label: LABEL,
          purchase_order_number: "PO-1",
          department: "Facilities",
          return_url: RETURN_URL,
        },
      },
    ])
    expect(byId(page, "chosen-company-name")?.textContent).toBe("Acme Industrial Ltd")
    expect(byId(page, "department")?.value).toBe("Facilities")
    await until("the check remembered", () => rememberedChoice("cart_1")?.check?.approved)
    expect(rememberedChoice("cart_1")?.company).toEqual(ACME)
  })

  it("with nothing chosen anywhere, asks for the company and starts nothing", async () => {
    rememberChoice("cart_2", { providerId: INVOICE, company: ACME })
    const { sdk, calls } = fakeStore()
    const onReadiness = jest.fn()
    render(<TradeCreditFields cart={{ id: "cart_1" }} sdk={sdk} providerId={INVOICE} onReadiness={onReadiness} />)
    await until("the readiness said", () => onReadiness.mock.calls.length > 0)
    expect(onReadiness).toHaveBeenLastCalledWith({
      ready: false,
      status: "needs_company",
      code: "COMPANY_REQUIRED",
      message: CODE_TEXTS.COMPANY_REQUIRED.en,
    })
    expect(rememberedChoice("cart_2")?.company).toEqual(ACME)
    expect(rememberedChoice("cart_1")?.company).toBeUndefined()
    expect(calls.initiate).toEqual([])
  })

  it("saves the references to the session after a pause, so a reload or another tab finds them", async () => {
    const { sdk, calls } = fakeStore({ sessions: [checkedSession()] })
    const { container: page } = render(
      <TradeCreditFields cart={cachedCart} sdk={sdk} providerId={INVOICE} saveDelayMs={20} />,
    )
    await until("the references back", () => byId(page, "po-number")?.value === "PO-7781")
    type(byId(page, "po-number")!, "PO-7")
    type(byId(page, "po-number")!, "PO-7782")
    await until("the references saved", () => calls.initiate.length === 1)
    expect(calls.initiate[0].data).toMatchObject({ company: ACME, purchase_order_number: "PO-7782" })
    expect(calls.initiate[0].data).not.toHaveProperty("verify_before_completion")
    // Another tab: nothing remembered there; the session has it.
    window.sessionStorage.clear()
    const { container: other } = render(<TradeCreditFields cart={cachedCart} sdk={sdk} providerId={INVOICE} />)
    await until("the saved references in the other tab", () => byId(other, "po-number")?.value === "PO-7782")
    expect(calls.initiate).toHaveLength(1)
  })

  it("keeps an instalment plan's months in its session: shown again, changed after a pause", async () => {
    const PLAN = "pp_trade-credit-plan_default"
    const plan: Session = {
      provider_id: PLAN,
      status: "pending",
      data: {
        company: ACME,
        company_label: LABEL,
        number_of_periods: 12,
        return_url: RETURN_URL,
        account_id: "acc_1",
        minimum_instalments: 3,
        maximum_instalments: 36,
      },
    }
    const { sdk, calls } = fakeStore({ sessions: [plan] })
    const { container: page } = render(
      <TradeCreditFields cart={cachedCart} sdk={sdk} providerId={PLAN} saveDelayMs={20} />,
    )
    const months = await rendered(page, "instalment-periods")
    expect(months.value).toBe("12")
    type(months, "24")
    await until("the months saved", () => calls.initiate.length === 1)
    expect(calls.initiate[0]).toMatchObject({ provider_id: PLAN, data: { company: ACME, number_of_periods: 24 } })
    await until("the months remembered", () => rememberedChoice("cart_1")?.numberOfPeriods === 24)
  })

  it("checks the chosen company once for the other method when the buyer switches to it", async () => {
    const PLAN = "pp_trade-credit-plan_default"
    const { sdk, calls } = fakeStore({ sessions: [checkedSession()] })
    const { container: page, rerender } = render(<TradeCreditFields cart={cachedCart} sdk={sdk} providerId={INVOICE} />)
    await until("the company back", () => byId(page, "chosen-company-name")?.textContent === "Acme Industrial Ltd")
    rerender(<TradeCreditFields cart={cachedCart} sdk={sdk} providerId={PLAN} />)
    await until("the plan's check remembered", () => {
      const remembered = rememberedChoice("cart_1")
      return remembered?.providerId === PLAN && remembered.check?.approved
    })
    expect(calls.initiate).toHaveLength(1)
    expect(calls.initiate[0]).toMatchObject({
      provider_id: PLAN,
      data: { company: ACME, purchase_order_number: "PO-7781" },
    })
    expect(byId(page, "chosen-company-name")?.textContent).toBe("Acme Industrial Ltd")
  })

  it("stops a declined buyer at the payment step: the decline once, styled as the store's errors", async () => {
    const other = { company_canonical_id: "cmpgb00000009" }
    rememberChoice("cart_1", { providerId: INVOICE, company: other, companyLabel: { name: "Highgate Ltd" } })
    const { sdk, calls } = fakeStore({ declined: ["cmpgb00000009"] })
    const readiness: TradeCreditReadiness[] = []
    const { container: page } = render(
      <>
        <TradeCreditFields
          cart={cachedCart}
          sdk={sdk}
          providerId={INVOICE}
          errorClassName="text-rose-500 text-small-regular"
          onReadiness={(r) => readiness.push(r)}
        />
        <ContinueToReview cart={cachedCart} />
      </>,
    )
    await until("the decline shown", () => page.textContent?.includes(DECLINE))
    const error = screen.getByRole("alert")
    expect(error.nodeName).toBe("P")
    expect(error.textContent).toBe(DECLINE)
    expect(error.getAttribute("class")).toBe("text-rose-500 text-small-regular trade-credit-error")
    expect(occurrences(page.textContent, DECLINE)).toBe(1)
    await until("the storefront told", () => readiness.at(-1)?.status === "declined")
    expect(readiness.at(-1)).toEqual({ ready: false, status: "declined", code: undefined, message: DECLINE })
    expect(byId(page, "continue")?.hasAttribute("disabled")).toBe(true)
    expect(rememberedChoice("cart_1")?.check).toEqual({ approved: false, message: DECLINE })
    expect(calls.initiate).toHaveLength(1)

    // The review step's button refuses too, without asking the service again; its error once, as the store renders it.
    const onRedirect = jest.fn()
    const onOrder = jest.fn()
    const { container: review } = render(
      <TradeCreditPaymentButton
        cart={cachedCart}
        sdk={sdk}
        id="place"
        onRedirect={onRedirect}
        onOrder={onOrder}
        renderError={(message) => <span className="store-error">{message}</span>}
      />,
    )
    fireEvent.click(await rendered(review, "place"))
    await until("the refusal shown", () => review.textContent?.includes(DECLINE))
    expect(review.querySelectorAll(".store-error")).toHaveLength(1)
    expect(occurrences(review.textContent, DECLINE)).toBe(1)
    expect(calls.initiate).toHaveLength(1)
    expect(onRedirect).not.toHaveBeenCalled()
    expect(onOrder).not.toHaveBeenCalled()
  })
})

describe("the payment step's session and Place order, in a race", () => {
  afterEach(() => jest.useRealTimers())

  /** The starters' checkout: the payment step's fields stay mounted (hidden) beside the review step's button. */
  const checkout = (sdk: PaymentSdk & { client: { fetch: () => Promise<never> } }, saveDelayMs?: number) => {
    const onRedirect = jest.fn()
    const { container } = render(
      <>
        <TradeCreditFields cart={cachedCart} sdk={sdk} providerId={INVOICE} saveDelayMs={saveDelayMs} />
        <TradeCreditPaymentButton cart={cachedCart} sdk={sdk} id="place" onRedirect={onRedirect} />
      </>,
    )
    return { page: container, onRedirect }
  }

  it("drops the references' save still waiting when Place order is pressed: the button carries them", async () => {
    jest.useFakeTimers()
    const { sdk, calls } = fakeStore({ sessions: [checkedSession()] })
    const { page, onRedirect } = checkout(sdk)
    await until("the references back", () => byId(page, "po-number")?.value === "PO-7781")
    type(byId(page, "po-number")!, "PO-9")
    fireEvent.click(byId(page, "place")!)
    await until("the buyer sent to verify", () => onRedirect.mock.calls.length === 1)
    // Long past the save's pause (800 ms): it never starts, so the service order the buyer verifies stays.
    await act(async () => void jest.advanceTimersByTime(10_000))
    expect(calls.initiate).toHaveLength(1)
    expect(calls.initiate[0].data).toMatchObject({ purchase_order_number: "PO-9", verify_before_completion: true })
  })

  it("lets a save under way end before Place order starts the session it places the order with", async () => {
    const save = deferred()
    const { sdk, calls } = fakeStore({
      sessions: [checkedSession()],
      before: (n) => (n === 1 ? save.promise : undefined),
    })
    const { page, onRedirect } = checkout(sdk, 10)
    await until("the references back", () => byId(page, "po-number")?.value === "PO-7781")
    type(byId(page, "po-number")!, "PO-9")
    await until("the save under way", () => calls.initiate.length === 1)
    fireEvent.click(byId(page, "place")!)
    await until("placing", () => byId(page, "place")?.hasAttribute("disabled"))
    expect(calls.initiate).toHaveLength(1)
    act(() => save.release())
    await until("the buyer sent to verify", () => onRedirect.mock.calls.length === 1)
    expect(calls.initiate.map((c) => c.data)).toEqual([
      expect.not.objectContaining({ verify_before_completion: true }),
      expect.objectContaining({ purchase_order_number: "PO-9", verify_before_completion: true }),
    ])
    expect(onRedirect).toHaveBeenCalledWith(VERIFY_URL)
  })

  it("starts one session at a time: changes during the credit check send only the latest, one collection", async () => {
    jest.useFakeTimers()
    rememberChoice("cart_1", { providerId: INVOICE, company: ACME, companyLabel: LABEL })
    const check = deferred()
    const { sdk, calls } = fakeStore({ collection: false, before: (n) => (n === 1 ? check.promise : undefined) })
    const newCart: CheckoutCart = { id: "cart_1", billing_address: { country_code: "gb" } }
    const { container: page } = render(
      <>
        <TradeCreditFields cart={newCart} sdk={sdk} providerId={INVOICE} saveDelayMs={10} />
        <ContinueToReview cart={newCart} />
      </>,
    )
    await until("the credit check under way", () => calls.initiate.length === 1)
    type(byId(page, "po-number")!, "PO-1")
    type(byId(page, "po-number")!, "PO-2")
    await act(async () => void jest.advanceTimersByTime(5_000))
    expect(calls.initiate).toHaveLength(1)
    act(() => check.release())
    await until("the latest choice sent", () => calls.initiate.length === 2)
    await act(async () => void jest.advanceTimersByTime(5_000))
    expect(calls.initiate).toHaveLength(2)
    expect(calls.initiate[1].data).toMatchObject({ company: ACME, purchase_order_number: "PO-2" })
    expect(calls.collectionsMade).toBe(1)
    await until("Continue enabled", () => !byId(page, "continue")?.hasAttribute("disabled"))
    expect(alerts()).toEqual([])
  })

  it("does not keep a failure that is not a decline as a refusal: says so in plain words and tries again", async () => {
    // A 5xx is the service's (or the store's); no answer at all (the browser's TypeError) is the shop not reached.
    const failures: [Error, string, string][] = [
      [
        Object.assign(new Error("An unknown error occurred."), { status: 500 }),
        "TRADE_CREDIT_UNAVAILABLE",
        CODE_TEXTS.TRADE_CREDIT_UNAVAILABLE.en,
      ],
      [new TypeError("Failed to fetch"), "SHOP_UNREACHABLE", CODE_TEXTS.SHOP_UNREACHABLE.en],
      [
        new TypeError("NetworkError when attempting to fetch resource."),
        "SHOP_UNREACHABLE",
        CODE_TEXTS.SHOP_UNREACHABLE.en,
      ],
    ]
    for (const [failure, code, UNAVAILABLE] of failures) {
      window.sessionStorage.clear()
      rememberChoice("cart_1", { providerId: INVOICE, company: ACME, companyLabel: LABEL })
      const { sdk, calls } = fakeStore({
        sessions: cachedCart.payment_collection!.payment_sessions as Session[],
        before: (n) => {
          if (n === 1) throw failure
        },
      })
      const readiness: TradeCreditReadiness[] = []
      const { container: page, unmount } = render(
        <>
          <TradeCreditFields
            cart={cachedCart}
            sdk={sdk}
            providerId={INVOICE}
            retryDelayMs={50}
            onReadiness={(r) => readiness.push(r)}
          />
          <ContinueToReview cart={cachedCart} />
        </>,
      )
      await until("the failure said", () => alerts().includes(UNAVAILABLE))
      expect(readiness.at(-1)).toMatchObject({ ready: false, status: "checking", code, message: UNAVAILABLE })
      expect(rememberedChoice("cart_1")?.check).toBeUndefined()
      expect(page.textContent).not.toContain(failure.message)
      // Tried again by itself: the buyer goes on once the service answers.
      await until("tried again", () => calls.initiate.length === 2)
      await until("Continue enabled", () => !byId(page, "continue")?.hasAttribute("disabled"))
      expect(alerts()).toEqual([])
      expect(readiness.at(-1)).toEqual({ ready: true, status: "ready" })
      expect(rememberedChoice("cart_1")?.check).toEqual({ approved: true })
      unmount()
    }
  })

  it("lets Place order be pressed again after a failure that is not a decline", async () => {
    const { sdk, calls } = fakeStore({
      sessions: [checkedSession()],
      before: (n) => {
        if (n === 1) throw Object.assign(new Error("Bad Gateway"), { status: 502 })
      },
    })
    const onRedirect = jest.fn()
    const { container: page } = render(
      <TradeCreditPaymentButton cart={cachedCart} sdk={sdk} id="place" onRedirect={onRedirect} />,
    )
    fireEvent.click(await rendered(page, "place"))
    await until("the failure said", () => alerts().includes(CODE_TEXTS.TRADE_CREDIT_UNAVAILABLE.en))
    expect(byId(page, "place")?.hasAttribute("disabled")).toBe(false)
    fireEvent.click(byId(page, "place")!)
    await until("the buyer sent to verify", () => onRedirect.mock.calls.length === 1)
    expect(calls.initiate).toHaveLength(2)
    expect(alerts()).toEqual([])
  })
})

/** The storefront's "Continue to review", as the starter would write it with the kit's hook. */
function ContinueToReview({ cart }: { cart: CheckoutCart }) {
  const readiness = useTradeCreditReadiness(cart, { providerId: INVOICE })
  return (
    <button id="continue" disabled={!readiness.ready}>
      Continue to review
    </button>
  )
}

describe("TradeCreditPaymentButton, mounted", () => {
  it("after a reload starts the session to verify once, tells the storefront, then sends the buyer on", async () => {
    const { sdk, calls } = fakeStore({ sessions: [checkedSession()] })
    const steps: string[] = []
    const { container: page } = render(
      <TradeCreditPaymentButton
        cart={cachedCart}
        sdk={sdk}
        id="place"
        onCartChanged={async () => void steps.push("cart refreshed")}
        onRedirect={(url) => void steps.push(`to ${url}`)}
      />,
    )
    fireEvent.click(await rendered(page, "place"))
    await until("the buyer sent on", () => steps.length === 2)
    expect(steps).toEqual(["cart refreshed", `to ${VERIFY_URL}`])
    expect(calls.initiate).toHaveLength(1)
    expect(calls.initiate[0].data).toMatchObject({ company: ACME, purchase_order_number: "PO-7781" })
    expect(calls.initiate[0].data).toHaveProperty("verify_before_completion", true)
  })

  it("after Back from the service's page, in this tab or another, goes to the same page again", async () => {
    const waiting = checkedSession({
      verify_before_completion: true,
      order_id: "svc_1",
      state: "UNVERIFIED",
      payment_url: VERIFY_URL,
    })
    waiting.status = "requires_more"
    for (const remembered of [true, false]) {
      if (remembered)
        rememberChoice("cart_1", {
          providerId: INVOICE,
          company: ACME,
          companyLabel: LABEL,
          details: { purchaseOrderNumber: "PO-7781", invoiceEmails: "ap@acme.example" },
          check: { approved: true },
        })
      else window.sessionStorage.clear()
      const { sdk, calls } = fakeStore({ sessions: [waiting] })
      const onRedirect = jest.fn()
      const { container: page, unmount } = render(
        <TradeCreditPaymentButton cart={cachedCart} sdk={sdk} id="place" onRedirect={onRedirect} />,
      )
      fireEvent.click(await rendered(page, "place"))
      await until("the buyer sent to verify", () => onRedirect.mock.calls.length === 1)
      expect(onRedirect).toHaveBeenCalledWith(VERIFY_URL)
      expect(calls.initiate).toEqual([])
      // The completion read the order first: it still waits for the buyer at that page.
      expect(calls.complete).toBe(1)
      unmount()
    }
  })

  it("when the service forgot the session's order, starts the same choice again and goes to the NEW page", async () => {
    const OLD_PAGE = "https://svc.example/verify/old"
    const stale = checkedSession({
      verify_before_completion: true,
      order_id: "svc_old",
      state: "UNVERIFIED",
      payment_url: OLD_PAGE,
    })
    stale.status = "requires_more"
    window.sessionStorage.clear()
    const { sdk, calls } = fakeStore({ sessions: [stale], gone: true })
    const onRedirect = jest.fn()
    const onError = jest.fn()
    const { container: page } = render(
      <TradeCreditPaymentButton cart={cachedCart} sdk={sdk} id="place" onRedirect={onRedirect} onError={onError} />,
    )
    fireEvent.click(await rendered(page, "place"))
    await until("the buyer sent to verify", () => onRedirect.mock.calls.length === 1)
    expect(onRedirect).toHaveBeenCalledWith(VERIFY_URL)
    expect(onRedirect).not.toHaveBeenCalledWith(OLD_PAGE)
    expect(calls.complete).toBe(1)
    // The same choice as the session held: its company and references.
    expect(calls.initiate).toHaveLength(1)
    expect(calls.initiate[0].data).toMatchObject({ company: ACME, verify_before_completion: true })
    expect(onError).not.toHaveBeenCalled()
  })

  it("is ready to be pressed again when the browser shows the page from its back-forward cache", async () => {
    const { sdk } = fakeStore({ sessions: [checkedSession()] })
    const { container: page } = render(
      <TradeCreditPaymentButton cart={cachedCart} sdk={sdk} id="place" onRedirect={() => undefined} />,
    )
    fireEvent.click(await rendered(page, "place"))
    await until("redirecting", () => byId(page, "place")?.hasAttribute("disabled"))
    act(() => void window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true })))
    await until("pressable again", () => !byId(page, "place")?.hasAttribute("disabled"))
    expect(byId(page, "place")?.textContent).toBe("Place order")
  })
})

describe("FundingStatus, mounted", () => {
  it("says the plan is being set up while it reads the order, then where its funding stands", async () => {
    const read = deferred()
    const refresh = jest.fn(async () => {
      await read.promise
      return "pending" as const
    })
    const { container: page } = render(
      <FundingStatus
        order={{ id: "order_1", payment_collections: [{ payments: [] }] }}
        refresh={refresh}
        id="funding"
      />,
    )
    expect(byId(page, "funding")?.getAttribute("data-state")).toBe("unknown")
    expect(byId(page, "funding")?.textContent).toBe("Instalment plan: Being set up with the credit provider…")
    act(() => read.release())
    await until("the funding read", () => byId(page, "funding")?.getAttribute("data-state") === "pending")
    expect(byId(page, "funding")?.textContent).toContain(
      "Being approved by the trade credit provider: you will hear by email once it is confirmed.",
    )
    expect(refresh).toHaveBeenCalledTimes(1)
  })
})
