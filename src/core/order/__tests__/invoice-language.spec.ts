import { invoiceLanguageOf } from "../invoice-language"

describe("invoiceLanguageOf", () => {
  it("takes the region's language first", () => {
    expect(invoiceLanguageOf("sv_SE", "nb-NO")).toBe("sv_SE")
  })

  it("else the order's locale where the service issues invoices in it, else English", () => {
    expect(invoiceLanguageOf(null, "nb-NO")).toBe("nb_NO")
    expect(invoiceLanguageOf(null, "no")).toBe("nb_NO")
    expect(invoiceLanguageOf(undefined, "sv")).toBe("sv_SE")
    expect(invoiceLanguageOf(null, "en-GB")).toBe("en_US")
    expect(invoiceLanguageOf(null, "de-DE")).toBe("en_US")
    expect(invoiceLanguageOf(null, null)).toBe("en_US")
    // A setting the service does not know is no setting.
    expect(invoiceLanguageOf("fr_FR", "sv-SE")).toBe("sv_SE")
  })
})
