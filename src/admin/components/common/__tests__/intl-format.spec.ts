import { formatDay, formatMoney, localeOf } from "../intl-format"

describe("the admin's money and days", () => {
  it("writes in the browser's variant of the admin's language", () => {
    expect(localeOf("en", ["sv-SE", "en-GB"])).toBe("en-GB")
    expect(localeOf("de", ["en-GB"])).toBe("de")
  })

  it("never hands Intl a tag it refuses (Chromium under LANG=C names en-US@posix)", () => {
    expect(localeOf("en", ["en-US@posix"])).toBe("en")
    expect(localeOf("en-US@posix", [])).toBe("en")
    expect(() => formatDay("2026-03-03T00:00:00Z", localeOf("en", ["en-US@posix"]), { utc: true })).not.toThrow()
  })

  it("writes money exactly from its decimal string, and a day in UTC", () => {
    expect(formatMoney("1200.00", "gbp", "en-GB")).toBe("£1,200.00")
    expect(formatDay("2026-03-03T00:00:00Z", "en-GB", { utc: true })).toBe("3 March 2026")
  })
})
