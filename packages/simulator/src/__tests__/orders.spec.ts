import { PDFDocument } from "pdf-lib"
import { SIMULATOR_API_KEY, startSimulator, type RunningSimulator } from "../index"
import { ACME_ID, address, call, confirmedOrder, control, line, orderBody, totals, waitFor } from "./helpers"

const OTHER_KEY = "secret_test_anotherMerchantKeyForTheSimulatorTests00000"

describe("simulator: orders, search and auth", () => {
  let sim: RunningSimulator

  beforeAll(async () => {
    expect(OTHER_KEY.length).toBe(12 + 43)
    sim = await startSimulator({
      merchants: [
        { apiKey: SIMULATOR_API_KEY, name: "Brick & Mortar Ltd" },
        { apiKey: OTHER_KEY, name: "Other Merchant" },
      ],
    })
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    expect((await control(sim, "POST", "/reset")).status).toBe(200)
  })

  describe("auth", () => {
    it("answers 401 UNAUTHORIZED in the contract's error body for a missing, malformed or unknown key", async () => {
      for (const key of [null, "secret_test_short", "secret_live_" + "a".repeat(43), "secret_test_" + "b".repeat(43)]) {
        const answer = await call(sim, "GET", "/v1/order/anything", { key })
        expect(answer.status).toBe(401)
        expect(answer.body.error_code).toBe("UNAUTHORIZED")
        expect(answer.body.error_trace_id).toMatch(/^[0-9a-f]{16}$/)
        expect(answer.body).toHaveProperty("error_details", null)
        expect(answer.body).toHaveProperty("error_json", null)
      }
    })

    it("answers 404 NOT_FOUND for a path the service does not have", async () => {
      const answer = await call(sim, "GET", "/v1/nothing-here")
      expect(answer.status).toBe(404)
      expect(answer.body.error_code).toBe("NOT_FOUND")
      expect((await call(sim, "GET", "/v1/nothing-here", { key: null })).status).toBe(401)
    })

    it("keeps each merchant's orders apart", async () => {
      const body = orderBody()
      const created = await call(sim, "POST", "/v1/order", { body })
      expect(created.status).toBe(201)
      expect((await call(sim, "GET", `/v1/order/${created.body.id}`, { key: OTHER_KEY })).status).toBe(404)
      const list = await call(sim, "GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`, { key: OTHER_KEY })
      expect(list.body).toEqual([])
      const theirs = await call(sim, "POST", "/v1/order", { body, key: OTHER_KEY })
      expect(theirs.status).toBe(201)
      const orders = await control(sim, "GET", "/orders")
      expect(orders.body.items.map((o: { merchant: string }) => o.merchant).sort()).toEqual([
        "brick-mortar-ltd",
        "other-merchant",
      ])
    })
  })

  describe("error bodies by interface (section 0)", () => {
    it("answers {description, code: ERROR} under /repay/v1 for errors other than validation", async () => {
      const unknown = await call(sim, "GET", "/repay/v1/no-such-thing")
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual({ description: expect.any(String), code: "ERROR" })
      const unauthorized = await call(sim, "GET", "/repay/v1/no-such-thing", { key: null })
      expect(unauthorized).toMatchObject({ status: 401, body: { description: expect.any(String), code: "ERROR" } })
    })

    it(
      "answers 422 {detail} under /repay/v1 for a header that fails validation, " + "loc starting with header",
      async () => {
        const answer = await call(sim, "POST", "/repay/v1/account", { body: {}, idempotencyKey: "k".repeat(37) })
        expect(answer.status).toBe(422)
        expect(answer.body).toEqual({
          detail: [{ loc: ["header", "Idempotency-Key"], msg: "must be 1 to 36 characters", type: "string_length" }],
        })
      },
    )

    it(
      "keeps section 0's body elsewhere, " + "a body field's loc without the body prefix, the whole body as [body]",
      async () => {
        const notJson = await fetch(`${sim.url}/v1/order`, {
          method: "POST",
          headers: { "X-Api-Key": SIMULATOR_API_KEY, "Content-Type": "application/json" },
          body: "{",
        })
        const body = await notJson.json()
        expect(notJson.status).toBe(400)
        expect(body).toMatchObject({
          error_code: "SCHEMA_ERROR",
          error_json: [{ loc: ["body"], type: "json_invalid" }],
        })
        const line = await call(sim, "POST", "/v1/order", {
          body: { ...orderBody(), line_items: [{ ...orderBody().line_items[0], tax_amount: 1 }] },
        })
        expect(line.body.error_json).toEqual([expect.objectContaining({ loc: ["line_items", 0, "tax_amount"] })])
      },
    )
  })

  describe("company search", () => {
    const key = SIMULATOR_API_KEY

    it("finds companies by name, case-insensitively, with a highlight", async () => {
      const answer = await call(sim, "GET", "/companies/v2/company?country=GB&q=acme")
      expect(answer.status).toBe(200)
      expect(answer.body.items).toEqual([
        {
          name: "ACME INDUSTRIAL SUPPLIES LTD",
          canonical_id: "cmpgb08123456",
          lookup_id: "GB08123456",
          country: "GB",
          national_identifier: { type: "GB_CRN", id: "08123456" },
          company_type: "PRIVATE_LIMITED_COMPANY",
          status: "ACTIVE",
          highlight: "<mark>ACME</mark> INDUSTRIAL SUPPLIES LTD",
        },
      ])
      const us = await call(sim, "GET", "/companies/v2/company?country=US&q=Acme%20hard")
      expect(us.body.items[0].highlight).toBe("<mark>Acme Hard</mark>ware Supply Inc.")
    })

    it("finds by organization number, filters by country and honours limit", async () => {
      const byNumber = await call(sim, "GET", "/companies/v2/company?country=SE&q=556677-8899")
      expect(byNumber.body.items.map((i: { canonical_id: string }) => i.canonical_id)).toEqual(["cmpse5566778899"])
      expect((await call(sim, "GET", "/companies/v2/company?country=NO&q=acme")).body.items).toEqual([])
      const all = await call(sim, "GET", "/companies/v2/company?country=GB&q=LTD")
      expect(all.body.items.length).toBeGreaterThan(2)
      const limited = await call(sim, "GET", "/companies/v2/company?country=GB&q=LTD&limit=2")
      expect(limited.body.items).toHaveLength(2)
      for (const country of ["GB", "NO", "SE", "US"]) {
        const some = await call(sim, "GET", `/companies/v2/company?country=${country}&q=a&limit=100`)
        expect(some.body.items.length).toBeGreaterThanOrEqual(3)
      }
    })

    it("lists a country's companies without q, with the published identifier types", async () => {
      const answer = await call(sim, "GET", "/companies/v2/company?country=NO&limit=100")
      expect(answer.status).toBe(200)
      expect(answer.body.items.length).toBeGreaterThanOrEqual(3)
      for (const item of answer.body.items) {
        expect(item).toMatchObject({
          country: "NO",
          national_identifier: { type: "NO_BRREG" },
          lookup_id: `NO${item.national_identifier.id}`,
        })
        expect(item.canonical_id).toMatch(/^[A-Za-z0-9]+$/)
        expect(item.highlight).toBe(item.name)
      }
    })

    it("answers 422 {detail} for a bad query (company-api's own errors), loc starting with query", async () => {
      const answer = await call(sim, "GET", "/companies/v2/company?country=gb&limit=0")
      expect(answer.status).toBe(422)
      expect(Object.keys(answer.body)).toEqual(["detail"])
      const locs = answer.body.detail.map((e: { loc: string[] }) => e.loc.join("."))
      expect(locs).toEqual(expect.arrayContaining(["query.country", "query.limit"]))
      for (const entry of answer.body.detail) {
        expect(typeof entry.msg).toBe("string")
        expect(typeof entry.type).toBe("string")
      }
    })

    it("gives a company's details by canonical id or lookup id, 404 COMPANY_NOT_FOUND for an unknown one", async () => {
      const answer = await call(sim, "GET", "/companies/v2/company/cmpno923456781", { key })
      expect((await call(sim, "GET", "/companies/v2/company/NO923456781")).body).toEqual(answer.body)
      expect(answer.body).toEqual({
        canonical_id: "cmpno923456781",
        name: "NORDLYS BYGG AS",
        country: "NO",
        organization_number: "923456781",
        addresses: [{ street_address: "Storgata 12", city: "Oslo", postal_code: "0155", country: "NO" }],
      })
      const missing = await call(sim, "GET", "/companies/v2/company/cmpxx1")
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ description: expect.any(String), code: "COMPANY_NOT_FOUND" })
      const unauthorized = await call(sim, "GET", "/companies/v2/company/cmpno923456781", { key: null })
      expect(unauthorized.status).toBe(401)
      expect(unauthorized.body).toEqual({ description: expect.any(String), code: "ERROR" })
    })
  })

  describe("order intent", () => {
    const intent = (company: object, lines = [line("Chair", "2", "100")]) => ({
      gross_amount: totals(lines).gross_amount,
      currency: "GBP",
      line_items: lines,
      buyer: { company },
      invoice_type: "FUNDED_INVOICE",
    })

    it("approves a known company within its limit", async () => {
      const answer = await call(sim, "POST", "/v1/order_intent", {
        body: intent({ company_canonical_id: "cmpgb08123456" }),
      })
      expect(answer.status).toBe(201)
      expect(answer.body).toMatchObject({
        approved: true,
        decline_reason: null,
        gross_amount: "240.00",
        currency: "GBP",
        line_items: [expect.objectContaining({ name: "Chair", description: expect.any(String) })],
        buyer: {
          company: {
            company_canonical_id: ACME_ID,
            country_prefix: "GB",
            organization_number: "08123456",
            company_name: "ACME INDUSTRIAL SUPPLIES LTD",
          },
        },
        approved_on_recourse: false,
        approved_with_conditions: [],
      })
      expect(answer.body.tracking_id).toBeTruthy()
    })

    it("accepts a company by name, country and number (spaces and dashes ignored)", async () => {
      const company = { company_name: "Götaland Verktyg", country_prefix: "SE", organization_number: "556677-8899" }
      const answer = await call(sim, "POST", "/v1/order_intent", { body: intent(company) })
      expect(answer.body.approved).toBe(true)
    })

    it.each([
      ["TOO_HIGH_RISK", { company_canonical_id: "cmpgb06660666" }, [line("Chair", "1", "10")]],
      ["BUYER_LIMIT_EXCEEDED", { company_canonical_id: "cmpgb12345678" }, [line("Desk", "1", "900")]],
      [
        "BUYER_NOT_FOUND",
        { company_name: "Nobody Ltd", country_prefix: "GB", organization_number: "99999999" },
        [line("Chair", "1", "10")],
      ],
      ["BUYER_NOT_FOUND", { company_canonical_id: "cmpgbnope" }, [line("Chair", "1", "10")]],
      ["ORDER_BELOW_MIN_INVOICE_AMOUNT", { company_canonical_id: "cmpgb08123456" }, [line("Pin", "1", "0.5")]],
      ["ORDER_EXCEEDS_MAX_INVOICE_AMOUNT", { company_canonical_id: "cmpgb09876543" }, [line("Factory", "1", "900000")]],
      ["BUYER_LIMIT_EXCEEDED", { company_canonical_id: "cmpgb08123456" }, [line("Machine", "1", "45000")]],
    ])("declines with %s", async (reason, company, lines) => {
      const answer = await call(sim, "POST", "/v1/order_intent", { body: intent(company, lines) })
      expect(answer.status).toBe(201)
      expect(answer.body).toMatchObject({ approved: false, decline_reason: reason })
    })

    it("declines bad arithmetic with the failing code", async () => {
      const bad = line("Chair", "2", "100")
      const lineMismatch = intent({ company_canonical_id: "cmpgb08123456" }, [
        { ...bad, net_amount: "150.00", gross_amount: "190.00" },
      ])
      lineMismatch.gross_amount = "190.00"
      expect((await call(sim, "POST", "/v1/order_intent", { body: lineMismatch })).body.decline_reason).toBe(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
      )
      const totalMismatch = { ...intent({ company_canonical_id: "cmpgb08123456" }), gross_amount: "241.00" }
      expect((await call(sim, "POST", "/v1/order_intent", { body: totalMismatch })).body.decline_reason).toBe(
        "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      )
    })

    it("decides as the control API sets a company's limit or risk", async () => {
      const body = intent({ company_canonical_id: "cmpno987654325" })
      expect((await call(sim, "POST", "/v1/order_intent", { body })).body.approved).toBe(true)
      expect((await control(sim, "PATCH", "/companies/cmpno987654325", { credit_limit: "100.00" })).status).toBe(200)
      expect((await call(sim, "POST", "/v1/order_intent", { body })).body.decline_reason).toBe("BUYER_LIMIT_EXCEEDED")
      await control(sim, "PATCH", "/companies/cmpno987654325", { credit_limit: null, declined: true })
      expect((await call(sim, "POST", "/v1/order_intent", { body })).body.decline_reason).toBe("TOO_HIGH_RISK")
      await control(sim, "POST", "/reset")
      expect((await call(sim, "POST", "/v1/order_intent", { body })).body.approved).toBe(true)
    })

    it("answers 400 SCHEMA_ERROR for a body that breaks the schema", async () => {
      const answer = await call(sim, "POST", "/v1/order_intent", { body: { gross_amount: 240, currency: "gbp" } })
      expect(answer.status).toBe(400)
      expect(answer.body.error_code).toBe("SCHEMA_ERROR")
      // Section 0: the loc is the path inside the body, without a "body" prefix.
      expect(answer.body.error_json).toEqual(
        expect.arrayContaining([expect.objectContaining({ loc: ["gross_amount"], type: "invalid_type" })]),
      )
      const notJson = await call(sim, "POST", "/v1/order_intent", { headers: { "Content-Type": "application/json" } })
      expect(notJson.status).toBe(400)
    })

    it("refuses a line without description, and a representative without phone; email may be left out", async () => {
      const { description: _d, ...bare } = line("Chair", "2", "100")
      const noDescription = await call(sim, "POST", "/v1/order_intent", {
        body: intent({ company_canonical_id: ACME_ID }, [bare as never]),
      })
      expect(noDescription.status).toBe(400)
      expect(noDescription.body.error_json).toEqual([
        expect.objectContaining({ loc: ["line_items", 0, "description"] }),
      ])
      const lax = { first_name: "Jane", last_name: "Doe", phone_number: "+447700900123" }
      const withLax = await call(sim, "POST", "/v1/order_intent", {
        body: {
          ...intent({ company_canonical_id: ACME_ID }),
          buyer: { company: { company_canonical_id: ACME_ID }, representative: lax },
        },
      })
      expect(withLax.status).toBe(201)
      const { phone_number: _p, ...noPhone } = lax
      const refused = await call(sim, "POST", "/v1/order_intent", {
        body: {
          ...intent({ company_canonical_id: ACME_ID }),
          buyer: { company: { company_canonical_id: ACME_ID }, representative: noPhone },
        },
      })
      expect(refused.body.error_json).toEqual([
        expect.objectContaining({ loc: ["buyer", "representative", "phone_number"] }),
      ])
      const oddId = await call(sim, "POST", "/v1/order_intent", {
        body: intent({ company_canonical_id: "cmp_gb_08123456" }),
      })
      expect(oddId.body.error_json).toEqual([
        expect.objectContaining({ loc: ["buyer", "company", "company_canonical_id"] }),
      ])
    })
  })

  describe("create and the buyer's verification", () => {
    it("creates an approved order waiting for the buyer at payment_url", async () => {
      const body = orderBody({ tracking_id: "trk_1", merchant_reference: "ref-1" })
      const answer = await call(sim, "POST", "/v1/order", { body })
      expect(answer.status).toBe(201)
      const order = answer.body
      expect(order).toMatchObject({
        merchant_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        order_type: "BUYER_INITIATED",
        invoice_type: "FUNDED_INVOICE",
        discount_amount: "0.00",
        discount_rate: "0.000000",
        payable_amount: "360.00",
        invoice_amount: "360.00",
        prepaid_amount: "0.00",
        order_placed_date: order.date_created,
        billing_address: { ...address, id: expect.any(String), region: "" },
        shipping_address: { ...address, id: expect.any(String), region: "" },
        buyer: {
          company: {
            company_canonical_id: ACME_ID,
            country_prefix: "GB",
            organization_number: "08123456",
            company_name: "ACME INDUSTRIAL SUPPLIES LTD",
          },
        },
        state: "UNVERIFIED",
        status: "APPROVED",
        decline_reason: null,
        payment_url: `${sim.url}/verify/${order.id}`,
        merchant_order_id: body.merchant_order_id,
        merchant_reference: "ref-1",
        tracking_id: "trk_1",
        gross_amount: "360.00",
        fulfilments: [],
        refunds: [],
        invoice_url: null,
        credit_note_url: null,
      })
      expect((await call(sim, "GET", `/v1/order/${order.id}`)).body).toEqual(answer.body)
      const list = await call(sim, "GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`)
      expect(list.body.map((o: { id: string }) => o.id)).toEqual([order.id])
      expect((await call(sim, "GET", "/v1/order/no-such-order")).status).toBe(404)
    })

    it("forgets an order on the control API's DELETE: its id, references and page answer 404 from now", async () => {
      const body = orderBody()
      const created = await call(sim, "POST", "/v1/order", { body })
      expect(created.status).toBe(201)
      const id = created.body.id as string
      const forgotten = await control(sim, "DELETE", `/orders/${id}`)
      expect(forgotten.status).toBe(200)
      expect(forgotten.body).toEqual({ merchant: "brick-mortar-ltd", id, forgotten: true })

      const read = await call(sim, "GET", `/v1/order/${id}`)
      expect([read.status, read.body.error_code]).toEqual([404, "NOT_FOUND"])
      expect((await call(sim, "GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`)).body).toEqual([])
      const cancel = await call(sim, "POST", `/v1/order/${id}/cancel`, { idempotencyKey: "cancel-forgotten" })
      expect(cancel.status).toBe(404)
      expect((await call(sim, "GET", `/verify/${id}`, { key: null })).status).toBe(404)
      expect((await control(sim, "GET", `/orders/${id}`)).status).toBe(404)
      expect((await control(sim, "GET", "/orders")).body.items).toEqual([])
      // Nothing left to forget; the merchant order id is free for a new order.
      const again = await control(sim, "DELETE", `/orders/${id}`)
      expect([again.status, again.body.error_code]).toEqual([404, "NOT_FOUND"])
      const next = await call(sim, "POST", "/v1/order", { body })
      expect(next.status).toBe(201)
      expect(next.body.id).not.toBe(id)
    })

    it("shows the verification page and approves: VERIFIED and 303 to the confirmation URL", async () => {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const page = await fetch(created.body.payment_url)
      expect(page.status).toBe(200)
      expect(page.headers.get("content-type")).toMatch(/text\/html/)
      const html = await page.text()
      expect(html).toContain("Brick &amp; Mortar Ltd")
      expect(html).toContain("360.00 GBP")
      expect(html).toContain("ACME INDUSTRIAL SUPPLIES LTD")
      expect(html).toMatch(/<form method="post"/)
      expect(html).not.toMatch(/<(script|link)\b|src=/)

      const approve = await fetch(created.body.payment_url, {
        method: "POST",
        body: new URLSearchParams({ decision: "approve" }),
        redirect: "manual",
      })
      expect(approve.status).toBe(303)
      expect(approve.headers.get("location")).toBe("https://shop.example/confirm?cart=1")
      expect((await call(sim, "GET", `/v1/order/${created.body.id}`)).body.state).toBe("VERIFIED")

      const again = await fetch(created.body.payment_url)
      expect(await again.text()).toContain("Purchase verified")
      const secondPost = await fetch(created.body.payment_url, {
        method: "POST",
        body: new URLSearchParams({ decision: "reject" }),
        redirect: "manual",
      })
      expect(secondPost.status).toBe(303)
      expect(secondPost.headers.get("location")).toBe(`/verify/${created.body.id}`)
      expect((await call(sim, "GET", `/v1/order/${created.body.id}`)).body.state).toBe("VERIFIED")
    })

    it("rejects: CANCELLED and 303 to the failure URL, else the cancel URL, else the confirmation URL", async () => {
      const urls = [
        [
          {
            merchant_confirmation_url: "https://s.example/ok",
            merchant_cancel_order_url: "https://s.example/cancel",
            merchant_order_verification_failed_url: "https://s.example/failed",
          },
          "https://s.example/failed",
        ],
        [
          { merchant_confirmation_url: "https://s.example/ok", merchant_cancel_order_url: "https://s.example/cancel" },
          "https://s.example/cancel",
        ],
        [{ merchant_confirmation_url: "https://s.example/ok" }, "https://s.example/ok"],
      ] as const
      for (const [merchant_urls, expected] of urls) {
        const created = await call(sim, "POST", "/v1/order", { body: orderBody({ merchant_urls }) })
        const reject = await fetch(created.body.payment_url, {
          method: "POST",
          body: new URLSearchParams({ decision: "reject" }),
          redirect: "manual",
        })
        expect(reject.status).toBe(303)
        expect(reject.headers.get("location")).toBe(expected)
        expect((await call(sim, "GET", `/v1/order/${created.body.id}`)).body.state).toBe("CANCELLED")
        expect(await (await fetch(created.body.payment_url)).text()).toContain("Purchase rejected")
      }
    })

    it("answers 404 on the page for an unknown order and 400 for a form without a decision", async () => {
      expect((await fetch(`${sim.url}/verify/nope`)).status).toBe(404)
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const bad = await fetch(created.body.payment_url, {
        method: "POST",
        body: new URLSearchParams({ decision: "maybe" }),
        redirect: "manual",
      })
      expect(bad.status).toBe(400)
    })

    it("creates a declined order as REJECTED with the reason, UNVERIFIED and no payment_url", async () => {
      const body = orderBody({ buyer: { ...orderBody().buyer, company: { company_canonical_id: "cmpus136666666" } } })
      const answer = await call(sim, "POST", "/v1/order", { body })
      expect(answer.status).toBe(201)
      expect(answer.body).toMatchObject({
        status: "REJECTED",
        state: "UNVERIFIED",
        decline_reason: "TOO_HIGH_RISK",
        payment_url: null,
      })
      expect(await (await fetch(`${sim.url}/verify/${answer.body.id}`)).text()).toContain("declined")
      expect((await control(sim, "POST", `/orders/${answer.body.id}/verify`, { approve: true })).status).toBe(409)
      // a declined order frees its merchant_order_id
      const retry = await call(sim, "POST", "/v1/order", {
        body: { ...orderBody(), merchant_order_id: body.merchant_order_id },
      })
      expect(retry.body.status).toBe("APPROVED")
      const list = await call(sim, "GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`)
      expect(list.body.map((o: { status: string }) => o.status)).toEqual(["REJECTED", "APPROVED"])
    })

    it("answers with the billing address as the shipping address when none was sent", async () => {
      const { shipping_address: _s, ...body } = orderBody()
      const answer = await call(sim, "POST", "/v1/order", { body })
      expect(answer.status).toBe(201)
      expect(answer.body.shipping_address).toEqual({ ...address, id: expect.any(String), region: "" })
    })

    it(
      "refuses invoice_type, a billing address without organization_name, " + "and a currency out of the enum",
      async () => {
        const extra = await call(sim, "POST", "/v1/order", { body: { ...orderBody(), invoice_type: "FUNDED_INVOICE" } })
        expect(extra.status).toBe(400)
        expect(extra.body.error_json).toEqual([
          expect.objectContaining({ loc: ["invoice_type"], type: "extra_forbidden" }),
        ])
        const { organization_name: _o, ...noName } = address
        const billing = await call(sim, "POST", "/v1/order", { body: { ...orderBody(), billing_address: noName } })
        expect(billing.body.error_json).toEqual([
          expect.objectContaining({ loc: ["billing_address", "organization_name"] }),
        ])
        const { billing_address: _b, ...noBilling } = orderBody()
        expect((await call(sim, "POST", "/v1/order", { body: noBilling })).body.error_json).toEqual([
          expect.objectContaining({ loc: ["billing_address"] }),
        ])
        const currency = await call(sim, "POST", "/v1/order", { body: { ...orderBody(), currency: "JPY" } })
        expect(currency.body.error_json).toEqual([expect.objectContaining({ loc: ["currency"] })])
      },
    )

    it("declines a create with bad arithmetic with the failing code", async () => {
      const body = orderBody()
      body.tax_subtotals = [{ tax_rate: "0.200000", taxable_amount: "245.00", tax_amount: "49.00" }]
      body.net_amount = "244.00"
      const answer = await call(sim, "POST", "/v1/order", { body })
      expect(answer.status).toBe(201)
      expect(answer.body).toMatchObject({
        status: "REJECTED",
        decline_reason: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      })
    })

    it(
      "refuses a second live order with the same merchant_order_id: " + "409 INVALID_STATE with the existing id",
      async () => {
        const body = orderBody()
        const first = await call(sim, "POST", "/v1/order", { body })
        const second = await call(sim, "POST", "/v1/order", { body })
        expect(second.status).toBe(409)
        expect(second.body).toMatchObject({ error_code: "INVALID_STATE", error_details: first.body.id })
      },
    )

    it("answers 400 SCHEMA_ERROR when a required representative field is missing", async () => {
      const body = orderBody()
      const { phone_number: _phone, ...representative } = body.buyer.representative
      const answer = await call(sim, "POST", "/v1/order", {
        body: { ...body, buyer: { ...body.buyer, representative } },
      })
      expect(answer.status).toBe(400)
      expect(answer.body.error_json[0].loc).toEqual(["buyer", "representative", "phone_number"])
    })

    it("confirms only a VERIFIED order", async () => {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const early = await call(sim, "POST", `/v1/order/${created.body.id}/confirm`)
      expect(early.status).toBe(409)
      expect(early.body.error_code).toBe("INVALID_STATE")
      const verified = await control(sim, "POST", `/orders/${created.body.id}/verify`, { approve: true })
      expect(verified.body).toMatchObject({
        redirect_url: "https://shop.example/confirm?cart=1",
        order: { state: "VERIFIED" },
      })
      const confirmed = await call(sim, "POST", `/v1/order/${created.body.id}/confirm`)
      expect(confirmed.status).toBe(200)
      expect(confirmed.body.state).toBe("CONFIRMED")
      expect((await call(sim, "POST", `/v1/order/${created.body.id}/confirm`)).status).toBe(409)
    })

    it("cancels an approved order left UNVERIFIED once its time is up (clock of the control API)", async () => {
      const waiting = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const verified = await call(sim, "POST", "/v1/order", { body: orderBody() })
      await control(sim, "POST", `/orders/${verified.body.id}/verify`, { approve: true })
      const early = await control(sim, "POST", "/clock/advance", { ms: 47 * 3600 * 1000 })
      expect(early.body.expired).toBe(0)
      const late = await control(sim, "POST", "/clock/advance", { ms: 3600 * 1000 })
      expect(late.body.expired).toBe(1)
      expect((await call(sim, "GET", `/v1/order/${waiting.body.id}`)).body.state).toBe("CANCELLED")
      expect((await call(sim, "GET", `/v1/order/${verified.body.id}`)).body.state).toBe("VERIFIED")
      expect(await (await fetch(waiting.body.payment_url)).text()).toContain("expired")
      const deliveries = await control(sim, "GET", "/webhooks?type=order.cancelled.v1")
      expect(
        deliveries.body.items.map((d: { payload: { data: { order_id: string } } }) => d.payload.data.order_id),
      ).toEqual([waiting.body.id])
    })

    it("expires every waiting order on POST /_sim/orders/expire", async () => {
      const one = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const two = await call(sim, "POST", "/v1/order", { body: orderBody() })
      expect((await control(sim, "POST", "/orders/expire", { order_id: one.body.id })).body.expired).toBe(1)
      expect((await control(sim, "POST", "/orders/expire", {})).body.expired).toBe(1)
      expect((await call(sim, "GET", `/v1/order/${two.body.id}`)).body.state).toBe("CANCELLED")
    })
  })

  describe("edit", () => {
    it("replaces amounts and lines until fulfilment starts", async () => {
      const order = await confirmedOrder(sim)
      const lines = [line("Pallet of bricks", "3", "100", "0.200000", { line_item_reference: "li_bricks" })]
      const body = { ...orderBody({ lines }), merchant_reference: "edited" }
      const { buyer: _b, merchant_urls: _u, merchant_order_id: _m, tracking_id: _t, ...edit } = body
      const answer = await call(sim, "PUT", `/v1/order/${order.id}`, { body: edit })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        gross_amount: "360.00",
        net_amount: "300.00",
        state: "CONFIRMED",
        merchant_reference: "edited",
      })
      expect(answer.body.line_items).toHaveLength(1)

      const bad = { ...edit, gross_amount: "361.00" }
      const refused = await call(sim, "PUT", `/v1/order/${order.id}`, { body: bad })
      expect(refused.status).toBe(400)
      expect(refused.body.error_code).toBe("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH")
      const badLine = {
        ...edit,
        line_items: [{ ...lines[0], tax_amount: "70.00", gross_amount: "370.00" }],
        gross_amount: "370.00",
        tax_amount: "70.00",
      }
      expect((await call(sim, "PUT", `/v1/order/${order.id}`, { body: badLine })).body.error_code).toBe(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
      )
      const otherCurrency = await call(sim, "PUT", `/v1/order/${order.id}`, { body: { ...edit, currency: "EUR" } })
      expect(otherCurrency.status).toBe(400)
      const tooMuch = orderBody({ lines: [line("Machine", "1", "45000")] })
      const { buyer: _b2, merchant_urls: _u2, merchant_order_id: _m2, tracking_id: _t2, ...overLimit } = tooMuch
      const declined = await call(sim, "PUT", `/v1/order/${order.id}`, { body: overLimit })
      expect(declined.status).toBe(409)
      expect(declined.body).toMatchObject({ error_code: "INVALID_STATE", error_details: "BUYER_LIMIT_EXCEEDED" })

      await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, {
        body: {
          partial: totals([line("Pallet of bricks", "1", "100", "0.200000", { line_item_reference: "li_bricks" })]),
        },
      })
      const late = await call(sim, "PUT", `/v1/order/${order.id}`, { body: edit })
      expect(late.status).toBe(409)
    })

    it("honours merchant_order_id, and requires both addresses", async () => {
      const order = await confirmedOrder(sim)
      const { buyer: _b, merchant_urls: _u, merchant_order_id: _m, tracking_id: _t, ...edit } = orderBody()
      const renamed = await call(sim, "PUT", `/v1/order/${order.id}`, {
        body: { ...edit, merchant_order_id: "renamed-1" },
      })
      expect(renamed.status).toBe(200)
      expect(renamed.body.merchant_order_id).toBe("renamed-1")
      expect(
        (await call(sim, "GET", "/v1/order/merchant-order-id/renamed-1")).body.map((o: { id: string }) => o.id),
      ).toEqual([order.id])
      expect((await call(sim, "GET", `/v1/order/merchant-order-id/${order.merchant_order_id}`)).body).toEqual([])
      const other = await confirmedOrder(sim)
      const taken = await call(sim, "PUT", `/v1/order/${other.id}`, {
        body: { ...edit, merchant_order_id: "renamed-1" },
      })
      expect(taken).toMatchObject({ status: 409, body: { error_code: "INVALID_STATE", error_details: order.id } })
      const { shipping_address: _s, ...noShipping } = edit
      const refused = await call(sim, "PUT", `/v1/order/${order.id}`, { body: noShipping })
      expect(refused.status).toBe(400)
      expect(refused.body.error_json).toEqual([expect.objectContaining({ loc: ["shipping_address"] })])
    })
  })

  describe("cancel", () => {
    it("cancels (200), answers 202 when already cancelled, and sends order.cancelled once", async () => {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const first = await call(sim, "POST", `/v1/order/${created.body.id}/cancel`)
      expect(first.status).toBe(200)
      expect(first.body.state).toBe("CANCELLED")
      const second = await call(sim, "POST", `/v1/order/${created.body.id}/cancel`)
      expect(second.status).toBe(202)
      expect(second.body.state).toBe("CANCELLED")
      expect((await control(sim, "GET", "/webhooks?type=order.cancelled.v1")).body.items).toHaveLength(1)
      // a cancelled order frees its merchant_order_id
      const again = await call(sim, "POST", "/v1/order", {
        body: { ...orderBody(), merchant_order_id: created.body.merchant_order_id },
      })
      expect(again.status).toBe(201)
    })

    it("cancels the unfulfilled rest of a FULFILLING order, and refuses once FULFILLED", async () => {
      const partly = await confirmedOrder(sim)
      await call(sim, "POST", `/v1/order/${partly.id}/fulfilled`, { body: { partial: totals([partly.line_items[0]]) } })
      const cancelled = await call(sim, "POST", `/v1/order/${partly.id}/cancel`)
      expect(cancelled.status).toBe(200)
      expect(cancelled.body).toMatchObject({ state: "CANCELLED" })
      expect(cancelled.body.fulfilments).toHaveLength(1)

      const whole = await confirmedOrder(sim)
      await call(sim, "POST", `/v1/order/${whole.id}/fulfilled`)
      const refused = await call(sim, "POST", `/v1/order/${whole.id}/cancel`)
      expect(refused.status).toBe(409)
      expect(refused.body.error_code).toBe("INVALID_STATE")
    })
  })

  describe("fulfilment and invoices", () => {
    it("fulfils in parts, invoices each part, and refuses a part larger than what remains", async () => {
      const order = await confirmedOrder(sim)
      expect((await call(sim, "GET", `/v1/invoice/${order.id}/pdf?lang=en_US&v=original`)).status).toBe(409)

      const bricks = line("Pallet of bricks", "1", "100", "0.200000", { line_item_reference: "li_bricks" })
      const first = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, { body: { partial: totals([bricks]) } })
      expect(first.status).toBe(200)
      const afterFirst = first.body
      expect(afterFirst.state).toBe("FULFILLING")
      expect(afterFirst.fulfilled_order).toEqual({ id: afterFirst.fulfilments[0].id })
      expect(afterFirst.remained_order).toEqual({ id: order.id })
      expect(afterFirst.fulfilments).toHaveLength(1)
      expect(afterFirst.fulfilments[0]).toMatchObject({ gross_amount: "120.00", invoice_number: "INV-000001" })
      expect(afterFirst.fulfilments[0].invoice_url).toBe(
        `${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US&number=INV-000001`,
      )
      expect(afterFirst.invoice_url).toBe(`${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US&v=original`)

      const tooMuch = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, {
        body: { partial: totals([line("Pallet of bricks", "3", "100")]) },
      })
      expect(tooMuch.status).toBe(409)
      const badSum = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, {
        body: { partial: { ...totals([bricks]), gross_amount: "121.00" } },
      })
      expect(badSum.status).toBe(400)
      expect(badSum.body.error_code).toBe("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH")
      expect(badSum.body.error_json[0].loc).toEqual(["partial", "gross_amount"])

      const rest = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
      expect(rest.status).toBe(200)
      expect(rest.body.state).toBe("FULFILLED")
      expect(rest.body).toMatchObject({ fulfilled_order: { id: rest.body.fulfilments[1].id }, remained_order: null })
      expect(rest.body.fulfilments).toHaveLength(2)
      expect(rest.body.fulfilments[1]).toMatchObject({ gross_amount: "240.00", invoice_number: "INV-000002" })
      expect(
        rest.body.fulfilments[1].line_items.map((l: { name: string; quantity: string }) => [l.name, l.quantity]),
      ).toEqual([
        ["Pallet of bricks", "1"],
        ["Cement bag", "10"],
        ["Delivery", "1"],
      ])
      expect((await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)).status).toBe(409)
      const events = await control(sim, "GET", "/webhooks?type=order.fulfilled.v1")
      expect(events.body.items.map((d: { payload: { data: { state: string } } }) => d.payload.data.state)).toEqual([
        "FULFILLING",
        "FULFILLED",
      ])

      const pdf = await call(sim, "GET", `/v1/invoice/${order.id}/pdf?lang=en_US&v=original`)
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get("content-type")).toBe("application/pdf")
      const bytes = new Uint8Array(
        await (
          await fetch(`${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US&number=INV-000001`, {
            headers: { "X-Api-Key": SIMULATOR_API_KEY },
          })
        ).arrayBuffer(),
      )
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-")
      expect((await PDFDocument.load(bytes)).getTitle()).toBe("Invoice INV-000001")
      const latest = await fetch(`${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US&v=original`, {
        headers: { "X-Api-Key": SIMULATOR_API_KEY },
      })
      expect((await PDFDocument.load(new Uint8Array(await latest.arrayBuffer()))).getTitle()).toBe("Invoice INV-000002")
      expect((await call(sim, "GET", `/v1/invoice/${order.id}/pdf?number=INV-999999`)).status).toBe(404)
      expect((await call(sim, "GET", `/v1/invoice/${order.id}/pdf?v=original`, { key: null })).status).toBe(401)
    })

    it("invoices the rest per tax rate when the fulfilled lines do not match the order's", async () => {
      const lines = [line("Book", "2", "10", "0.000000"), line("Pen", "4", "2.5", "0.250000")]
      const order = await confirmedOrder(sim, { lines })
      const part = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, {
        body: { partial: totals([line("Something else", "1", "8", "0.250000")]) },
      })
      expect(part.body.state).toBe("FULFILLING")
      const rest = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
      expect(rest.body.state).toBe("FULFILLED")
      const last = rest.body.fulfilments[1]
      expect(last.gross_amount).toBe("22.50")
      expect(
        last.line_items.map((l: { tax_rate: string; gross_amount: string }) => [l.tax_rate, l.gross_amount]),
      ).toEqual([
        ["0.000000", "20.00"],
        ["0.250000", "2.50"],
      ])
    })

    it("does not read amounts at the top level: a body without `partial` fulfils all that remains", async () => {
      const order = await confirmedOrder(sim)
      const answer = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, {
        body: { ...totals([order.line_items[0]]), invoice_number: "INV-OWN-1", invoice_issue_date: "2026-11-24" },
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        state: "FULFILLED",
        fulfilled_order: { id: answer.body.fulfilments.at(-1).id },
        remained_order: null,
      })
      expect(answer.body.fulfilments[0]).toMatchObject({ gross_amount: "360.00", invoice_number: "INV-OWN-1" })
    })

    it("refuses to fulfil an order that is not confirmed", async () => {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      expect((await call(sim, "POST", `/v1/order/${created.body.id}/fulfilled`)).status).toBe(409)
      await control(sim, "POST", `/orders/${created.body.id}/verify`, { approve: true })
      expect((await call(sim, "POST", `/v1/order/${created.body.id}/fulfilled`)).status).toBe(409)
    })
  })

  describe("refunds and credit notes", () => {
    it("refunds in parts up to what was fulfilled, honours refund_reference, and ends REFUNDED", async () => {
      const order = await confirmedOrder(sim)
      expect((await call(sim, "POST", `/v1/order/${order.id}/refund`)).status).toBe(409)
      await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, { body: { partial: totals([order.line_items[0]]) } })

      const partial = {
        amount: "60.00",
        currency: "GBP",
        tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "50.00", tax_amount: "10.00" }],
        reason: "damaged",
        refund_reference: "rma-1",
      }
      const first = await call(sim, "POST", `/v1/order/${order.id}/refund`, { body: partial })
      expect(first.status).toBe(201)
      const refund = first.body
      expect(refund).toMatchObject({
        amount: "60.00",
        total_amount: "60.00",
        payable_amount: "60.00",
        prepaid_amount: "0.00",
        refund_no: 1,
        currency: "GBP",
        credit_note_number: "CN-000001",
        reason: "damaged",
        refund_reference: "rma-1",
        tax_subtotals: partial.tax_subtotals,
        line_items: [],
      })
      expect(new Date(refund.refund_date).toISOString()).toBe(refund.refund_date)
      expect(refund.credit_note_url).toBe(`${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US&number=CN-000001`)

      const repeat = await call(sim, "POST", `/v1/order/${order.id}/refund`, { body: { ...partial, amount: "1.00" } })
      expect(repeat.status).toBe(201)
      expect(repeat.body).toEqual(first.body)

      const over = await call(sim, "POST", `/v1/order/${order.id}/refund`, {
        body: {
          ...partial,
          refund_reference: "rma-2",
          amount: "240.00",
          tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "200.00", tax_amount: "40.00" }],
        },
      })
      expect(over.status).toBe(409)
      expect(over.body.error_code).toBe("INVALID_STATE")
      const bad = await call(sim, "POST", `/v1/order/${order.id}/refund`, {
        body: { ...partial, refund_reference: "rma-3", amount: "61.00" },
      })
      expect(bad.status).toBe(400)
      expect(bad.body.error_code).toBe("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH")
      const withLines = await call(sim, "POST", `/v1/order/${order.id}/refund`, {
        body: {
          ...partial,
          refund_reference: "rma-4",
          line_items: [line("Pallet of bricks", "1", "40")],
          amount: "48.00",
          tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "40.00", tax_amount: "8.00" }],
        },
      })
      expect(withLines.status).toBe(201)
      // In the answer a list of lists; flat in the order's refunds[].
      expect(withLines.body.line_items).toEqual([[expect.objectContaining({ name: "Pallet of bricks" })]])

      const rest = await call(sim, "POST", `/v1/order/${order.id}/refund`, {
        body: { reason: "all of it", refund_reference: "rma-5" },
      })
      expect(rest.status).toBe(201)
      expect(rest.body).toMatchObject({
        amount: "132.00",
        reason: "all of it",
        refund_reference: "rma-5",
        refund_no: 3,
      })
      let current = (await call(sim, "GET", `/v1/order/${order.id}`)).body
      expect(current.state).toBe("FULFILLING")
      expect(current.refunds).toHaveLength(3)
      expect(current.refunds[1].line_items).toEqual([expect.objectContaining({ name: "Pallet of bricks" })])
      expect(current.credit_note_url).toBe(`${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US`)
      expect((await call(sim, "POST", `/v1/order/${order.id}/refund`)).status).toBe(409)

      await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
      const last = await call(sim, "POST", `/v1/order/${order.id}/refund`)
      expect(last.body.amount).toBe("120.00")
      current = (await call(sim, "GET", `/v1/order/${order.id}`)).body
      expect(current.state).toBe("REFUNDED")
      expect((await control(sim, "GET", "/webhooks?type=order.refunded.v1")).body.items).toHaveLength(4)

      const creditNote = await fetch(`${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US`, {
        headers: { "X-Api-Key": SIMULATOR_API_KEY },
      })
      const bytes = new Uint8Array(await creditNote.arrayBuffer())
      expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe("%PDF")
      expect((await PDFDocument.load(bytes)).getTitle()).toBe("Credit note CN-000004")
      const summary = (await control(sim, "GET", "/orders")).body.items.find((o: { id: string }) => o.id === order.id)
      expect(summary).toMatchObject({
        fulfilments: 2,
        refunds: 4,
        fulfilled_amount: "360.00",
        refunded_amount: "360.00",
      })
    })

    it("refuses a refund in another currency", async () => {
      const order = await confirmedOrder(sim)
      await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
      const answer = await call(sim, "POST", `/v1/order/${order.id}/refund`, {
        body: {
          amount: "12.00",
          currency: "EUR",
          tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "10.00", tax_amount: "2.00" }],
        },
      })
      expect(answer.status).toBe(400)
    })
  })

  describe("idempotency", () => {
    it("answers the first answer again for the same key and body, 409 for another body", async () => {
      const body = orderBody()
      const first = await call(sim, "POST", "/v1/order", { body, idempotencyKey: "create-1" })
      expect(first.status).toBe(201)
      const reordered = Object.fromEntries(Object.entries(body).reverse())
      const replay = await call(sim, "POST", "/v1/order", { body: reordered, idempotencyKey: "create-1" })
      expect(replay.status).toBe(201)
      expect(replay.body).toEqual(first.body)
      expect(replay.headers.get("idempotent-replayed")).toBe("true")
      expect((await control(sim, "GET", "/orders")).body.items).toHaveLength(1)

      const conflict = await call(sim, "POST", "/v1/order", {
        body: { ...body, merchant_reference: "x" },
        idempotencyKey: "create-1",
      })
      expect(conflict.status).toBe(409)
      expect(conflict.body.error_code).toBe("IDEMPOTENCY_CONFLICT")
      const otherPath = await call(sim, "POST", `/v1/order/${first.body.id}/cancel`, { idempotencyKey: "create-1" })
      expect(otherPath.status).toBe(409)
      expect(otherPath.body.error_code).toBe("IDEMPOTENCY_CONFLICT")

      // keys are per merchant
      const theirs = await call(sim, "POST", "/v1/order", { body, idempotencyKey: "create-1", key: OTHER_KEY })
      expect(theirs.status).toBe(201)
      expect(theirs.body.id).not.toBe(first.body.id)
    })

    it("replays errors and bodiless calls too, and refuses keys of the wrong length", async () => {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const cancel = await call(sim, "POST", `/v1/order/${created.body.id}/cancel`, { idempotencyKey: "c-1" })
      expect(cancel.status).toBe(200)
      const again = await call(sim, "POST", `/v1/order/${created.body.id}/cancel`, { idempotencyKey: "c-1" })
      expect(again.status).toBe(200)
      expect(again.body).toEqual(cancel.body)
      const early = await call(sim, "POST", `/v1/order/${created.body.id}/confirm`, { idempotencyKey: "c-2" })
      expect(early.status).toBe(409)
      expect((await call(sim, "POST", `/v1/order/${created.body.id}/confirm`, { idempotencyKey: "c-2" })).body).toEqual(
        early.body,
      )

      for (const key of ["", "k".repeat(101)]) {
        const answer = await call(sim, "POST", "/v1/order", { body: orderBody(), idempotencyKey: key })
        expect(answer.status).toBe(400)
        expect(answer.body.error_code).toBe("SCHEMA_ERROR")
      }
      expect(
        (await call(sim, "POST", "/v1/order", { body: orderBody(), idempotencyKey: "k".repeat(100) })).status,
      ).toBe(201)
    })
  })
})

describe("simulator: options", () => {
  it("creates orders VERIFIED without payment_url for a verified trade account user (hook)", async () => {
    const sim = await startSimulator({
      hooks: { isVerifiedTradeAccountUser: (_merchant, ref) => ref.user_id === "usr_verified" },
    })
    try {
      const base = orderBody()
      const verified = await call(sim, "POST", "/v1/order", {
        body: { ...base, buyer: { ...base.buyer, trade_account: { customer_id: "c1", user_id: "usr_verified" } } },
      })
      expect(verified.body).toMatchObject({ state: "VERIFIED", status: "APPROVED", payment_url: null })
      expect((await control(sim, "GET", "/webhooks")).body.items).toEqual([])
      const other = orderBody()
      const unverified = await call(sim, "POST", "/v1/order", {
        body: { ...other, buyer: { ...other.buyer, trade_account: { customer_id: "c1", user_id: "usr_new" } } },
      })
      expect(unverified.body.state).toBe("UNVERIFIED")
    } finally {
      await sim.close()
    }
  })

  it("cancels unverified orders with its timer after unverifiedTtlMs", async () => {
    const sim = await startSimulator({ unverifiedTtlMs: 100 })
    try {
      const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
      const order = await waitFor(async () => {
        const list = (await control(sim, "GET", "/webhooks?type=order.cancelled.v1")).body.items
        return list.length === 1 ? list[0] : undefined
      })
      expect(order.payload.data).toMatchObject({ order_id: created.body.id, state: "CANCELLED", status: "APPROVED" })
    } finally {
      await sim.close()
    }
  })

  it("refuses merchants with keys or secrets of the wrong shape", async () => {
    await expect(startSimulator({ merchants: [{ apiKey: "secret_test_x", name: "Bad" }] })).rejects.toThrow(
      /wrong shape/,
    )
    await expect(
      startSimulator({ merchants: [{ apiKey: SIMULATOR_API_KEY, name: "Bad", webhookSecret: "nope" }] }),
    ).rejects.toThrow(/wrong shape/)
  })
})
