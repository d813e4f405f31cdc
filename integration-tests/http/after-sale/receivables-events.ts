import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE } from "../../../src/modules/trade-credit"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId, minimalProfile, WEBHOOK_PATH } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { recordLogs, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
import { signedDelivery } from "../../helpers/webhooks"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Issue #38: the events after the invoice, driven by the simulator's control API and clock, through Medusa's one
 * webhook pipeline into the plugin's module: an invoice's life (invoiced, paid in part and whole, credited, collected,
 * recoursed), instalment invoices and the monthly statement, a company's credit limit and arrears, a trade-account
 * user verified. With a repeated delivery, a payment delivered before its invoice, and events lost and repaired by
 * the reconciliation run. Published events the plugin does not act on are counted.
 */

const simulator = areaSimulator()
const COMPANY = { company_canonical_id: "" }
const PLAN_PROVIDER = "pp_trade-credit-plan_default"
const DAY = 24 * 60 * 60 * 1000
const PASSWORD = "receivables-buyer-pw-1"

type Store = ReturnType<typeof storeClient>
const cents = (value: unknown) => Math.round(Number(value) * 100)

export default areaPart("receivables-events", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>
  const logs: string[] = []
  const admin = (method: string, path: string, body?: unknown) => adminRequester(api, adminHeaders)(method, path, body)
  const module = () => getContainer().resolve(TRADE_CREDIT_MODULE) as any
  const waitFor = <T>(what: string, check: () => Promise<T | undefined | null | false>) =>
    waitUntil(what, check, { timeoutMs: 40_000, intervalMs: 250 })
  const sim = (method: string, path: string, body?: unknown) => control(simulator.url, method, path, body)
  const pointWebhooks = (on: boolean) =>
    sim("PUT", "/_sim/webhook", { url: on ? `${api.defaults.baseURL}${WEBHOOK_PATH}` : null })
  const postDelivery = (payload: unknown) => {
    const { raw, headers } = signedDelivery(payload)
    return api.post(WEBHOOK_PATH, raw, { headers, validateStatus: () => true, transformRequest: [(d: unknown) => d] })
  }
  /** The simulator's deliveries of a type (for an order, or matching `where`), oldest first. */
  const deliveries = async (type: string, where: (data: any) => boolean = () => true) =>
    ((await sim("GET", `/_sim/webhooks?type=${encodeURIComponent(type)}`)).items as any[]).filter((d) =>
      where(d.payload.data),
    )
  /** The pipeline's row of an event once handled (its outcome no longer `processing`). */
  const handled = (eventId: string) =>
    waitFor(`the event ${eventId} to be handled`, async () => {
      const [row] = await module().listWebhookEvents({ event_id: eventId })
      return row && row.outcome !== "processing" ? row : undefined
    })
  /** The order's documents as the module keeps them (each with its lines, oldest first). */
  const documentsOf = async (orderId: string) => (await module().receivablesOfOrder(orderId)) as any[]
  const invoiceOf = async (orderId: string) => (await documentsOf(orderId)).find((d) => d.kind === "invoice")
  const invoiceWhen = (orderId: string, what: string, done: (invoice: any) => boolean) =>
    waitFor(`the invoice of ${orderId} ${what}`, async () => {
      const invoice = await invoiceOf(orderId)
      return invoice && done(invoice) ? invoice : undefined
    })
  const kinds = (invoice: any) => invoice.entries.map((e: any) => e.kind)
  /**
   * The document id of an order's invoice: the events' `invoice_id`, or the order's id where the events name none (the
   * minimal profile's events: `invoice_id` is nullable).
   */
  const invoiceDocumentId = (serviceOrderId: string, invoice: { id: string }) =>
    minimalProfile() ? serviceOrderId : invoice.id

  beforeAll(async () => {
    recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any, logs)
    adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
    COMPANY.company_canonical_id = await findCompanyId(simulator.url, "GB", "acme")
  })

  beforeEach(async () => {
    await sim("DELETE", "/_sim/faults")
    await pointWebhooks(true)
  })

  /** A registered customer, logged in as a storefront does: its id and a store client with its session. */
  async function registerCustomer(firstName: string) {
    const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@acme-office.example`
    const keyHeaders = { "x-publishable-api-key": seed.publishableKey }
    const registered = await api.post("/auth/customer/emailpass/register", { email, password: PASSWORD })
    const { data } = await api.post(
      "/store/customers",
      {
        email,
        first_name: firstName,
        last_name: "Hopper",
        phone: "07400 123456",
        company_name: "Acme Office Supplies Ltd",
      },
      { headers: { ...keyHeaders, authorization: `Bearer ${registered.data.token}` } },
    )
    const login = await api.post("/auth/customer/emailpass", { email, password: PASSWORD })
    const headers = { ...keyHeaders, authorization: `Bearer ${login.data.token}` }
    const call = async (method: string, url: string, body?: unknown) =>
      api.request({ method, url, data: body, headers, validateStatus: () => true })
    const store: Store = {
      call,
      ok: async (method: string, url: string, body?: unknown) => {
        const res = await call(method, url, body)
        if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
        return res.data
      },
    } as Store
    return { id: data.customer.id as string, store }
  }

  /** An order placed by trade credit (verified at the service), captured: the service invoices it whole. */
  async function invoicedOrder(store: Store = storeClient(api, seed.publishableKey)) {
    const cart = await createCheckoutCart(store, seed)
    expect((await startTradeCreditSession(store, cart.id, { company: COMPANY })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok(
      "GET",
      `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`,
    )
    const session = pending.payment_collection.payment_sessions[0]
    await approveAtPaymentUrl(session.data.payment_url)
    const { order: placed } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
    const { order } = await admin(
      "GET",
      `/admin/orders/${placed.id}?fields=id,customer_id,*payment_collections.payments`,
    )
    const payment = order.payment_collections[0].payments[0]
    await admin("POST", `/admin/payments/${payment.id}/capture`, {})
    const serviceOrderId = session.data.order_id as string
    const { invoices } = await sim("GET", `/_sim/orders/${serviceOrderId}/invoices`)
    expect(invoices).toHaveLength(1)
    return { order, payment, serviceOrderId, invoice: invoices[0] }
  }

  it("keeps an invoice's life: invoiced, paid in part, paid; a repeated delivery adds nothing", async () => {
    const { order, serviceOrderId, invoice: atService } = await invoicedOrder()

    const invoiced = await invoiceWhen(order.id, "invoiced", (i) => kinds(i).includes("invoiced"))
    expect(invoiced).toMatchObject({
      kind: "invoice",
      document_id: invoiceDocumentId(serviceOrderId, atService),
      service_order_id: serviceOrderId,
      customer_id: order.customer_id,
      currency_code: "gbp",
      status: "open",
    })
    expect(cents(invoiced.amount)).toBe(cents(atService.gross_amount))
    expect(cents(invoiced.outstanding_amount)).toBe(cents(atService.gross_amount))
    expect(invoiced.read_at).toBeTruthy()
    if (!minimalProfile()) {
      // The full profile's read names the invoice, its due date and its link (all optional in the published read).
      expect(invoiced).toMatchObject({ number: atService.number, document_url: atService.invoice_url })
      expect(new Date(invoiced.due_at).toISOString().slice(0, 10)).toBe(atService.due_date)
      // The company as the service resolved it: country and organization number.
      expect(invoiced.company_key).toBe("GB:08123456")
    }
    expect(invoiced.entries).toHaveLength(1)
    expect(cents(invoiced.entries[0].amount)).toBe(cents(atService.gross_amount))

    // The buyer pays 10.00: the dated line of the payment (negative, as the service signs it), the invoice part paid.
    await sim("POST", `/_sim/orders/${serviceOrderId}/payments`, { amount: "10.00", reference: atService.number })
    const part = await invoiceWhen(order.id, "paid in part", (i) => i.status === "part_paid")
    expect(cents(part.paid_amount)).toBe(1000)
    expect(cents(part.outstanding_amount)).toBe(cents(atService.gross_amount) - 1000)
    const payment = part.entries.find((e: any) => e.kind === "payment")
    expect(cents(payment.amount)).toBe(-1000)
    // The buyer's reference (null in the minimal profile's events: then the payment's id).
    expect(payment.reference).toBeTruthy()

    // The same delivery again: the pipeline knows the event by its id, nothing is added.
    const [delivered] = await deliveries(
      "order.reconciliation.payment_allocated.v1",
      (d) => d.order_id === serviceOrderId,
    )
    const row = await handled(delivered.payload.id)
    expect(row.outcome).toMatch(/recorded payment of -10\.00 GBP/)
    const mark = logs.length
    expect((await postDelivery(delivered.payload)).data).toEqual({ received: true, handled: true })
    await waitFor("the repeated delivery's report", async () =>
      logs.slice(mark).find((l) => l.includes(`${delivered.payload.id}`) && l.includes("was handled before")),
    )
    expect((await invoiceOf(order.id)).entries).toHaveLength(2)

    // The rest is paid: paid, settled on the payment's date.
    await sim("POST", `/_sim/orders/${serviceOrderId}/payments`, {})
    const paid = await invoiceWhen(order.id, "paid", (i) => i.status === "paid")
    expect(cents(paid.outstanding_amount)).toBe(0)
    expect(cents(paid.paid_amount)).toBe(cents(atService.gross_amount))
    expect(paid.settled_at).toBeTruthy()
    expect(kinds(paid)).toEqual(["invoiced", "payment", "payment"])
  })

  it("keeps a credit note, a collection and a recourse, and warns the merchant of the recourse", async () => {
    const { order, payment, serviceOrderId, invoice: atService } = await invoicedOrder()
    await invoiceWhen(order.id, "invoiced", (i) => kinds(i).includes("invoiced"))

    // A refund from the admin: the service's credit note, kept as a document of its own and a line of the invoice.
    await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 20 })
    const credited = await invoiceWhen(order.id, "credited in part", (i) => kinds(i).includes("credited"))
    expect(cents(credited.credited_amount)).toBe(2000)
    const note = (await documentsOf(order.id)).find((d) => d.kind === "credit_note")
    expect(note).toMatchObject({ status: "credited", customer_id: order.customer_id, service_order_id: serviceOrderId })
    expect(cents(note.amount)).toBe(2000)

    // Part of the rest goes to collection; the service hands the remainder back to the merchant.
    await sim("POST", `/_sim/orders/${serviceOrderId}/collection`, { amount: "15.00" })
    const collected = await invoiceWhen(order.id, "in collection", (i) => i.status === "in_collection")
    expect(cents(collected.collected_amount)).toBe(1500)
    const mark = logs.length
    await sim("POST", `/_sim/orders/${serviceOrderId}/recourse`, {})
    const recoursed = await invoiceWhen(order.id, "recoursed", (i) => i.status === "recoursed")
    const rest = cents(atService.gross_amount) - 2000 - 1500
    expect(cents(recoursed.recoursed_amount)).toBe(rest)
    expect(kinds(recoursed)).toEqual(["invoiced", "credited", "collected", "recoursed"])
    const warning = await waitFor("the recourse warning", async () =>
      logs.slice(mark).find((l) => l.includes("back to the merchant (recourse)")),
    )
    expect(warning).toContain(`order ${order.id}`)
    expect(warning).toContain(`${(rest / 100).toFixed(2)} GBP`)
  })

  it("ends right when a payment is delivered before its invoice, and keeps every line once", async () => {
    // The simulator's deliveries are held: this test delivers them itself, out of order.
    await pointWebhooks(false)
    const { order, serviceOrderId, invoice: atService } = await invoicedOrder()
    await sim("POST", `/_sim/orders/${serviceOrderId}/payments`, {})
    const [invoicedEvent] = await deliveries("order.reconciliation.invoiced.v1", (d) => d.order_id === serviceOrderId)
    const [paymentEvent] = await deliveries(
      "order.reconciliation.payment_allocated.v1",
      (d) => d.order_id === serviceOrderId,
    )
    expect([invoicedEvent.state, paymentEvent.state]).toEqual(["no_url", "no_url"])

    // The payment first: the invoice is read back, so its totals and status are right already.
    expect((await postDelivery(paymentEvent.payload)).data).toEqual({ received: true, handled: true })
    expect((await handled(paymentEvent.payload.id)).outcome).not.toMatch(/^failed/)
    const first = await invoiceOf(order.id)
    expect(first).toMatchObject({ status: "paid", document_id: invoiceDocumentId(serviceOrderId, atService) })
    expect(cents(first.amount)).toBe(cents(atService.gross_amount))
    expect(kinds(first)).toEqual(["payment"])

    // Then its invoice: the line is added, dated before the payment; nothing else moves.
    expect((await postDelivery(invoicedEvent.payload)).data).toEqual({ received: true, handled: true })
    await handled(invoicedEvent.payload.id)
    const after = await invoiceOf(order.id)
    expect(after).toMatchObject({ status: "paid", id: first.id })
    expect(kinds(after).sort()).toEqual(["invoiced", "payment"])
    expect(cents(after.entries.reduce((sum: number, e: any) => sum + Number(e.amount), 0))).toBe(0)
  })

  it("repairs lost events on the reconciliation run: an invoice the module never knew, then its payment", async () => {
    await pointWebhooks(false)
    const { order, serviceOrderId, invoice: atService } = await invoicedOrder()
    expect(await invoiceOf(order.id)).toBeUndefined()

    const run = async () => (await admin("POST", "/admin/trade-credit/reconciliation", {})).run
    await run()
    const repaired = await invoiceOf(order.id)
    expect(repaired).toMatchObject({ status: "open", service_order_id: serviceOrderId, customer_id: order.customer_id })
    expect(cents(repaired.amount)).toBe(cents(atService.gross_amount))
    expect(repaired.entries).toEqual([])
    expect(logs.some((l) => l.includes("trade-credit: reconciliation: invoice") && l.includes(serviceOrderId))).toBe(
      true,
    )

    // The payment's event is lost too: the next run reads the invoice paid.
    await sim("POST", `/_sim/orders/${serviceOrderId}/payments`, {})
    await run()
    const paid = await invoiceOf(order.id)
    expect(paid).toMatchObject({ status: "paid", id: repaired.id })
    expect(cents(paid.outstanding_amount)).toBe(0)

    // The lost deliveries arrive at last: their lines join the invoice the run kept (named by the invoice's id now).
    for (const type of ["order.reconciliation.invoiced.v1", "order.reconciliation.payment_allocated.v1"]) {
      const [lost] = await deliveries(type, (d) => d.order_id === serviceOrderId)
      await postDelivery(lost.payload)
      await handled(lost.payload.id)
    }
    const joined = await invoiceOf(order.id)
    expect(joined).toMatchObject({
      id: repaired.id,
      status: "paid",
      document_id: invoiceDocumentId(serviceOrderId, atService),
    })
    expect(kinds(joined).sort()).toEqual(["invoiced", "payment"])
    expect((await documentsOf(order.id)).filter((d) => d.kind === "invoice")).toHaveLength(1)
  })

  it("keeps a company's credit and arrears; the warning's exit keeps a block, an old one does nothing", async () => {
    const companyId = COMPANY.company_canonical_id
    const credit = () => module().companyCreditOf("GB", "08123456")
    await sim("PATCH", `/_sim/companies/${companyId}`, { credit_limit: "25000.00", max_single_order_value: "4000.00" })
    const limited = await waitFor("the credit limit", async () => {
      const view = await credit()
      return view?.credit_limit !== null && view?.credit_limit !== undefined ? view : undefined
    })
    expect(limited).toMatchObject({ currency_code: "gbp", credit_approved: true, arrears_state: "none" })
    expect(cents(limited.credit_limit)).toBe(2500000)
    expect(cents(limited.max_single_order_value)).toBe(400000)

    await sim("POST", `/_sim/companies/${companyId}/arrears`, { state: "approaching" })
    await waitFor("the warning", async () => (await credit())?.arrears_state === "approaching")
    await sim("POST", `/_sim/companies/${companyId}/arrears`, { state: "blocked" })
    const blocked = await waitFor("the block", async () => {
      const view = await credit()
      return view?.arrears_state === "blocked" ? view : undefined
    })
    expect(blocked.in_arrears).toBe(true)

    // The warning ends after the block began (delivered by hand: the simulator moves from the warning to the block
    // with the block's event alone): the block stays.
    const blockEvent = (await deliveries("customer.in_arrears_block.v1")).at(-1)
    const later = new Date(new Date(blockEvent.payload.time).getTime() + 1).toISOString()
    const exitWarning = {
      ...blockEvent.payload,
      id: `msg_exit_warning_${Date.now()}`,
      type: "customer.exit_approaching_arrears_block.v1",
      time: later,
      data: { buyer_company_name: blockEvent.payload.data.buyer_company_name, buyer_organization_number: "08123456" },
    }
    expect((await postDelivery(exitWarning)).data).toEqual({ received: true, handled: true })
    expect((await handled(exitWarning.id)).outcome).toMatch(/keeps the block/)
    expect((await credit()).arrears_state).toBe("blocked")
    // The warning delivered again under another id, dated as it was: older than the block, it changes nothing.
    const warningEvent = (await deliveries("customer.approaching_arrears_block.v1")).at(-1)
    const stale = { ...warningEvent.payload, id: `msg_stale_warning_${Date.now()}` }
    await postDelivery(stale)
    expect((await handled(stale.id)).outcome).toMatch(/a newer event/)
    expect((await credit()).arrears_state).toBe("blocked")

    // The buyer pays: the block ends.
    await sim("POST", `/_sim/companies/${companyId}/arrears`, { state: "none" })
    const cleared = await waitFor("the end of the block", async () => {
      const view = await credit()
      return view?.arrears_state === "none" ? view : undefined
    })
    expect(cleared.in_arrears).toBe(false)
    expect((await deliveries("customer.exit_arrears_block.v1")).length).toBeGreaterThanOrEqual(1)
  })

  it("marks a trade-account user verified from customer.user.verified.v1 at the event's time, no read", async () => {
    const grace = await registerCustomer("Grace")
    const onboarded = await admin("POST", "/admin/trade-credit/trade-accounts", {
      customer_id: grace.id,
      company: { canonical_id: COMPANY.company_canonical_id },
    })
    const [user] = onboarded.trade_account.users
    expect(user).toMatchObject({ customer_id: grace.id, verified: false })
    const reads = async () =>
      ((await sim("GET", "/_sim/requests?method=GET&path_prefix=/trade-account")).items as any[]).length
    const readsBefore = await reads()

    await sim("POST", `/_sim/trade-accounts/users/${user.service_user_id}/verify`, {})
    const row = await waitFor("the user verified", async () => {
      const [found] = await module().listTradeAccountUsers({ customer_id: grace.id })
      return found?.verified ? found : undefined
    })
    const [event] = await deliveries("customer.user.verified.v1", (d) => d.merchant_user_id === grace.id)
    expect(new Date(row.verified_at).toISOString()).toBe(new Date(event.payload.time).toISOString())
    expect((await handled(event.payload.id)).outcome).toMatch(/marked trade-account user .* verified/)
    expect(await reads()).toBe(readsBefore)
  })

  it("keeps the instalment invoices and the monthly statement the clock issues, as the buyer's", async () => {
    simulator.sim!.state.repayment.fundingDelayMs = 0
    const buyer = await registerCustomer("Ada")
    const cart = await createCheckoutCart(buyer.store, seed)
    const { payment_collection } = await buyer.store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const started = await buyer.store.call(
      "POST",
      `/store/payment-collections/${payment_collection.id}/payment-sessions`,
      {
        provider_id: PLAN_PROVIDER,
        data: { company: COMPANY, number_of_periods: 3 },
      },
    )
    expect(started.status).toBe(200)
    const completed = await buyer.store.ok("POST", `/store/carts/${cart.id}/complete`)
    const orderId = completed.order.id
    const payment = await waitFor("the funded payment", async () => {
      const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
      return order.payment_collections.flatMap((c: any) => c.payments ?? [])[0]
    })
    await admin("POST", `/admin/payments/${payment.id}/capture`, {})

    // The 1st of next month (and the next, when the advance passes two): the instalment invoices and the account's
    // statements, each kept as the buyer's.
    await sim("POST", "/_sim/clock/advance", { ms: 35 * DAY })
    const invoicedEvents = await deliveries("instalments.invoiced.v1", (d) =>
      d.instalments.some((i: any) => i.plan_id === payment.data.plan_id),
    )
    expect(invoicedEvents.length).toBeGreaterThanOrEqual(1)
    const accountId = invoicedEvents[0].payload.data.instalment_account_id
    const statementEvents = await deliveries("billing_statement.created.v1", (d) => d.billing_account_id === accountId)
    expect(statementEvents.length).toBeGreaterThanOrEqual(1)
    const keptOf = (kind: string, count: number) =>
      waitFor(`${count} ${kind} kept`, async () => {
        const rows = await module().listReceivables({ kind, customer_id: buyer.id })
        return rows.length === count ? rows : undefined
      })
    const instalments = await keptOf("instalment_invoice", invoicedEvents.length)
    for (const event of invoicedEvents) {
      const { data } = event.payload
      const row = instalments.find((r: any) => r.document_id === data.invoice_id)
      expect(row).toMatchObject({
        order_id: orderId,
        company_key: "GB:08123456",
        currency_code: "gbp",
        status: "open",
        number: data.invoice_number,
      })
      expect(cents(row.amount)).toBe(cents(data.gross_amount))
      expect(new Date(row.due_at).toISOString().slice(0, 10)).toBe(data.due_date)
    }
    const statements = await keptOf("statement", statementEvents.length)
    for (const event of statementEvents) {
      const { data } = event.payload
      const row = statements.find((r: any) => r.document_id === data.billing_period_id)
      expect(row).toMatchObject({ number: `${data.statement_number}`, company_key: "GB:08123456" })
      expect(cents(row.amount)).toBe(cents(data.gross_amount))
      expect(row.details.invoices.map((i: any) => i.invoice_id)).toEqual(data.invoices.map((i: any) => i.invoice_id))
    }
    const listed = new Set(statements.flatMap((r: any) => r.details.invoices.map((i: any) => i.invoice_id)))
    expect(instalments.every((r: any) => listed.has(r.document_id))).toBe(true)
    // Each document's line: one a document (its event's).
    const ids = [...instalments, ...statements].map((r: any) => r.id)
    const lines = await waitFor("the documents' lines", async () => {
      const found = await module().listReceivableEntries({ receivable_id: ids })
      return found.length === ids.length ? found : undefined
    })
    expect(lines.filter((l: any) => l.kind === "instalment_invoiced")).toHaveLength(instalments.length)
    expect(lines.filter((l: any) => l.kind === "statement_issued")).toHaveLength(statements.length)
  })

  it("counts the published events it does not act on, by type, for Settings", async () => {
    const now = new Date().toISOString()
    const opened = (n: number) => ({
      id: `msg_credit_line_${Date.now()}_${n}`,
      source: simulator.url,
      type: "credit_line.opened.v1",
      time: now,
      data: { credit_line_id: "cl_1" },
    })
    for (const n of [1, 2]) {
      expect((await postDelivery(opened(n))).data).toEqual({ received: true, handled: false })
    }
    const [seen] = await module().listReceivedEventTypes({ type: "credit_line.opened.v1" })
    expect(seen).toMatchObject({ type: "credit_line.opened.v1", count: 2 })
    expect(await module().listWebhookEvents({ type: "credit_line.opened.v1" })).toEqual([])
  })
})
