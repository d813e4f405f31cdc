import { createHash } from "node:crypto"
import { assertApiKey, createTradeCreditClient, describeKey, redactKey, TradeCreditError } from ".."
import { parseClientOptions } from "../options"
import { PROD_KEY, TEST_KEY } from "./fixtures"

function thrown(fn: () => unknown): TradeCreditError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(TradeCreditError)
    return error as TradeCreditError
  }
  throw new Error("expected a throw")
}

const SECRET = TEST_KEY.slice("secret_test_".length)

describe("api key rules", () => {
  it("accepts a well-formed key of the configured environment", () => {
    expect(() => assertApiKey(TEST_KEY, "sandbox")).not.toThrow()
    expect(() => assertApiKey(PROD_KEY, "production")).not.toThrow()
    // URL-safe base64 of 32 random bytes, as the service issues them
    const issued =
      "secret_test_" + Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString("base64url")
    expect(() => assertApiKey(issued, "sandbox")).not.toThrow()
  })

  it.each([
    ["a missing key", "", /missing/],
    ["another prefix", "sk_live_" + SECRET, /malformed: it does not start with secret_test_ or secret_prod_/],
    ["an unknown environment", "secret_live_" + SECRET, /malformed: it does not start with/],
    [
      "a short secret",
      "secret_test_" + SECRET.slice(0, 40),
      /malformed: secret_test_… has 40 characters after the prefix, expected 43/,
    ],
    ["a long secret", TEST_KEY + "x", /has 44 characters/],
    ["padding", "secret_test_" + SECRET.slice(0, 42) + "=", /outside URL-safe base64/],
    ["standard base64", "secret_test_" + SECRET.slice(0, 42) + "+", /outside URL-safe base64/],
    ["a trailing newline", TEST_KEY + "\n", /whitespace/],
  ])("refuses %s as malformed, showing at most the prefix", (_, key, message) => {
    const error = thrown(() => assertApiKey(key, "sandbox"))
    expect(error.code).toBe("INVALID_API_KEY")
    expect(error.message).toMatch(message)
    if (key.length > 12) expect(error.message).not.toContain(key.slice(12, 20))
    expect(error.message).not.toContain(SECRET.slice(0, 8))
  })

  it("refuses a production key with the sandbox and a sandbox key with production, saying which", () => {
    const prodInSandbox = thrown(() => assertApiKey(PROD_KEY, "sandbox"))
    expect(prodInSandbox.code).toBe("INVALID_API_KEY")
    expect(prodInSandbox.message).toMatch(/production key \(secret_prod_…\).*configured for the sandbox/)
    const testInProd = thrown(() => assertApiKey(TEST_KEY, "production"))
    expect(testInProd.message).toMatch(/sandbox key \(secret_test_…\).*configured for production/)
    for (const error of [prodInSandbox, testInProd]) {
      expect(error.message).not.toContain(SECRET.slice(0, 6))
      expect(error.message).not.toContain(PROD_KEY.slice(12, 18))
    }
  })

  it("refuses a non-string key and an unknown environment", () => {
    expect(thrown(() => assertApiKey(undefined, "sandbox")).code).toBe("INVALID_API_KEY")
    expect(thrown(() => assertApiKey(TEST_KEY, "staging" as never)).message).toMatch(/sandbox.*production/)
  })

  it("describes a key safely: its prefix and a fingerprint, no character of the secret part", () => {
    const fingerprint = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 8)
    expect(describeKey(TEST_KEY)).toBe(`secret_test_…#${fingerprint(TEST_KEY)}`)
    expect(describeKey(PROD_KEY)).toBe(`secret_prod_…#${fingerprint(PROD_KEY)}`)
    expect(describeKey(TEST_KEY)).not.toBe(describeKey(`${TEST_KEY.slice(0, -1)}x`))
    expect(describeKey(TEST_KEY)).not.toContain(TEST_KEY.slice("secret_test_".length, "secret_test_".length + 2))
    expect(describeKey("hunter2-is-my-password")).toBe("[redacted]")
  })

  it("redacts the key, and its secret part alone, from any text", () => {
    const text = `echo ${TEST_KEY} and ${SECRET} again ${TEST_KEY}`
    const out = redactKey(text, TEST_KEY)
    expect(out).not.toContain(SECRET)
    expect(out).toBe(`echo ${describeKey(TEST_KEY)} and [redacted] again ${describeKey(TEST_KEY)}`)
  })
})

describe("client options", () => {
  const base = { apiKey: TEST_KEY, environment: "sandbox" as const, baseUrl: "http://127.0.0.1:9" }

  it("applies the documented defaults", () => {
    expect(parseClientOptions(base)).toMatchObject({
      timeoutMs: 10_000,
      deadlineMs: 30_000,
      maxRetries: 2,
      connections: 16,
      maxRetryAfterMs: 5_000,
    })
    expect(parseClientOptions({ ...base, timeoutMs: 2000 }).deadlineMs).toBe(6000)
  })

  it.each([
    [{ baseUrl: "ftp://example.com" }, /baseUrl: baseUrl must be an http or https URL/],
    [{ baseUrl: "not a url" }, /baseUrl/],
    [{ baseUrl: "https://user:pw@example.com" }, /credentials/],
    [{ environment: "staging" }, /environment/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ maxRetries: -1 }, /maxRetries/],
    [{ connections: 0 }, /connections/],
    [{ timeoutMs: 5000, deadlineMs: 1000 }, /deadlineMs must be at least timeoutMs/],
    [{ logger: { debug: () => undefined } }, /logger/],
    [{ onRequest: "count" }, /onRequest/],
    [{ retries: 3 }, /retries/],
  ])("refuses %j with INVALID_OPTIONS naming the option", (override, message) => {
    const error = thrown(() => parseClientOptions({ ...base, ...(override as object) } as never))
    expect(error.code).toBe("INVALID_OPTIONS")
    expect(error.message).toMatch(message)
  })

  it("creates a client only with a key that fits the environment", async () => {
    expect(thrown(() => createTradeCreditClient({ ...base, apiKey: PROD_KEY })).code).toBe("INVALID_API_KEY")
    expect(thrown(() => createTradeCreditClient({ ...base, apiKey: 42 as never })).message).not.toContain("42")
    const client = createTradeCreditClient(base)
    // Each interface module adds a field (registry, autofill, tradeAccount, erasure, ...).
    expect(Object.keys(client)).toEqual(
      expect.arrayContaining(["close", "companies", "orders", "repayment", "stats", "registry", "autofill"]),
    )
    await client.close()
  })
})
