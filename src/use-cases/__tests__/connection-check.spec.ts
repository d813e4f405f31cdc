import { TEST_KEY } from "../../client/__tests__/fixtures"
import { describeKey } from "../../utils/key-display"
import { checkConnection } from "../connection-check"
import { adminFakes } from "./admin-fakes"
import { serviceError, serviceUnavailable, unreadableAnswer } from "./fakes"

/** The admin's connection check: one company search with the configured key, its verdict in words, never the key. */

describe("checkConnection", () => {
  it("says the key was accepted, in which environment, with the key's display form only", async () => {
    const { deps, client } = adminFakes()
    client.companies.search.mockResolvedValue({ items: [] } as never)

    const check = await checkConnection(deps)

    expect(client.companies.search).toHaveBeenCalledWith({ country: "GB", q: "a", limit: 1 })
    expect(check).toMatchObject({
      ok: true,
      key_accepted: true,
      status: 200,
      reason: null,
      environment: "sandbox",
      key_prefix: describeKey(TEST_KEY),
      message: "The trade credit service (sandbox) accepted the key.",
    })
    expect(check.duration_ms).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(check)).not.toContain(TEST_KEY)
  })

  it.each([
    ["a refused key", serviceError({ code: "UNAUTHORIZED", status: 401 }), "KEY_REJECTED", false, 401],
    ["no answer", serviceError({ code: "TIMEOUT", status: undefined }), "UNREACHABLE", null, null],
    ["an answer outside the contract", unreadableAnswer(), "BAD_RESPONSE", null, 200],
    ["the service down", serviceUnavailable(), "SERVICE_UNAVAILABLE", null, 503],
    ["another refusal", serviceError({ code: "INVALID_REQUEST", status: 422 }), "UNEXPECTED_ANSWER", null, 422],
  ])("answers %s as ok: false with its reason, never throwing", async (_case, error, reason, accepted, status) => {
    const { deps, client } = adminFakes()
    client.companies.search.mockRejectedValue(error)

    const check = await checkConnection(deps)

    expect(check).toMatchObject({ ok: false, reason, key_accepted: accepted, status })
    expect(check.message).not.toContain(TEST_KEY)
  })

  it("keeps the key out of a message that echoes it", async () => {
    const { deps, client } = adminFakes()
    client.companies.search.mockRejectedValue(new Error(`bad header ${TEST_KEY}`))

    const check = await checkConnection(deps)

    expect(check).toMatchObject({ ok: false, reason: "UNEXPECTED_ANSWER", status: null })
    expect(check.message).toContain(describeKey(TEST_KEY))
    expect(check.message).not.toContain(TEST_KEY)
  })

  it("answers a client that cannot be made as a failed check, not an error", async () => {
    const { deps, module } = adminFakes()
    module.getClient.mockImplementation(() => {
      throw new Error("no transport")
    })

    expect(await checkConnection(deps)).toMatchObject({ ok: false, reason: "UNEXPECTED_ANSWER" })
  })
})
