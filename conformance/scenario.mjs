import { randomUUID } from "node:crypto"
import * as data from "./fixtures.mjs"

/**
 * Drives every interface of the service through the plugin's client, in the order a merchant would: company
 * search, orders, trade accounts, registration and autofill, erasure, repayment (last: it moves the simulator's
 * clock). Each call is one step; a step that throws is recorded and the run goes on, so one refusal does not hide
 * the rest. The check itself reads the proxy's recording, not what these calls return.
 */

const key = () => ({ idempotencyKey: randomUUID() })

export async function runScenario({ client, control, raw, recorded, log = () => undefined }) {
  const steps = []
  const run = Date.now().toString(36)

  /**
   * One call (or a few that make one move); its failure is kept, not thrown. `given` is the body handed to the
   * client, as the contract puts it on the wire: the check compares it with what was sent, so a field the client
   * drops or rewrites (a schema that strips what it does not know) shows even where the published schema has it
   * optional.
   */
  async function step(name, fn, given) {
    const before = recorded().length
    const done = (fields) => {
      const seqs = recorded()
        .slice(before)
        .map((exchange) => exchange.seq)
      steps.push({ name, ...fields, seqs, ...(given !== undefined ? { given } : {}) })
    }
    try {
      const value = await fn()
      done({ ok: true })
      log(`  ok    ${name}`)
      return value
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const code = error && typeof error === "object" && "code" in error ? ` [${error.code}]` : ""
      done({ ok: false, error: `${message}${code}` })
      log(`  FAIL  ${name}: ${message}${code}`)
      return undefined
    }
  }

  /** A step that hands `body` to the client: the body is built once, given to the call and kept for comparison. */
  function sends(name, body, call) {
    return step(name, () => call(body), structuredClone(body))
  }

  /** A client method the contract needs that the client does not have yet. */
  function method(object, name, operation) {
    if (typeof object?.[name] !== "function") {
      throw new Error(`the client has no ${name}() for ${operation}`)
    }
    return object[name].bind(object)
  }

  // 1. Company search (contract 1).
  const search = await step("GET /companies/v2/company (search)", () =>
    client.companies.search({ country: "GB", q: "acme", limit: 10 })
  )
  const acme = search?.items?.find((item) => item.name?.toUpperCase().startsWith("ACME")) ?? search?.items?.[0]
  const canonicalId = acme?.canonical_id ?? "cmpgb08123456"
  await step("GET /companies/v2/company/{canonical_id}", () => client.companies.get(canonicalId))
  if (acme?.lookup_id) {
    await step("GET /companies/v2/company/{lookup_id}", () => client.companies.get(acme.lookup_id))
  }

  // 2. Orders (contract 2): intent, create, verify (control API), confirm, read, edit, fulfil, refund, invoice.
  const intent = await sends("POST /v1/order_intent", data.intentBody(canonicalId), (body) => client.orders.createIntent(body, key()))
  await sends("POST /v1/order_intent (long-form company, no representative)", data.intentBodyLongForm(), (body) =>
    client.orders.createIntent(body, key())
  )

  const firstId = `conf-${run}-1`
  const order = await sends("POST /v1/order", data.createOrderBody(canonicalId, firstId, intent?.tracking_id), (body) =>
    client.orders.create(body, key())
  )
  if (order) {
    await step("verify the order (control API)", () => control("POST", `/orders/${order.id}/verify`, { approve: true }))
    await step("POST /v1/order/{id}/confirm", () => client.orders.confirm(order.id, key()))
    await step("GET /v1/order/{id}", () => client.orders.get(order.id))
    await step("GET /v1/order/merchant-order-id/{id}", () => client.orders.getByMerchantOrderId(firstId))
    await sends("PUT /v1/order/{id} (edit)", data.editOrderBody(firstId), (body) => client.orders.edit(order.id, body, key()))
    await sends("POST /v1/order/{id}/fulfilled (partial)", data.partialFulfilBody(), (body) => {
      // The client takes the part and the invoice fields apart and puts the part under `partial` on the wire.
      const { partial, ...invoice } = structuredClone(body)
      return client.orders.fulfil(order.id, partial, { ...key(), ...invoice })
    })
    await step("POST /v1/order/{id}/fulfilled (the rest)", () => client.orders.fulfil(order.id, undefined, key()))
    await step("GET /v1/invoice/{id}/pdf (original)", () => client.orders.invoicePdf(order.id, { lang: "en_US", original: true }))
    await sends("POST /v1/order/{id}/refund (partial)", data.partialRefundBody(), (body) => client.orders.refund(order.id, body, key()))
    await step("GET /v1/invoice/{id}/pdf (latest credit note)", () => client.orders.invoicePdf(order.id, { lang: "en_US" }))
    await sends("POST /v1/order/{id}/refund (the rest)", { ...data.FULL_REFUND_BODY }, (body) => client.orders.refund(order.id, body, key()))
  }

  const cancelled = await step("POST /v1/order (to cancel)", () =>
    client.orders.create(data.createOrderBody(canonicalId, `conf-${run}-2`), key())
  )
  if (cancelled) {
    await step("POST /v1/order/{id}/cancel", () => client.orders.cancel(cancelled.id, key()))
    await step("POST /v1/order/{id}/cancel (again: 202)", () => client.orders.cancel(cancelled.id, key()))
  }

  const rejected = await step("POST /v1/order (buyer rejects verification)", () =>
    client.orders.create(data.createOrderBody(canonicalId, `conf-${run}-3`), key())
  )
  if (rejected) {
    await step("reject the verification (control API)", () => control("POST", `/orders/${rejected.id}/verify`, { approve: false }))
  }

  // 2b. After the invoice (issue #38): the published read and every event of an invoice's life, driven by the
  // control API (the buyer's payment, collection, recourse, a credit limit, an arrears block).
  await afterTheInvoice({ client, control, step, sends, canonicalId, run })

  // 4. Trade accounts (contract 4).
  const customer = await sends("POST /trade-account/v3/customer", data.customerBody(run), (body) =>
    client.tradeAccount.createCustomer(body, key())
  )
  if (customer) {
    await step("GET /trade-account/v3/customer/{cid}", () => client.tradeAccount.getCustomer(customer.id))
    const user = await sends("POST /trade-account/v3/customer/{cid}/user", data.userBody(run), (body) =>
      client.tradeAccount.createUser(customer.id, body, key())
    )
    if (user) {
      await step("GET /trade-account/v3/user/{uid}", () => method(client.tradeAccount, "getUser", "GET /trade-account/v3/user/{uid}")(user.id))
      await sends("POST /trade-account/v3/user/{uid}/verification/url", { return_url: "https://shop.example.co.uk/account/trade" }, (body) =>
        client.tradeAccount.createVerificationUrl(user.id, body, key())
      )
      // One-click checkout (contract 4): a verified user's order is created VERIFIED and confirmed at once.
      const verified = await step("verify the trade account user (control API)", () =>
        control("POST", `/trade-accounts/users/${user.id}/verify`, { verified: true })
      )
      if (verified) {
        const body = data.createOrderBody(canonicalId, `conf-${run}-5`)
        body.buyer.trade_account = { customer_id: customer.id, user_id: user.id }
        const oneClick = await sends("POST /v1/order (verified trade account user)", body, (b) => client.orders.create(b, key()))
        if (oneClick) {
          await step("POST /v1/order/{id}/confirm (one-click)", async () => {
            if (oneClick.state !== "VERIFIED") throw new Error(`created ${oneClick.state}, not VERIFIED`)
            return client.orders.confirm(oneClick.id, key())
          })
        }
      }
    }
  }

  // 5. Registration, autofill and returning buyers.
  const buyerReference = `cus_${run}`
  const registryToken = await sends(
    "POST /registry/v1/delegation",
    { verify_returning_buyer: true, create_proposal: true, buyer_reference: buyerReference },
    (body) => client.registry.createDelegationToken(body, key())
  )
  const readToken = await sends(
    "POST /autofill/v1/delegation (read only: popup step 1)",
    { read_current_buyer: true, write_current_buyer: false, buyer_reference: buyerReference },
    (body) => client.autofill.createDelegationToken(body, key())
  )
  if (readToken) {
    await step("GET /autofill/v1/buyer/current (nothing saved: 404)", () => client.autofill.readCurrentBuyer({ token: readToken.token }))
  }
  const autofillToken = await sends(
    "POST /autofill/v1/delegation (read, write, delete)",
    { read_current_buyer: true, write_current_buyer: true, delete_current_buyer: true, buyer_reference: buyerReference },
    (body) => client.autofill.createDelegationToken(body, key())
  )
  if (autofillToken) {
    const who = { token: autofillToken.token }
    await sends("POST /autofill/v1/buyer/current", structuredClone(data.AUTOFILL_BUYER), (body) =>
      client.autofill.writeCurrentBuyer(body, who, key())
    )
    await step("GET /autofill/v1/buyer/current", () => client.autofill.readCurrentBuyer(who))
    await step("DELETE /autofill/v1/buyer/current", () =>
      method(client.autofill, "deleteCurrentBuyer", "DELETE /autofill/v1/buyer/current")(who, key())
    )
  }

  const returningEmail = "two.businesses@example.com"
  const codeSent = await step("POST /proposal/returning-buyer/verification", () =>
    client.registry.requestReturningBuyerCode(returningEmail, registryToken ? { ...key(), token: registryToken.token } : key())
  )
  if (codeSent) {
    const code = await step("read the code (control API)", async () => {
      const { items } = await control("GET", `/registration/codes?email=${encodeURIComponent(returningEmail)}`)
      const found = items.find((item) => item.code)
      if (!found) throw new Error("no code was sent")
      return found.code
    })
    const verification = code
      ? await step("PATCH /proposal/returning-buyer/verification", () =>
          client.registry.verifyReturningBuyerCode(
            { email: returningEmail, code },
            registryToken ? { ...key(), token: registryToken.token } : key()
          )
        )
      : undefined
    if (verification?.matchesToken) {
      await step("GET /proposal/returning-buyer/matches/{email}", () =>
        client.registry.listMatches(returningEmail, verification.matchesToken)
      )
    }
  }
  await step("POST /proposal/returning-buyer/verification (unknown email: 404)", () =>
    client.registry.requestReturningBuyerCode(`nobody-${run}@example.com`, key())
  )

  /** Creates a proposal, optionally with evidence, and submits it. */
  async function proposal(label, tradingName, withEvidence) {
    const email = `${tradingName.toLowerCase().replace(/[^a-z]+/g, ".")}.${run}@example.co.uk`
    const created = await sends(`POST /registry/v1/proposal (${label})`, data.proposalBody(tradingName, email), (body) =>
      client.registry.createProposal(body, key())
    )
    if (!created) return undefined
    if (withEvidence) {
      await step(`POST /registry/v1/proposal/{id}/evidence (${label})`, () =>
        client.registry.uploadEvidence(
          created.id,
          { fileName: "utility-bill.pdf", contentType: "application/pdf", data: data.EVIDENCE_PDF },
          key()
        )
      )
    }
    await step(`POST /registry/v1/proposal/{id}/submission (${label})`, () => client.registry.submitProposal(created.id, key()))
    return created
  }

  const withdrawn = await proposal("to withdraw", "Holloway Joinery", true)
  if (withdrawn) {
    await step("GET /registry/v1/proposal/{id}", () => client.registry.getProposal(withdrawn.id))
    await step("DELETE /registry/v1/proposal/{id} (withdraw)", () => client.registry.withdrawProposal(withdrawn.id, key()))
  }
  const accepted = await proposal("accepted", "Holloway Carpentry", false)
  if (accepted) {
    await step("accept the proposal (control API)", () =>
      control("POST", `/registration/proposals/${accepted.id}/decision`, { status: "ACCEPTED" })
    )
    await step("GET /registry/v1/proposal/{id} (ACCEPTED)", () => client.registry.getProposal(accepted.id))
  }
  const declined = await proposal("declined", "Holloway Woodwork", false)
  if (declined) {
    await step("put the proposal in review (control API)", () =>
      control("POST", `/registration/proposals/${declined.id}/decision`, { status: "IN_REVIEW" })
    )
    await step("GET /registry/v1/proposal/{id} (IN_REVIEW)", () => client.registry.getProposal(declined.id))
    await step("decline the proposal (control API)", () =>
      control("POST", `/registration/proposals/${declined.id}/decision`, { status: "DECLINED" })
    )
    await step("GET /registry/v1/proposal/{id} (DECLINED)", () => client.registry.getProposal(declined.id))
  }

  // Refusals: bodies the client would never send, sent as they are (through the proxy) so that the simulator's
  // error answers are held to the published error schemas too. Each step passes when the status is the one asked.
  async function refused(name, expected, method, path, body) {
    return step(`${method} ${name} (refused: ${expected})`, async () => {
      const { status, body: answer } = await raw(method, path, body)
      if (status !== expected) throw new Error(`answered ${status}, not ${expected}: ${JSON.stringify(answer).slice(0, 300)}`)
      return answer
    })
  }
  const noDescription = data.createOrderBody(canonicalId, `conf-${run}-4`)
  delete noDescription.line_items[0].description
  await refused("/v1/order (a line without description)", 400, "POST", "/v1/order", noDescription)
  await refused("/v1/order/{id} (unknown)", 404, "GET", `/v1/order/${randomUUID()}`)
  if (cancelled) {
    await refused("/v1/order/{id}/confirm (cancelled)", 409, "POST", `/v1/order/${cancelled.id}/confirm`)
  }
  await refused("/repay/v1/preview (40 periods)", 422, "POST", "/repay/v1/preview", {
    ...data.PREVIEW_BODY,
    terms: { period: "MONTHLY", number_of_periods: 40 },
  })
  await refused("/repay/v1/status (unknown plan)", 404, "GET", `/repay/v1/status?plan_id=${randomUUID()}`)
  await refused("/companies/v2/company (no country)", 422, "GET", "/companies/v2/company?q=acme")
  await refused("/companies/v2/company/{id} (unknown)", 404, "GET", "/companies/v2/company/cmpgb99999999")
  await refused("/trade-account/v3/customer (no contact person)", 400, "POST", "/trade-account/v3/customer", {
    ...data.customerBody(`${run}-x`),
    contact_persons: [],
  })

  // 6. Erasure (no published document; driven so every call is recorded).
  await step("GET /gdpr/v1/lookup", () => client.erasure.lookup("olivia.bennett@acme-industrial.example"))
  await sends("POST /gdpr/v1/erasure", { email: "former.customer@example.co.uk", reference: `DPR-${run}` }, (body) =>
    client.erasure.submit(body, key())
  )

  // 3. Repayment (last: invoicing an instalment moves the simulator's clock).
  const account = await sends("POST /repay/v1/account", data.accountBody(run), (body) => client.repayment.createAccount(body, key()))
  if (account) {
    await sends("PUT /repay/v1/account/{id}", data.accountUpdateBody(), (body) => client.repayment.updateAccount(account.id, body, key()))
  }
  await sends("POST /repay/v1/credit-check", structuredClone(data.CREDIT_CHECK_BODY), (body) => client.repayment.creditCheck(body, key()))
  await sends("POST /repay/v1/preview", structuredClone(data.PREVIEW_BODY), (body) => client.repayment.preview(body, key()))
  const plan = account
    ? await sends("POST /repay/v1/plan", data.planBody(account.id, `PLAN-${run}`), (body) => client.repayment.createPlan(body, key()))
    : undefined
  if (plan) {
    await step("GET /repay/v1/status (PENDING)", () => client.repayment.getStatus(plan.id))
    await step("accept the plan's funding (control API)", () => control("POST", `/plans/${plan.id}/funding`, { status: "ACCEPTED" }))
    await step("GET /repay/v1/status (ACCEPTED)", () => client.repayment.getStatus(plan.id))
    await step("PUT /repay/v1/fulfilment", () => client.repayment.fulfil(plan.id, key()))
    await step("end the fulfilment (control API)", () => control("POST", `/plans/${plan.id}/fulfilment`, { status: "SUCCEEDED" }))
    await step("invoice the first instalment (control API clock)", async () => {
      const { now } = await control("GET", "/clock")
      const at = new Date(now)
      // The first instalment is issued on the 1st of the next month; go one day past it.
      const due = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 2)
      return control("POST", "/clock/advance", { ms: due - at.getTime() })
    })
    await step("GET /repay/v1/status (invoiced)", () => client.repayment.getStatus(plan.id))
    await step("POST /repay/v1/credit", () => client.repayment.credit(plan.id, "60.00", "GBP", "Price adjustment on one desk", key()))
    await step("PUT /repay/v1/plan/{id}/cancellation", () =>
      client.repayment.cancel(plan.id, "WRONG_DETAILS", new Date().toISOString(), key())
    )
  }
  const rejectedPlan = account
    ? await step("POST /repay/v1/plan (funding rejected)", () =>
        client.repayment.createPlan(data.planBody(account.id, `PLAN-${run}-R`), key())
      )
    : undefined
  if (rejectedPlan) {
    await step("reject the plan's funding (control API)", () =>
      control("POST", `/plans/${rejectedPlan.id}/funding`, { status: "REJECTED", reason: "CREDIT_LIMIT_EXCEEDED" })
    )
    await step("GET /repay/v1/status (REJECTED)", () => client.repayment.getStatus(rejectedPlan.id))
  }

  return steps
}

/**
 * Every event after the invoice, each validated by the check against its published schema: invoiced, payment
 * allocated (a payment, and a de-allocation by a credit note), credited, collected, recoursed; the credit limit
 * (a limit and a largest single order set, and every balance moved); the arrears block entered and left (forced).
 * The user verified comes with the trade accounts, the instalment invoices and the statement with the repayment
 * clock.
 */
async function afterTheInvoice({ client, control, step, sends, canonicalId, run }) {
  const key = () => ({ idempotencyKey: randomUUID() })
  async function invoiced(suffix) {
    const order = await step(`POST /v1/order (to invoice: ${suffix})`, () =>
      client.orders.create(data.createOrderBody(canonicalId, `conf-${run}-${suffix}`), key())
    )
    if (!order) return undefined
    await step(`verify the order (control API: ${suffix})`, () =>
      control("POST", `/orders/${order.id}/verify`, { approve: true })
    )
    await step(`POST /v1/order/{id}/confirm (${suffix})`, () => client.orders.confirm(order.id, key()))
    await step(`POST /v1/order/{id}/fulfilled (${suffix})`, () => client.orders.fulfil(order.id, undefined, key()))
    return order
  }

  const paid = await invoiced("paid")
  if (paid) {
    await step("GET /v1/order/{id}/invoice_details (NOT_PAID)", () => client.orders.invoiceDetails(paid.id))
    await step("the buyer pays a part (control API)", () =>
      control("POST", `/orders/${paid.id}/payments`, { amount: "100.00" })
    )
    await step("the buyer pays the rest (control API)", () => control("POST", `/orders/${paid.id}/payments`, {}))
    await step("GET /v1/order/{id}/invoice_details (PAID)", () => client.orders.invoiceDetails(paid.id))
    // A credit note on a paid invoice: credited, and the payment de-allocated by as much.
    await sends("POST /v1/order/{id}/refund (after payment)", data.partialRefundBody(), (body) =>
      client.orders.refund(paid.id, body, key())
    )
    await step("GET /v1/order/{id}/invoice_details (credited)", () => client.orders.invoiceDetails(paid.id))
  }

  const handedOn = await invoiced("collected")
  if (handedOn) {
    await step("collection of a part (control API)", () =>
      control("POST", `/orders/${handedOn.id}/collection`, { amount: "100.00" })
    )
    await step("recourse of the rest (control API)", () => control("POST", `/orders/${handedOn.id}/recourse`, {}))
    await step("GET /v1/order/{id}/invoice_details (recoursed)", () => client.orders.invoiceDetails(handedOn.id))
  }

  await step("a credit limit and a largest single order (control API)", () =>
    control("PATCH", `/companies/${canonicalId}`, { credit_limit: "40000.00", max_single_order_value: "20000.00" })
  )
  for (const state of ["approaching", "none", "blocked", "none"]) {
    await step(`the buyer's arrears block: ${state} (control API)`, () =>
      control("POST", `/companies/${canonicalId}/arrears`, { state })
    )
  }
}
