import {
  CODE_TEXTS,
  companySelectionOf,
  KIT_TEXTS,
  RETURN_OUTCOMES,
  returnOf,
  returnOutcomeOf,
  tradeCreditChoiceOf,
  tradeCreditPaymentText,
  tradeCreditReadiness,
  tradeCreditSessionData,
} from ".."

const INVOICE = "pp_trade-credit_default"
const PLAN = "pp_trade-credit-plan_default"
const ACME = { company_canonical_id: "cmpgb08123456" }
const LABEL = { name: "Acme Industrial Ltd", number: "Companies House 08123456", country: "GB" }
const cartWith = (...sessions: unknown[]) => ({ payment_collection: { payment_sessions: sessions as never[] } })
/** An invoice session after its credit check, as the plugin keeps it. */
const checkedInvoice = (data: Record<string, unknown> = {}) => ({
  provider_id: INVOICE,
  status: "pending",
  data: { session_id: "ps_1", company: ACME, company_label: LABEL, intent_id: "int_1", ...data },
})

describe("the buyer's choice read back from the cart's session", () => {
  it("reads the company, its label, the references, the months and the return page", () => {
    const cart = cartWith(
      { provider_id: "pp_system_default", status: "pending", data: {} },
      checkedInvoice({
        purchase_order_number: "PO-7781",
        department: "Facilities",
        project: " HQ refit ",
        invoice_emails: ["ap@acme.example", "finance@acme.example"],
        order_note: "Leave at reception",
        return_url: "https://shop.example/gb/checkout/trade-credit/return",
        verify_before_completion: true,
      }),
    )
    expect(tradeCreditChoiceOf(cart)).toEqual({
      providerId: INVOICE,
      company: ACME,
      companyLabel: LABEL,
      details: {
        purchaseOrderNumber: "PO-7781",
        department: "Facilities",
        project: "HQ refit",
        invoiceEmails: ["ap@acme.example", "finance@acme.example"],
        orderNote: "Leave at reception",
      },
      returnUrl: "https://shop.example/gb/checkout/trade-credit/return",
      check: { approved: true },
    })
    const plan = cartWith({
      provider_id: PLAN,
      status: "pending",
      data: {
        company: { company_name: "Nordlys AS", organization_number: "912345678", country_prefix: "no" },
        number_of_periods: "12",
        account_id: "acc_1",
      },
    })
    expect(tradeCreditChoiceOf(plan)).toMatchObject({
      providerId: PLAN,
      company: { company_name: "Nordlys AS", organization_number: "912345678", country_prefix: "NO" },
      numberOfPeriods: 12,
      check: { approved: true },
    })
    // The session of the method asked for only.
    expect(tradeCreditChoiceOf(plan, { providerId: INVOICE })).toBeUndefined()
  })

  it("is tolerant of what a session may hold, or not", () => {
    expect(tradeCreditChoiceOf(undefined)).toBeUndefined()
    expect(tradeCreditChoiceOf(null)).toBeUndefined()
    expect(tradeCreditChoiceOf({})).toBeUndefined()
    expect(tradeCreditChoiceOf(cartWith({ provider_id: "pp_system_default", data: { company: ACME } }))).toBeUndefined()
    expect(tradeCreditChoiceOf(cartWith({ ...checkedInvoice(), status: "canceled" }))).toBeUndefined()
    // The starter's session, started without data: waits for the company.
    expect(
      tradeCreditChoiceOf(cartWith({ provider_id: INVOICE, status: "pending", data: { missing: ["company"] } })),
    ).toEqual({ providerId: INVOICE, details: {} })
    expect(tradeCreditChoiceOf(cartWith({ provider_id: INVOICE, status: "pending", data: null }))).toEqual({
      providerId: INVOICE,
      details: {},
    })
    // Data in the wrong shape is left out, field by field.
    const odd = tradeCreditChoiceOf(
      cartWith({
        provider_id: INVOICE,
        status: "pending",
        data: {
          company: { organization_number: "123" },
          company_label: { number: "no name" },
          purchase_order_number: 42,
          department: "  ",
          invoice_emails: "ap@acme.example; ,finance@acme.example",
          number_of_periods: -3,
          return_url: ["x"],
        },
      }),
    )
    expect(odd).toEqual({
      providerId: INVOICE,
      details: { invoiceEmails: ["ap@acme.example", "finance@acme.example"] },
    })
  })

  it("shows the chosen company by its label, else by what the company says", () => {
    expect(companySelectionOf({ company: ACME, companyLabel: LABEL })).toEqual({ company: ACME, ...LABEL })
    expect(companySelectionOf({ company: ACME })).toEqual({
      company: ACME,
      name: "cmpgb08123456",
      number: "",
      country: "",
    })
    const byHand = { company_name: "Nordlys AS", organization_number: "912345678", country_prefix: "NO" }
    expect(companySelectionOf({ company: byHand })).toEqual({
      company: byHand,
      name: "Nordlys AS",
      number: "912345678",
      country: "NO",
    })
    expect(companySelectionOf({ details: {} })).toBeUndefined()
    expect(companySelectionOf(undefined)).toBeUndefined()
  })

  it("keeps the company's label in the session with its company, not with another", () => {
    const current = { company: ACME, company_label: LABEL, purchase_order_number: "PO-1" }
    expect(tradeCreditSessionData({ providerId: INVOICE }, current)).toMatchObject({ company_label: LABEL })
    const other = { company_canonical_id: "cmpgb00000001" }
    expect(tradeCreditSessionData({ providerId: INVOICE, company: other }, current)).not.toHaveProperty("company_label")
    expect(
      tradeCreditSessionData({ providerId: INVOICE, company: other, companyLabel: { name: "Other Ltd" } }, current),
    ).toMatchObject({ company: other, company_label: { name: "Other Ltd" } })
  })
})

describe("whether the buyer may go on from the payment step (tradeCreditReadiness)", () => {
  it("is ready once the session passed its credit check", () => {
    expect(tradeCreditReadiness(cartWith(checkedInvoice()))).toEqual({ ready: true, status: "ready" })
    const waiting = checkedInvoice({ order_id: "svc_1", state: "UNVERIFIED", payment_url: "https://svc.example/v/1" })
    expect(tradeCreditReadiness(cartWith({ ...waiting, status: "requires_more" })).ready).toBe(true)
    const plan = { provider_id: PLAN, status: "pending", data: { company: ACME, account_id: "acc_1" } }
    expect(tradeCreditReadiness(cartWith(plan)).ready).toBe(true)
    // A trade account user: the plugin fills in the company; the storefront named none.
    expect(tradeCreditReadiness(cartWith({ ...plan, data: { account_id: "acc_1" } })).ready).toBe(true)
  })

  it("asks for the company while none is chosen, in the buyer's words", () => {
    const none = { ready: false, status: "needs_company", code: "COMPANY_REQUIRED" }
    expect(tradeCreditReadiness(undefined)).toEqual({ ...none, message: CODE_TEXTS.COMPANY_REQUIRED.en })
    const starters = { provider_id: INVOICE, status: "pending", data: { missing: ["company"] } }
    expect(tradeCreditReadiness(cartWith(starters), { language: "sv" })).toEqual({
      ...none,
      message: CODE_TEXTS.COMPANY_REQUIRED.sv,
    })
    expect(tradeCreditReadiness(cartWith({ ...checkedInvoice(), status: "error" })).status).toBe("needs_company")
  })

  it("stops a declined buyer, with the check's own words", () => {
    const message = "Trade credit is not available for this purchase. Choose another payment method."
    const starters = cartWith({ provider_id: INVOICE, status: "pending", data: { missing: ["company"] } })
    const declined = {
      providerId: INVOICE,
      company: { company_canonical_id: "cmpgb00000009" },
      check: { approved: false as const, message },
    }
    expect(tradeCreditReadiness(starters, { choice: declined })).toEqual({
      ready: false,
      status: "declined",
      code: undefined,
      message,
    })
    // Even when the session holds an approved company from before: the buyer chose another, which was refused.
    expect(tradeCreditReadiness(cartWith(checkedInvoice()), { choice: declined }).status).toBe("declined")
    const rejected = checkedInvoice({ order_id: "svc_1", state: "REJECTED", decline_reason: "TOO_HIGH_RISK" })
    expect(tradeCreditReadiness(cartWith(rejected), { language: "de" })).toEqual({
      ready: false,
      status: "declined",
      code: "TRADE_CREDIT_DECLINED",
      message: CODE_TEXTS.TRADE_CREDIT_DECLINED.de,
    })
  })

  it("takes the tab's choice over a storefront's cached cart, for its own method only", () => {
    const starters = cartWith({ provider_id: INVOICE, status: "pending", data: { missing: ["company"] } })
    const chosen = { providerId: INVOICE, company: ACME }
    expect(tradeCreditReadiness(starters, { choice: chosen, language: "nl" })).toEqual({
      ready: false,
      status: "checking",
      code: undefined,
      message: KIT_TEXTS["readiness.checking"].nl,
    })
    expect(tradeCreditReadiness(starters, { choice: { ...chosen, check: { approved: true } } }).ready).toBe(true)
    // A choice made for the other method says nothing of this one.
    const forPlan = { ...chosen, providerId: PLAN, check: { approved: true as const } }
    expect(tradeCreditReadiness(starters, { choice: forPlan, providerId: INVOICE }).status).toBe("needs_company")
    // The same company as the session's: the session's check counts.
    expect(tradeCreditReadiness(cartWith(checkedInvoice()), { choice: chosen }).ready).toBe(true)
  })
})

describe("the confirmation's words for a trade credit payment", () => {
  const invoicePayment = (days?: number | null) => ({
    provider_id: INVOICE,
    data: { order_id: "svc_1", ...(days !== undefined && { invoice_terms_days: days }) },
  })

  it("say what an invoice is, never 'paid'", () => {
    expect(tradeCreditPaymentText(invoicePayment(30))).toBe("Invoice, due in 30 days")
    expect(tradeCreditPaymentText(invoicePayment(45), { language: "nb-NO" })).toBe("Faktura, forfaller om 45 dager")
    expect(tradeCreditPaymentText(invoicePayment(null))).toBe("Invoice, due by the date on the invoice")
    expect(tradeCreditPaymentText(invoicePayment())).toBe(KIT_TEXTS["payment.invoice"].en)
    const plan = { provider_id: PLAN, data: { number_of_periods: 12 } }
    expect(tradeCreditPaymentText(plan, { language: "de" })).toBe("Monatliche Raten, 12 Monate")
    expect(tradeCreditPaymentText({ provider_id: PLAN, data: null })).toBe("Monthly instalments")
    for (const language of ["en", "nb", "sv", "nl", "de"])
      expect(tradeCreditPaymentText(invoicePayment(30), { language })).not.toMatch(/paid|betalt|bezahlt|betaald/i)
    expect(tradeCreditPaymentText(invoicePayment(30), { overrides: { "payment.invoiceDays": "Net {days}" } })).toBe(
      "Net 30",
    )
  })

  it("find the order's trade credit payment, and leave other payments to the storefront", () => {
    const order = {
      payment_collections: [{ payments: [invoicePayment(60)], payment_sessions: [] }],
    }
    expect(tradeCreditPaymentText(order)).toBe("Invoice, due in 60 days")
    const sessionsOnly = { payment_collections: [{ payment_sessions: [invoicePayment(14)] }] }
    expect(tradeCreditPaymentText(sessionsOnly)).toBe("Invoice, due in 14 days")
    expect(tradeCreditPaymentText({ provider_id: "pp_system_default", data: {} })).toBeUndefined()
    expect(
      tradeCreditPaymentText({ payment_collections: [{ payments: [{ provider_id: "pp_stripe_stripe" }] }] }),
    ).toBeUndefined()
    expect(tradeCreditPaymentText(undefined)).toBeUndefined()
  })
})

describe("the return outcome", () => {
  it("has one spelling: canceled, the older cancelled read as it", () => {
    expect([...RETURN_OUTCOMES]).toEqual(["verified", "failed", "canceled", "unknown"])
    expect(returnOutcomeOf("cancelled")).toBe("canceled")
    expect(returnOutcomeOf("canceled")).toBe("canceled")
    expect(returnOutcomeOf("error")).toBe("unknown")
    expect(returnOutcomeOf(null)).toBe("unknown")
    expect(returnOf("?cart_id=cart_1&trade_credit=cancelled").outcome).toBe("canceled")
  })
})
