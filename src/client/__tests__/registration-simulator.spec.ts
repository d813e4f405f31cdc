import { loadPublished, type PublishedDocuments } from "../../../conformance/published"
import { createTradeCreditClient, type TradeCreditClient } from ".."
import { startScriptedServer } from "./scripted-server"
import { TEST_KEY } from "./fixtures"
import { PDF_BYTES, proposalBody, uniqueKey } from "../../../packages/simulator/src/__tests__/registration-fixtures"
import { failure, type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * client.registry and client.autofill (contract section 5) end to end against
 * the simulator over real HTTP: delegation tokens and their flags, autofill by
 * token and by buyer reference, returning buyers (codes, matches, lock),
 * proposals with evidence, submission, withdrawal and decisions; errors as
 * TradeCreditError; emails never in a logged path.
 */

let sim: Simulator
let client: TradeCreditClient
const logged: string[] = []

const control = (method: string, path: string, body?: unknown) => simulatorControl(sim, method, path, body)
const key = (what: string) => ({ idempotencyKey: uniqueKey(what) })
const codeOf = async (email: string) =>
  (await control("GET", `/registration/codes?email=${encodeURIComponent(email)}`)).items[0].code as string

beforeAll(async () => {
  ;({ sim, client } = await startSimulatorClient(
    { proposalDecisionDelayMs: null },
    {
      retryBaseDelayMs: 20,
      retryMaxDelayMs: 100,
      logger: {
        debug: (line: string) => logged.push(line),
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      },
    },
  ))
})
afterAll(async () => {
  await client?.close()
  await sim?.close()
})
beforeEach(async () => {
  await control("POST", "/reset")
  logged.length = 0
})

describe("client.registry and client.autofill", () => {
  it(
    "issues tokens (the same on a replay); a token is sent alone and only does " + "what its flags allow (403)",
    async () => {
      const idem = key("deleg")
      const { token } = await client.registry.createDelegationToken(
        { verify_returning_buyer: true, create_proposal: false, buyer_reference: "cus_1" },
        idem,
      )
      expect(token).toMatch(/^sdat_/)
      expect(
        (
          await client.registry.createDelegationToken(
            { verify_returning_buyer: true, create_proposal: false, buyer_reference: "cus_1" },
            idem,
          )
        ).token,
      ).toBe(token)

      const forbidden = await failure(client.registry.createProposal(proposalBody(), { ...key("p"), token }))
      expect(forbidden).toMatchObject({ code: "FORBIDDEN", status: 403, retryable: false })
      const log = (await control("GET", "/requests?path_prefix=/registry/v1/proposal")).items
      expect(log.at(-1).merchant).toBe("simulated-merchant")

      const { token: reader } = await client.autofill.createDelegationToken(
        { read_current_buyer: true, write_current_buyer: false, buyer_reference: "cus_1" },
        key("ad"),
      )
      const denied = await failure(
        client.autofill.writeCurrentBuyer(
          { persistent: true, company_name: "X", country_code: "GB", organization_number: "1" },
          { token: reader },
          key("w"),
        ),
      )
      expect(denied.code).toBe("FORBIDDEN")
      await control("POST", "/clock/advance", { ms: 60 * 60 * 1000 })
      expect(await failure(client.autofill.readCurrentBuyer({ token: reader }))).toMatchObject({
        code: "UNAUTHORIZED",
        status: 401,
      })
    },
  )

  it(
    "autofill: null when nothing is saved; a write by token is read by token " +
      "and by buyer reference; delete removes it",
    async () => {
      const { token } = await client.autofill.createDelegationToken(
        { read_current_buyer: true, write_current_buyer: true, delete_current_buyer: true, buyer_reference: "cus_2" },
        key("ad"),
      )
      expect(await client.autofill.readCurrentBuyer({ token })).toBeNull()
      const buyer = {
        persistent: true,
        company_name: "ACME INDUSTRIAL SUPPLIES LTD",
        country_code: "GB",
        organization_number: "08123456",
        email: "jane@acme.example",
        billing_address: {
          organization_name: "ACME INDUSTRIAL SUPPLIES LTD",
          building: "14",
          street: "Mill Lane",
          postal_code: "LS1 4AP",
          city: "Leeds",
          country: "GB",
        },
      }
      await client.autofill.writeCurrentBuyer(buyer, { token }, key("w"))
      const { persistent: _persistent, ...saved } = buyer
      const read = await client.autofill.readCurrentBuyer({ token })
      expect(read).toMatchObject({ ...saved, first_name: null, phone_number: null, shipping_address: null })
      expect(read?.billing_address).toMatchObject({ apartment: null, region: null, ...buyer.billing_address })
      expect(await client.autofill.readCurrentBuyer({ buyerReference: "cus_2" })).toEqual(read)
      expect(await client.autofill.readCurrentBuyer({ buyerReference: "cus_3" })).toBeNull()
      // Refused before sending: a malformed phone, a missing `persistent`.
      const calls = client.stats().calls
      expect(
        (
          await failure(
            client.autofill.writeCurrentBuyer(
              { ...buyer, phone_number: "0770" },
              { buyerReference: "cus_2" },
              key("w"),
            ),
          )
        ).code,
      ).toBe("INVALID_REQUEST")
      expect(
        (await failure(client.autofill.writeCurrentBuyer({ ...saved } as never, { buyerReference: "cus_2" }, key("w"))))
          .code,
      ).toBe("INVALID_REQUEST")
      expect(client.stats().calls).toBe(calls)

      await client.autofill.deleteCurrentBuyer({ token }, key("del"))
      expect(await client.autofill.readCurrentBuyer({ token })).toBeNull()
    },
  )

  it(
    "returning buyer: found or not, the code gives the business and a matches " +
      "token, matches list; emails stay out of logged paths",
    async () => {
      const { token } = await client.registry.createDelegationToken(
        { verify_returning_buyer: true, create_proposal: false },
        key("d"),
      )
      expect(await client.registry.requestReturningBuyerCode("nobody@example.com", { ...key("v"), token })).toEqual({
        found: false,
      })
      expect(
        await client.registry.requestReturningBuyerCode("two.businesses@example.com", { ...key("v"), token }),
      ).toEqual({ found: true })
      const wrong = await failure(
        client.registry.verifyReturningBuyerCode(
          {
            email: "two.businesses@example.com",
            code: "000000" === (await codeOf("two.businesses@example.com")) ? "111111" : "000000",
          },
          { ...key("c"), token },
        ),
      )
      expect(wrong).toMatchObject({ code: "SCHEMA_ERROR", status: 400 })

      const verified = await client.registry.verifyReturningBuyerCode(
        { email: "two.businesses@example.com", code: await codeOf("two.businesses@example.com") },
        { ...key("c"), token },
      )
      expect(verified.business.organization_number).toBe("11223344")
      expect(verified.total_matches).toBe(2)
      expect(verified.matchesToken).toMatch(/^sdat_/)
      const matches = await client.registry.listMatches("two.businesses@example.com", verified.matchesToken as string)
      expect(matches.map((b) => b.company_name)).toEqual([
        "THORNBURY CATERING EQUIPMENT LIMITED",
        "PENNYWORTH STATIONERS LTD",
      ])
      const other = await failure(
        client.registry.listMatches("returning.buyer@example.com", verified.matchesToken as string),
      )
      expect(other.code).toBe("FORBIDDEN")
      expect(other.path).toBe("/proposal/returning-buyer/matches/{email}")
      expect(other.message).not.toContain("returning.buyer")
      expect(logged.length).toBeGreaterThan(0)
      expect(logged.join("\n")).not.toMatch(/@example\.com|example\.com/)
    },
  )

  it("returning buyer: the fifth wrong code is RATE_LIMITED with retryAfterMs (not retried)", async () => {
    const email = "returning.buyer@example.com"
    await client.registry.requestReturningBuyerCode(email, key("v"))
    const right = await codeOf(email)
    const wrong = right === "000000" ? "111111" : "000000"
    for (let i = 0; i < 4; i++) {
      expect((await failure(client.registry.verifyReturningBuyerCode({ email, code: wrong }, key("c")))).status).toBe(
        400,
      )
    }
    const locked = await failure(client.registry.verifyReturningBuyerCode({ email, code: wrong }, key("c")))
    expect(locked).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterMs: 900_000, attempts: 1 })
  })

  it(
    "proposals: refused before sending outside GB/US; evidence, submission, " +
      "409s explained, withdrawal, acceptance by the control API",
    async () => {
      const calls = client.stats().calls
      const norway = await failure(client.registry.createProposal(proposalBody({ country: "NO" }), key("p")))
      expect(norway.code).toBe("INVALID_REQUEST")
      expect(norway.message).toContain("limited to UK (GB) and US sole traders")
      expect(
        await failure(
          client.registry.uploadEvidence(
            "prop_x",
            { fileName: "a.gif", contentType: "image/gif", data: Buffer.from("GIF89a") },
            key("e"),
          ),
        ),
      ).toMatchObject({ code: "INVALID_REQUEST" })
      expect(client.stats().calls).toBe(calls)

      const proposal = await client.registry.createProposal(proposalBody({ country: "US" }), key("p"))
      expect(proposal.status).toBe("DRAFT")
      const draftWithdrawal = await failure(client.registry.withdrawProposal(proposal.id, key("w")))
      expect(draftWithdrawal).toMatchObject({ code: "INVALID_STATE", status: 409 })
      expect(draftWithdrawal.message).toContain("only be withdrawn while SUBMITTED or IN_REVIEW")

      const evidence = await client.registry.uploadEvidence(
        proposal.id,
        { fileName: 'bill "march".pdf', contentType: "application/pdf", data: new Uint8Array(PDF_BYTES) },
        key("e"),
      )
      expect(evidence).toMatchObject({
        proposal_id: proposal.id,
        content_type: "application/pdf",
        size: PDF_BYTES.length,
      })
      expect(evidence.file_name).toBe('bill "march".pdf') // quotes percent-encoded on the wire, decoded by the service

      expect(await client.registry.submitProposal(proposal.id, key("s"))).toEqual({
        initiation_method: "SKIP",
        proposal_id: proposal.id,
      })
      expect((await client.registry.getProposal(proposal.id)).status).toBe("SUBMITTED")
      const late = await failure(
        client.registry.uploadEvidence(
          proposal.id,
          { fileName: "b.pdf", contentType: "application/pdf", data: PDF_BYTES },
          key("e"),
        ),
      )
      expect(late).toMatchObject({ code: "INVALID_STATE", status: 409 })
      expect(late.message).toContain("only be uploaded while the proposal is DRAFT")

      await control("POST", `/registration/proposals/${proposal.id}/decision`, { status: "ACCEPTED" })
      const accepted = await client.registry.getProposal(proposal.id)
      expect(accepted.status).toBe("ACCEPTED")
      expect(accepted.enrolled_business).toMatchObject({
        business_type: "SOLE_TRADER",
        organization_number: "STUS00000018",
        country_code: "US",
        trading_name: "Jane Smith Plumbing",
        email: "[redacted]",
      })
      expect(accepted.proposed_business.email).toBe("[redacted]")
      expect(accepted.proposed_business.proprietor_details).toBeNull()

      const second = await client.registry.createProposal(proposalBody({ trading_name: "Withdrawn Trader" }), key("p"))
      await client.registry.submitProposal(second.id, { ...key("s"), body: { initiation_method: "EMAIL" } })
      expect((await client.registry.withdrawProposal(second.id, key("w"))).status).toBe("WITHDRAWN")
      expect(await failure(client.registry.getProposal("prop_unknown"))).toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      })
    },
  )

  it(
    "on the wire: a token call carries the token and no API key; a delegation " +
      "without the token header is a contract violation",
    async () => {
      const server = await startScriptedServer()
      const scripted = createTradeCreditClient({
        apiKey: TEST_KEY,
        environment: "sandbox",
        baseUrl: server.url,
        maxRetries: 0,
      })
      try {
        server.script({
          status: 404,
          body: { error_code: "NOT_FOUND", error_message: "nothing saved", error_trace_id: "t1" },
        })
        expect(await scripted.autofill.readCurrentBuyer({ token: "sdat_abc" })).toBeNull()
        expect(server.requests[0].headers["service-delegated-authority-token"]).toBe("sdat_abc")
        expect(server.requests[0].headers["x-api-key"]).toBeUndefined()

        server.script({ status: 200, body: { items: [] } })
        await scripted.registry.listMatches("jane@example.com", "sdat_m")
        expect(server.requests[1].url).toBe("/proposal/returning-buyer/matches/jane%40example.com")

        server.script({ status: 200, body: {} })
        const broken = await failure(
          scripted.registry.createDelegationToken({ verify_returning_buyer: true, create_proposal: true }, key("d")),
        )
        expect(broken.code).toBe("CONTRACT_VIOLATION")
        expect(server.requests[2].headers["x-api-key"]).toBe(TEST_KEY)

        server.script({
          status: 201,
          body: { id: "evd_1", proposal_id: "prop_1", file_name: "a.png", content_type: "image/png", size: 3 },
        })
        await scripted.registry.uploadEvidence(
          "prop_1",
          { fileName: "a.png", contentType: "image/png", data: Buffer.from([1, 2, 3]) },
          key("e"),
        )
        const upload = server.requests[3]
        expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
        expect(upload.body).toContain('Content-Disposition: form-data; name="file"; filename="a.png"')
      } finally {
        await scripted.close()
        await server.close()
      }
    },
  )
})

describe("section 5 against the service's published documents", () => {
  let published: PublishedDocuments
  beforeAll(async () => {
    published = await loadPublished()
  })

  it("what the client sends conforms, and so does what the simulator answers", async () => {
    // The simulator's answers: every request the client makes below goes through it, the log keeps the bodies.
    const { token } = await client.registry.createDelegationToken({ buyer_reference: "cus_pub" }, key("d"))
    const { token: autofill } = await client.autofill.createDelegationToken(
      { read_current_buyer: true, write_current_buyer: true, delete_current_buyer: true, buyer_reference: "cus_pub" },
      key("a"),
    )
    await client.autofill.writeCurrentBuyer(
      {
        persistent: true,
        company_name: "ACME INDUSTRIAL SUPPLIES LTD",
        country_code: "GB",
        organization_number: "08123456",
        phone_number: "+447700900123",
        billing_address: {
          organization_name: "ACME INDUSTRIAL SUPPLIES LTD",
          building: "14",
          street: "Mill Lane",
          postal_code: "LS1 4AP",
          city: "Leeds",
          country: "GB",
        },
      },
      { token: autofill },
      key("w"),
    )
    const buyer = await client.autofill.readCurrentBuyer({ token: autofill })
    await client.registry.requestReturningBuyerCode("returning.buyer@example.com", { ...key("v"), token })
    await client.registry.verifyReturningBuyerCode(
      { email: "returning.buyer@example.com", code: await codeOf("returning.buyer@example.com") },
      { ...key("c"), token },
    )
    const proposal = await client.registry.createProposal(proposalBody(), { ...key("p"), token })
    await client.registry.submitProposal(proposal.id, { ...key("s"), token })
    await control("POST", `/registration/proposals/${proposal.id}/decision`, { status: "ACCEPTED" })
    const accepted = await client.registry.getProposal(proposal.id, { token })
    const declinedDraft = await client.registry.createProposal(
      proposalBody({ trading_name: "Declined Trader" }),
      key("p"),
    )
    await client.registry.submitProposal(declinedDraft.id, key("s"))
    await control("POST", `/registration/proposals/${declinedDraft.id}/decision`, { status: "DECLINED" })
    const declined = await client.registry.getProposal(declinedDraft.id)
    await client.autofill.deleteCurrentBuyer({ token: autofill }, key("del"))
    expect(buyer?.organization_number).toBe("08123456")

    const checks: [string, string, number, unknown][] = [
      ["get", "/autofill/v1/buyer/current", 200, buyer],
      ["get", `/registry/v1/proposal/${proposal.id}`, 200, accepted],
      ["get", `/registry/v1/proposal/${declined.id}`, 200, declined],
      ["post", "/registry/v1/proposal", 202, proposal],
      [
        "post",
        `/registry/v1/proposal/${proposal.id}/submission`,
        200,
        { initiation_method: "SKIP", proposal_id: proposal.id },
      ],
    ]
    for (const [method, path, status, body] of checks) {
      expect({
        method,
        path,
        violations: published.response(method, path, status, JSON.parse(JSON.stringify(body))),
      }).toEqual({ method, path, violations: [] })
    }
    expect(accepted.proposed_business.proprietor_details).toBeNull()
    expect(declined.proposed_business.proprietor_details).toBeNull()
    // The check does check: the old reading (placeholders in the proprietor's details) is refused.
    const oldReading = {
      ...declined,
      proposed_business: {
        ...declined.proposed_business,
        proprietor_details: {
          first_name: "[redacted]",
          last_name: "[redacted]",
          date_of_birth: "[redacted]",
          email: "[redacted]",
        },
      },
    }
    expect(published.response("get", `/registry/v1/proposal/${declined.id}`, 200, oldReading)).not.toEqual([])
  })

  it("the request bodies, as sent on the wire", async () => {
    const server = await startScriptedServer()
    const scripted = createTradeCreditClient({
      apiKey: TEST_KEY,
      environment: "sandbox",
      baseUrl: server.url,
      maxRetries: 0,
    })
    const tokenHeader = { "service-delegated-authority-token": "sdat_x" }
    try {
      server.script({ status: 200, body: {}, headers: tokenHeader })
      await scripted.registry.createDelegationToken(
        { verify_returning_buyer: true, create_proposal: false, buyer_reference: "cus_1" },
        key("d"),
      )
      server.script({ status: 200, body: {}, headers: tokenHeader })
      await scripted.autofill.createDelegationToken({}, key("a"))
      server.script({ status: 200, body: {} })
      await scripted.autofill.writeCurrentBuyer(
        { persistent: false, company_name: "X Ltd", billing_address: { street: "1 Road", country: "GB" } },
        { token: "sdat_w" },
        key("w"),
      )
      server.script({ status: 201, body: {} })
      await scripted.registry.requestReturningBuyerCode("jane@example.com", key("v"))
      server.script({
        status: 200,
        body: { business: { company_name: "X", country_code: "GB", organization_number: "1" }, total_matches: 1 },
      })
      await scripted.registry.verifyReturningBuyerCode(
        { email: "jane@example.com", code: "123456", verification_type: "EMAIL" },
        key("c"),
      )
      server.script({ status: 500, body: { error_code: "SERVER_ERROR", error_message: "x", error_trace_id: "t" } })
      await failure(scripted.registry.createProposal(proposalBody(), key("p")))
      server.script({ status: 200, body: { initiation_method: "SKIP", proposal_id: "prop_1" } })
      await scripted.registry.submitProposal("prop_1", { ...key("s"), body: { initiation_method: "EMAIL" } })

      const sent: [string, string][] = [
        ["post", "/registry/v1/delegation"],
        ["post", "/autofill/v1/delegation"],
        ["post", "/autofill/v1/buyer/current"],
        ["post", "/proposal/returning-buyer/verification"],
        ["patch", "/proposal/returning-buyer/verification"],
        ["post", "/registry/v1/proposal"],
        ["post", "/registry/v1/proposal/prop_1/submission"],
      ]
      sent.forEach(([method, path], i) => {
        const request = server.requests[i]
        expect(`${request.method} ${request.url.split("?")[0]}`).toBe(`${method.toUpperCase()} ${path}`)
        expect({ path, violations: published.request(method, path, JSON.parse(request.body)) }).toEqual({
          path,
          violations: [],
        })
      })
    } finally {
      await scripted.close()
      await server.close()
    }
  })
})
