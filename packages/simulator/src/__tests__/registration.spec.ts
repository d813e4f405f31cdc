import { Webhook } from "standardwebhooks"
import type { Proposal } from "../contract/registration"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator, type RunningSimulator } from "../index"
import { isSyntheticNumber, luhnDigit, syntheticNumber } from "../registration/organization-numbers"
import { ruleDecision } from "../registration/proposals"
import { prefillOf } from "../routes/signup-page"
import { call, control, orderBody, waitFor } from "./helpers"
import { PDF_BYTES, PNG_BYTES, proposalBody, uniqueKey } from "./registration-fixtures"
import { webhookReceiver } from "./repayment-fixtures"

/**
 * Business registration and autofill of the simulator (contract section 5)
 * over real HTTP: delegation tokens (flags, expiry, replay), autofill records,
 * returning buyers (codes, lock, matches), proposals (evidence, submission,
 * withdrawal, decisions by rules and control API, redaction, synthetic numbers,
 * webhooks, the company registry), faults and the request log, the popup page.
 */

const TOKEN = "service-delegated-authority-token"
const OTHER_KEY = "secret_test_" + "OtherMerchantKey000000000000000000000000000"

describe("simulator: business registration and autofill", () => {
  let sim: RunningSimulator
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>

  beforeAll(async () => {
    hooks = await webhookReceiver()
    sim = await startSimulator({
      proposalDecisionDelayMs: null,
      webhookUrl: hooks.url,
      webhookRetryDelaysMs: [50],
      merchants: [
        { apiKey: SIMULATOR_API_KEY, name: "Simulated Merchant" },
        { apiKey: OTHER_KEY, name: "Other Merchant" },
      ],
    })
  })
  afterAll(async () => {
    await sim.close()
    await hooks.close()
  })
  beforeEach(async () => {
    await control(sim, "POST", "/reset")
    hooks.received.length = 0
  })

  const post = (
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    key: string | null = SIMULATOR_API_KEY,
  ) => call(sim, "POST", path, { body, headers, key, idempotencyKey: uniqueKey("k") })
  const withToken = (token: string) => ({ "Service-Delegated-Authority-Token": token })

  async function registryToken(
    flags: { verify_returning_buyer?: boolean; create_proposal?: boolean; buyer_reference?: string } = {},
  ) {
    const answer = await post("/registry/v1/delegation", {
      verify_returning_buyer: true,
      create_proposal: true,
      ...flags,
    })
    expect(answer.status).toBe(200)
    return answer.headers.get(TOKEN) as string
  }
  async function autofillToken(
    flags: { read_current_buyer?: boolean; write_current_buyer?: boolean; buyer_reference?: string } = {},
  ) {
    const answer = await post("/autofill/v1/delegation", {
      read_current_buyer: true,
      write_current_buyer: true,
      ...flags,
    })
    expect(answer.status).toBe(200)
    return answer.headers.get(TOKEN) as string
  }
  async function newProposal(overrides: Parameters<typeof proposalBody>[0] = {}, headers: Record<string, string> = {}) {
    const answer = await post("/registry/v1/proposal", proposalBody(overrides), headers)
    expect(answer.status).toBe(202)
    return answer.body as Proposal
  }
  const upload = (
    proposalId: string,
    data: Uint8Array<ArrayBuffer>,
    type: string,
    name = "evidence.pdf",
    headers: Record<string, string> = { "X-Api-Key": SIMULATOR_API_KEY },
  ) => {
    const form = new FormData()
    form.append("file", new Blob([data], { type }), name)
    return fetch(`${sim.url}/registry/v1/proposal/${proposalId}/evidence`, {
      method: "POST",
      headers: { ...headers, "Idempotency-Key": uniqueKey("evidence") },
      body: form,
    })
  }
  const decide = (id: string, status: string) =>
    control(sim, "POST", `/registration/proposals/${id}/decision`, { status })

  describe("delegation tokens", () => {
    it(
      "answer 200 {} with the token in the header; " + "a replay gives the same token; a token cannot issue tokens",
      async () => {
        const idempotencyKey = uniqueKey("deleg")
        const body = { verify_returning_buyer: true, create_proposal: false, buyer_reference: "cus_1" }
        const first = await call(sim, "POST", "/registry/v1/delegation", { body, idempotencyKey })
        expect(first.status).toBe(200)
        expect(first.body).toEqual({})
        const token = first.headers.get(TOKEN) as string
        expect(token).toMatch(/^sdat_[A-Za-z0-9_-]{43}$/)
        const replay = await call(sim, "POST", "/registry/v1/delegation", { body, idempotencyKey })
        expect(replay.headers.get("idempotent-replayed")).toBe("true")
        expect(replay.headers.get(TOKEN)).toBe(token)

        const byToken = await post("/registry/v1/delegation", body, withToken(token), null)
        expect(byToken.status).toBe(403)
        expect(byToken.body.error_code).toBe("FORBIDDEN")
        const bad = await post("/autofill/v1/delegation", { read_current_buyer: "yes" })
        expect(bad.status).toBe(400)
        expect(bad.body.error_code).toBe("SCHEMA_ERROR")
      },
    )

    it("give absent flags the published defaults: registry both, autofill read only", async () => {
      const registry = (await post("/registry/v1/delegation", {})).headers.get(TOKEN) as string
      const verify = await post(
        "/proposal/returning-buyer/verification",
        { email: "returning.buyer@example.com" },
        withToken(registry),
        null,
      )
      expect(verify.status).toBe(201)
      expect((await post("/registry/v1/proposal", proposalBody(), withToken(registry), null)).status).toBe(202)
      const autofill = (await post("/autofill/v1/delegation", { buyer_reference: "cus_defaults" })).headers.get(
        TOKEN,
      ) as string
      expect(
        (await call(sim, "GET", "/autofill/v1/buyer/current", { key: null, headers: withToken(autofill) })).status,
      ).toBe(404)
      expect((await post("/autofill/v1/buyer/current", { persistent: true }, withToken(autofill), null)).status).toBe(
        403,
      )
      const remove = await call(sim, "DELETE", "/autofill/v1/buyer/current", {
        key: null,
        headers: withToken(autofill),
        idempotencyKey: uniqueKey("del"),
      })
      expect(remove.status).toBe(403)
    })

    it(
      "grant only their flags (403), only under the registration paths, " +
        "and expire after one hour of the simulator clock (401)",
      async () => {
        const verifyOnly = await registryToken({ create_proposal: false })
        const created = await post("/registry/v1/proposal", proposalBody(), withToken(verifyOnly), null)
        expect(created.status).toBe(403)
        expect(created.body.error_message).toContain("create_proposal")
        const order = await call(sim, "POST", "/v1/order", {
          body: orderBody(),
          key: null,
          headers: withToken(verifyOnly),
          idempotencyKey: "o1",
        })
        expect(order.status).toBe(403)
        expect(
          (await call(sim, "GET", "/autofill/v1/buyer/current", { key: null, headers: withToken("sdat_unknown") }))
            .status,
        ).toBe(401)
        // The key of another merchant with this merchant's token: 401.
        const mixed = await call(sim, "GET", "/autofill/v1/buyer/current", {
          key: OTHER_KEY,
          headers: withToken(await autofillToken()),
        })
        expect(mixed.status).toBe(401)

        const reader = await autofillToken({ buyer_reference: "cus_exp" })
        expect(
          (await call(sim, "GET", "/autofill/v1/buyer/current", { key: null, headers: withToken(reader) })).status,
        ).toBe(404)
        await control(sim, "POST", "/clock/advance", { ms: 60 * 60 * 1000 })
        const expired = await call(sim, "GET", "/autofill/v1/buyer/current", { key: null, headers: withToken(reader) })
        expect(expired.status).toBe(401)
        expect(expired.body.error_message).toContain("expired")
      },
    )
  })

  describe("autofill", () => {
    const buyer = {
      company_name: "ACME INDUSTRIAL SUPPLIES LTD",
      country_code: "GB",
      organization_number: "08123456",
      first_name: "Jane",
      last_name: "Doe",
      email: "jane@acme.example",
      phone_number: "+447700900123",
      billing_address: { building: "14", street: "Mill Lane", postal_code: "LS1 4AP", city: "Leeds", country: "GB" },
      shipping_address: null,
    }
    const write = { persistent: true, ...buyer }
    const address = { organization_name: null, apartment: null, region: null, ...buyer.billing_address }

    it(
      "keeps one record per (merchant, buyer_reference): tokens, " +
        "the query token, the API key with ?buyer_reference=",
      async () => {
        const writer = await autofillToken({ read_current_buyer: false, buyer_reference: "cus_a" })
        const reader = await autofillToken({ write_current_buyer: false, buyer_reference: "cus_a" })
        expect(
          (await call(sim, "GET", "/autofill/v1/buyer/current", { key: null, headers: withToken(reader) })).status,
        ).toBe(404)
        expect((await post("/autofill/v1/buyer/current", write, withToken(reader), null)).status).toBe(403)
        expect(
          (await call(sim, "GET", "/autofill/v1/buyer/current", { key: null, headers: withToken(writer) })).status,
        ).toBe(403)

        const saved = await post("/autofill/v1/buyer/current", write, withToken(writer), null)
        expect(saved.status).toBe(200)
        expect(saved.body).toEqual({})
        const read = await call(sim, "GET", `/autofill/v1/buyer/current?Service-Delegated-Authority-Token=${reader}`, {
          key: null,
        })
        expect(read.status).toBe(200)
        expect(read.body).toEqual({ ...buyer, billing_address: address })
        expect(read.headers.get("access-control-allow-origin")).toBe("*")

        expect((await call(sim, "GET", "/autofill/v1/buyer/current?buyer_reference=cus_a")).body.company_name).toBe(
          buyer.company_name,
        )
        expect((await call(sim, "GET", "/autofill/v1/buyer/current?buyer_reference=cus_b")).status).toBe(404)
        expect((await call(sim, "GET", "/autofill/v1/buyer/current")).status).toBe(400)
        // Another merchant never sees it; a token without a reference has a record of its own.
        expect(
          (await call(sim, "GET", "/autofill/v1/buyer/current?buyer_reference=cus_a", { key: OTHER_KEY })).status,
        ).toBe(404)
        expect(
          (
            await call(sim, "GET", "/autofill/v1/buyer/current", {
              key: null,
              headers: withToken(await autofillToken()),
            })
          ).status,
        ).toBe(404)

        const broken = await post("/autofill/v1/buyer/current?buyer_reference=cus_a", {
          ...write,
          billing_address: { country: "gb" },
        })
        expect(broken.status).toBe(400)
        expect(broken.body.error_json[0].loc.slice(-2)).toEqual(["billing_address", "country"])
        // 400: the body has no `persistent`.
        expect((await post("/autofill/v1/buyer/current?buyer_reference=cus_a", buyer)).status).toBe(400)

        // Only what was sent is saved: no company name is left out of the read, not null.
        expect(
          (
            await post("/autofill/v1/buyer/current?buyer_reference=cus_c", {
              persistent: false,
              email: "c@example.com",
            })
          ).status,
        ).toBe(200)
        const partial = await call(sim, "GET", "/autofill/v1/buyer/current?buyer_reference=cus_c")
        expect(partial.body).not.toHaveProperty("company_name")
        expect(partial.body).toMatchObject({ email: "c@example.com", organization_number: null, billing_address: null })
      },
    )

    it("DELETE removes the record, with delete_current_buyer or the API key", async () => {
      const deleter = await autofillToken({
        read_current_buyer: false,
        write_current_buyer: false,
        delete_current_buyer: true,
        buyer_reference: "cus_d",
      } as any)
      expect((await post("/autofill/v1/buyer/current?buyer_reference=cus_d", write)).status).toBe(200)
      const removed = await call(sim, "DELETE", "/autofill/v1/buyer/current", {
        key: null,
        headers: withToken(deleter),
        idempotencyKey: uniqueKey("del"),
      })
      expect([removed.status, removed.body]).toEqual([200, {}])
      expect((await call(sim, "GET", "/autofill/v1/buyer/current?buyer_reference=cus_d")).status).toBe(404)
    })
  })

  describe("returning buyers", () => {
    const codeOf = async (email: string) =>
      (await control(sim, "GET", `/registration/codes?email=${encodeURIComponent(email)}`)).body.items[0]

    it(
      "sends a code to a known email (201 {}), 404 for an unknown one; the right code gives the business, " +
        "total_matches and a matches token",
      async () => {
        const token = await registryToken({ create_proposal: false })
        expect(
          (
            await post(
              "/proposal/returning-buyer/verification",
              { email: "nobody@example.com" },
              withToken(token),
              null,
            )
          ).status,
        ).toBe(404)
        const sent = await post(
          "/proposal/returning-buyer/verification",
          { email: "Two.Businesses@example.com" },
          withToken(token),
          null,
        )
        expect(sent.status).toBe(201)
        expect(sent.body).toEqual({})
        const { code } = await codeOf("two.businesses@example.com")
        expect(code).toMatch(/^\d{6}$/)

        const verified = await call(sim, "PATCH", "/proposal/returning-buyer/verification", {
          key: null,
          headers: withToken(token),
          body: { email: "two.businesses@example.com", code, verification_type: "EMAIL" },
          idempotencyKey: uniqueKey("code"),
        })
        expect(verified.status).toBe(200)
        expect(verified.body).toEqual({
          business: {
            company_name: "THORNBURY CATERING EQUIPMENT LIMITED",
            country_code: "GB",
            organization_number: "11223344",
          },
          total_matches: 2,
        })
        const matchesToken = verified.headers.get(TOKEN) as string
        expect(matchesToken).toMatch(/^sdat_/)
        const matches = await call(sim, "GET", "/proposal/returning-buyer/matches/two.businesses%40example.com", {
          key: null,
          headers: withToken(matchesToken),
        })
        expect(matches.status).toBe(200)
        expect(matches.body.items.map((b: { organization_number: string }) => b.organization_number)).toEqual([
          "11223344",
          "12345678",
        ])
        const other = await call(sim, "GET", "/proposal/returning-buyer/matches/returning.buyer%40example.com", {
          key: null,
          headers: withToken(matchesToken),
        })
        expect(other.status).toBe(403)
        // The matches token does nothing else; the code is used up.
        expect(
          (
            await post(
              "/proposal/returning-buyer/verification",
              { email: "returning.buyer@example.com" },
              withToken(matchesToken),
              null,
            )
          ).status,
        ).toBe(403)
        const again = await call(sim, "PATCH", "/proposal/returning-buyer/verification", {
          body: { email: "two.businesses@example.com", code },
          idempotencyKey: uniqueKey("code"),
        })
        expect(again.status).toBe(400)
        // Without a code: 400 SCHEMA_ERROR naming the field (`code` is required, contract section 5).
        const noCode = await call(sim, "PATCH", "/proposal/returning-buyer/verification", {
          body: { email: "two.businesses@example.com" },
          idempotencyKey: uniqueKey("code"),
        })
        expect([noCode.status, noCode.body.error_code, noCode.body.error_json[0].loc.at(-1)]).toEqual([
          400,
          "SCHEMA_ERROR",
          "code",
        ])
      },
    )

    it(
      "answers 400 for a wrong code and locks the email " + "at the fifth for 15 minutes (429 with Retry-After)",
      async () => {
        const email = "returning.buyer@example.com"
        expect((await post("/proposal/returning-buyer/verification", { email })).status).toBe(201)
        const { code } = await codeOf(email)
        const wrong = code === "000000" ? "111111" : "000000"
        const patch = (value: string) =>
          call(sim, "PATCH", "/proposal/returning-buyer/verification", {
            body: { email, code: value },
            idempotencyKey: uniqueKey("code"),
          })
        for (let i = 1; i <= 4; i++) {
          const answer = await patch(wrong)
          expect(answer.status).toBe(400)
          expect(answer.body.error_code).toBe("SCHEMA_ERROR")
          expect(answer.body.error_message).toContain(`${5 - i} attempt`)
        }
        const fifth = await patch(wrong)
        expect(fifth.status).toBe(429)
        expect(fifth.body.error_code).toBe("RATE_LIMITED")
        expect(fifth.headers.get("retry-after")).toBe("900")
        expect((await patch(code)).status).toBe(429)
        expect((await post("/proposal/returning-buyer/verification", { email })).status).toBe(429)
        expect((await codeOf(email)).locked_until).not.toBeNull()

        await control(sim, "POST", "/clock/advance", { ms: 15 * 60 * 1000 })
        expect((await post("/proposal/returning-buyer/verification", { email })).status).toBe(201)
        const fresh = await codeOf(email)
        expect((await patch(fresh.code)).status).toBe(200)
      },
    )
  })

  describe("proposals", () => {
    it(
      "GB and US only; DRAFT on create; withdrawal only from SUBMITTED or IN_REVIEW; evidence only in DRAFT, " +
        "PDF/PNG/JPEG up to 10 MB",
      async () => {
        const norway = await post("/registry/v1/proposal", proposalBody({ country: "NO" }))
        expect(norway.status).toBe(400)
        expect(norway.body.error_code).toBe("SCHEMA_ERROR")
        expect(norway.body.error_message).toContain("limited to UK (GB) and US sole traders")
        expect(norway.body.error_message).toContain('"NO"')

        const proposal = await newProposal({ country: "US" })
        expect(proposal).toMatchObject({ status: "DRAFT", enrolled_business: null })
        expect(proposal.proposed_business.proprietor_details?.first_name).toBe("Jane")
        expect(proposal.proposed_business).toMatchObject({
          business_type: "SOLE_TRADER",
          tax_number: null,
          website: null,
        })
        const noBuilding = proposalBody()
        delete (noBuilding.proposed_business.business_address as { building?: string }).building
        expect((await post("/registry/v1/proposal", noBuilding)).status).toBe(400)
        const noHistory = proposalBody()
        delete (noHistory.proposed_business.proprietor_details as { address_history?: unknown }).address_history
        expect((await post("/registry/v1/proposal", noHistory)).status).toBe(400)
        const defaults = proposalBody()
        delete (defaults.proposed_business as { business_type?: string }).business_type
        delete defaults.proposed_business.proprietor_details.email
        delete defaults.proposed_business.proprietor_details.phone
        expect((await post("/registry/v1/proposal", defaults)).body.proposed_business.business_type).toBe("SOLE_TRADER")

        const withdrawDraft = await call(sim, "DELETE", `/registry/v1/proposal/${proposal.id}`, {
          idempotencyKey: uniqueKey("wd"),
        })
        expect(withdrawDraft.status).toBe(409)
        expect(withdrawDraft.body.error_code).toBe("INVALID_STATE")
        expect(withdrawDraft.body.error_message).toContain("only be withdrawn while SUBMITTED or IN_REVIEW")
        expect(withdrawDraft.body.error_message).toContain("DRAFT")

        const pdf = await upload(proposal.id, PDF_BYTES, "application/pdf")
        expect(pdf.status).toBe(201)
        expect(await pdf.json()).toEqual({
          id: expect.stringMatching(/^evd_/),
          proposal_id: proposal.id,
          file_name: "evidence.pdf",
          content_type: "application/pdf",
          size: PDF_BYTES.length,
        })
        expect((await upload(proposal.id, PNG_BYTES, "image/png", "bill.png")).status).toBe(201)
        const gif = await upload(proposal.id, Buffer.from("GIF89a"), "image/gif", "x.gif")
        expect(gif.status).toBe(415)
        expect((await gif.json()).error_message).toContain("application/pdf")
        expect((await upload(proposal.id, PNG_BYTES, "application/pdf")).status).toBe(415)
        const big = await upload(
          proposal.id,
          Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]),
          "application/pdf",
        )
        expect(big.status).toBe(413)
        const json = await post(`/registry/v1/proposal/${proposal.id}/evidence`, { file: "x" })
        expect(json.status).toBe(400)

        const submitted = await post(`/registry/v1/proposal/${proposal.id}/submission`, undefined)
        expect(submitted.status).toBe(200)
        expect(submitted.body).toEqual({ initiation_method: "SKIP", proposal_id: proposal.id })
        expect((await call(sim, "GET", `/registry/v1/proposal/${proposal.id}`)).body.status).toBe("SUBMITTED")
        expect((await post(`/registry/v1/proposal/${proposal.id}/submission`, undefined)).status).toBe(409)
        const late = await upload(proposal.id, PDF_BYTES, "application/pdf")
        expect(late.status).toBe(409)
        expect((await late.json()).error_message).toContain("only be uploaded while the proposal is DRAFT")

        const withdrawn = await call(sim, "DELETE", `/registry/v1/proposal/${proposal.id}`, {
          idempotencyKey: uniqueKey("wd"),
        })
        expect(withdrawn.status).toBe(200)
        expect(withdrawn.body.status).toBe("WITHDRAWN")
        expect((await decide(proposal.id, "ACCEPTED")).status).toBe(409)
        const detail = await control(sim, "GET", `/registration/proposals/${proposal.id}`)
        expect(detail.body.evidence).toHaveLength(2)
        expect(detail.body.evidence[0]).not.toHaveProperty("data")
      },
    )

    it(
      "ACCEPTED: synthetic number, enrolled business, redaction, signed enrollment.approved, the company buys, " +
        "the proprietor returns, autofill filled",
      async () => {
        const token = await registryToken({ buyer_reference: "cus_jane" })
        const proposal = await newProposal({}, withToken(token))
        expect(
          (await post(`/registry/v1/proposal/${proposal.id}/submission`, undefined, withToken(token), null)).status,
        ).toBe(200)
        // A token of another buyer reference does not see it; the API key does.
        const stranger = await registryToken({ buyer_reference: "cus_other" })
        expect(
          (await call(sim, "GET", `/registry/v1/proposal/${proposal.id}`, { key: null, headers: withToken(stranger) }))
            .status,
        ).toBe(404)
        expect((await call(sim, "GET", `/registry/v1/proposal/${proposal.id}`, { key: OTHER_KEY })).status).toBe(404)

        expect((await decide(proposal.id, "IN_REVIEW")).body.proposal.status).toBe("IN_REVIEW")
        expect((await decide(proposal.id, "IN_REVIEW")).status).toBe(409)
        const accepted = (await decide(proposal.id, "ACCEPTED")).body
        expect(accepted.decided_by).toBe("control")

        const read = await call(sim, "GET", `/registry/v1/proposal/${proposal.id}`, {
          key: null,
          headers: withToken(token),
        })
        const body = read.body as Proposal
        expect(body.status).toBe("ACCEPTED")
        expect(body.enrolled_business).toEqual({
          id: expect.stringMatching(/^bus_/),
          business_type: "SOLE_TRADER",
          organization_number: "STGB00000018",
          trading_name: "Jane Smith Plumbing",
          country_code: "GB",
          email: "[redacted]",
          phone: "[redacted]",
          website: null,
          tax_number: null,
          business_address: {
            apartment: null,
            building: "Unit 4",
            street: "Canal Street",
            postal_code: "M1 3HE",
            city: "Manchester",
            region: null,
            country_code: "GB",
          },
        })
        expect(body.proposed_business.email).toBe("[redacted]")
        expect(body.proposed_business.phone).toBe("[redacted]")
        expect(body.proposed_business.proprietor_details).toBeNull()
        expect(body.proposed_business.trading_name).toBe("Jane Smith Plumbing")

        const delivered = await waitFor(() => hooks.received.find((r) => r.body.includes("enrollment.approved")))
        const event = new Webhook(SIMULATOR_WEBHOOK_SECRET).verify(
          delivered.body,
          delivered.headers as Record<string, string>,
        ) as any
        expect(event).toMatchObject({
          type: "enrollment.approved",
          data: {
            proposal_id: proposal.id,
            merchant_id: expect.any(String),
            organization_number: "STGB00000018",
            company_name: "Jane Smith Plumbing",
            country_code: "GB",
          },
        })

        const intent = await call(sim, "POST", "/v1/order_intent", {
          idempotencyKey: uniqueKey("intent"),
          body: {
            gross_amount: orderBody().gross_amount,
            currency: "GBP",
            line_items: orderBody().line_items,
            invoice_type: "FUNDED_INVOICE",
            buyer: {
              company: {
                company_name: "Jane Smith Plumbing",
                country_prefix: "GB",
                organization_number: "STGB00000018",
              },
            },
          },
        })
        expect(intent.status).toBe(201)
        expect(intent.body.approved).toBe(true)

        const autofill = await call(sim, "GET", "/autofill/v1/buyer/current?buyer_reference=cus_jane")
        expect(autofill.body).toMatchObject({
          organization_number: "STGB00000018",
          first_name: "Jane",
          email: "jane.smith@plumbing.example",
          billing_address: {
            organization_name: "Jane Smith Plumbing",
            building: "Unit 4",
            street: "Canal Street",
            country: "GB",
          },
        })
        expect(
          (await post("/proposal/returning-buyer/verification", { email: "jane.smith@plumbing.example" })).status,
        ).toBe(201)
        const buyers = await control(sim, "GET", "/registration/returning-buyers")
        expect(buyers.body.items).toContainEqual(
          expect.objectContaining({ email: "jane.smith@plumbing.example", proposal_id: proposal.id }),
        )

        // The next one gets the next number; the control API lists them.
        const second = await newProposal({ trading_name: "Second Trader" })
        await post(`/registry/v1/proposal/${second.id}/submission`, undefined)
        const secondAccepted = (await decide(second.id, "ACCEPTED")).body.proposal
        expect(secondAccepted.enrolled_business.organization_number).toBe("STGB00000026")
        const listed = await control(sim, "GET", "/registration/proposals?status=ACCEPTED")
        expect(listed.body.items).toHaveLength(2)
      },
    )

    it("DECLINED redacts and sends the decline event by its published name", async () => {
      const proposal = await newProposal()
      await post(`/registry/v1/proposal/${proposal.id}/submission`, undefined)
      const declined = (await decide(proposal.id, "DECLINED")).body.proposal
      expect(declined).toMatchObject({ status: "DECLINED", enrolled_business: null })
      expect(declined.proposed_business.proprietor_details).toBeNull()
      const delivered = await waitFor(() =>
        hooks.received.find((r) => r.body.includes("business_registry.rejected.v1")),
      )
      expect(JSON.parse(delivered.body).data).toEqual({
        proposal_id: proposal.id,
        merchant_id: expect.any(String),
        rejection_reason: expect.any(String),
      })
      expect(
        (await call(sim, "DELETE", `/registry/v1/proposal/${proposal.id}`, { idempotencyKey: uniqueKey("wd") })).status,
      ).toBe(409)
    })
  })

  it("the rules decide after proposalDecisionDelayMs: DECLINE, REVIEW, otherwise ACCEPTED", async () => {
    expect([ruleDecision("Bob Decline Ltd"), ruleDecision("needs review"), ruleDecision("Jane")]).toEqual([
      "DECLINED",
      "IN_REVIEW",
      "ACCEPTED",
    ])
    const quick = await startSimulator({ proposalDecisionDelayMs: 50 })
    try {
      const statuses: Record<string, string> = {}
      for (const name of ["Jane Plumbing", "DECLINE Me", "Please REVIEW"]) {
        const created = await call(quick, "POST", "/registry/v1/proposal", {
          body: proposalBody({ trading_name: name }),
          idempotencyKey: uniqueKey("p"),
        })
        await call(quick, "POST", `/registry/v1/proposal/${created.body.id}/submission`, {
          idempotencyKey: uniqueKey("s"),
        })
        statuses[name] = created.body.id
      }
      await waitFor(async () => {
        const items = (await control(quick, "GET", "/registration/proposals")).body.items
        return items.every((i: any) => i.proposal.status !== "SUBMITTED") ? items : undefined
      })
      const statusOf = async (id: string) => (await call(quick, "GET", `/registry/v1/proposal/${id}`)).body.status
      expect(await statusOf(statuses["Jane Plumbing"])).toBe("ACCEPTED")
      expect(await statusOf(statuses["DECLINE Me"])).toBe("DECLINED")
      expect(await statusOf(statuses["Please REVIEW"])).toBe("IN_REVIEW")
    } finally {
      await quick.close()
    }
  })

  it("faults and the request log cover the new routes; tokens never appear in the log", async () => {
    await control(sim, "POST", "/faults", {
      method: "POST",
      path: "/registry/v1/proposal",
      fault: { type: "status", status: 503, retry_after: 1 },
    })
    const failed = await post("/registry/v1/proposal", proposalBody())
    expect(failed.status).toBe(503)
    expect(failed.headers.get("retry-after")).toBe("1")
    const token = await autofillToken({ buyer_reference: "cus_log" })
    await call(sim, "GET", `/autofill/v1/buyer/current?Service-Delegated-Authority-Token=${token}`, { key: null })
    const log = (await control(sim, "GET", "/requests?path_prefix=/")).body.items
    expect(log.find((e: any) => e.path === "/registry/v1/proposal").fault).toBe("status")
    const read = log.find((e: any) => e.path === "/autofill/v1/buyer/current")
    expect(read.status).toBe(404)
    expect(JSON.stringify(log)).not.toContain(token)
  })

  describe("synthetic numbers and the popup", () => {
    it("numbers carry a Luhn check digit", () => {
      expect(syntheticNumber("GB", 1)).toBe("STGB00000018")
      expect(syntheticNumber("US", 42)).toBe(`STUS0000042${luhnDigit("0000042")}`)
      expect(isSyntheticNumber("STGB00000018")).toBe(true)
      expect(isSyntheticNumber("STGB00000019")).toBe(false)
    })

    it("autofillData prefills leniently", () => {
      expect(
        prefillOf(
          JSON.stringify({
            first_name: "Jane",
            email: "jane@example.com",
            phone_number: "+447700900123",
            company_name: "Jane's",
            billing_address: { street_address: "1 Road", city: "Leeds", postal_code: "LS1", country: "gb" },
            date_of_birth: "not a date",
          }),
        ),
      ).toEqual({
        first_name: "Jane",
        email: "jane@example.com",
        phone: "+447700900123",
        trading_name: "Jane's",
        street: "1 Road",
        city: "Leeds",
        postal_code: "LS1",
        country: "GB",
      })
      expect(prefillOf("{not json")).toEqual({})
      expect(prefillOf(undefined)).toEqual({})
    })

    it("serves the page for valid tokens and a clear error page otherwise", async () => {
      const auth = await registryToken()
      const autofill = await autofillToken()
      const page = await call(sim, "GET", `/soletrader/signup?authToken=${auth}&autofillToken=${autofill}&country=US`, {
        key: null,
      })
      expect(page.status).toBe(200)
      expect(page.headers.get("content-type")).toContain("text/html")
      expect(page.text).toContain('<label for="trading_name">')
      expect(page.text).not.toContain(SIMULATOR_API_KEY)

      const missing = await call(sim, "GET", `/soletrader/signup?autofillToken=${autofill}`, { key: null })
      expect(missing.status).toBe(400)
      expect(missing.text).toContain("The link has no authToken")
      const swapped = await call(sim, "GET", `/soletrader/signup?authToken=${autofill}&autofillToken=${auth}`, {
        key: null,
      })
      expect(swapped.status).toBe(401)
      const readOnly = await autofillToken({ write_current_buyer: false })
      const cannotSave = await call(sim, "GET", `/soletrader/signup?authToken=${auth}&autofillToken=${readOnly}`, {
        key: null,
      })
      expect(cannotSave.status).toBe(403)
      expect(cannotSave.text).toContain("write_current_buyer")
      await control(sim, "POST", "/clock/advance", { ms: 60 * 60 * 1000 + 1 })
      const expired = await call(sim, "GET", `/soletrader/signup?authToken=${auth}&autofillToken=${autofill}`, {
        key: null,
      })
      expect(expired.status).toBe(401)
      expect(expired.text).toContain("expired")
    })
  })
})
