import { openMatchesToken, sealMatchesToken } from "../matches-tokens"

describe("the returning buyer's matches token, sealed for the database", () => {
  const token = "sdat_0123456789abcdefghijklmnopqrstuv"
  const apiKey = "secret_test_current-key"
  const previous = "secret_test_previous-key"

  it("stores no part of the token, a new text each time, and opens it with the API key", () => {
    const first = sealMatchesToken(token, apiKey)
    const second = sealMatchesToken(token, apiKey)
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]+$/)
    expect(first).not.toEqual(second)
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain("sdat_")
      expect(sealed).not.toContain(token.slice(5, 15))
      expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("sdat_")
      expect(openMatchesToken(sealed, [apiKey])).toBe(token)
    }
  })

  it(
    "opens a token sealed with the previous key during a rotation, and nothing " + "sealed with another key or altered",
    () => {
      const sealedBefore = sealMatchesToken(token, previous)
      expect(openMatchesToken(sealedBefore, [apiKey, previous])).toBe(token)
      expect(openMatchesToken(sealedBefore, [apiKey, undefined])).toBeUndefined()
      const sealed = sealMatchesToken(token, apiKey)
      const raw = Buffer.from(sealed.slice(3), "base64url")
      raw[raw.length - 1] ^= 1
      expect(openMatchesToken(`v1:${raw.toString("base64url")}`, [apiKey])).toBeUndefined()
      // A row written in plain text (or anything not sealed) opens to nothing: the buyer verifies again.
      expect(openMatchesToken(token, [apiKey])).toBeUndefined()
      expect(openMatchesToken("v1:", [apiKey])).toBeUndefined()
    },
  )
})
