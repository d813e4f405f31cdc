import express from "express"
import { BUYER_LANGUAGES, BUYER_TEXTS, buyerLanguageOf, translateBuyerText, type BuyerTextKey } from "../buyer-texts"

/** A request on express's own prototype with these headers: its acceptsLanguages is express's negotiation. */
const requestWith = (acceptLanguage?: string) => {
  const req = Object.create(express.request) as express.Request
  Object.assign(req, { headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage } })
  return req
}

describe("buyer texts", () => {
  it("has every text in every buyer language, each its own translation", () => {
    for (const key of Object.keys(BUYER_TEXTS) as BuyerTextKey[]) {
      const texts = BUYER_TEXTS[key]
      expect(Object.keys(texts).sort()).toEqual([...BUYER_LANGUAGES].sort())
      for (const language of BUYER_LANGUAGES) expect(texts[language].trim().length).toBeGreaterThan(10)
      // No language left in English, and no two languages share a text.
      expect(new Set(Object.values(texts)).size).toBe(BUYER_LANGUAGES.length)
    }
    const english = Object.values(BUYER_TEXTS).map((t) => t.en)
    expect(new Set(english).size).toBe(english.length)
  })

  it(
    "picks the language of Accept-Language by quality and prefix, Norwegian " + "for no, nb and nn, English otherwise",
    () => {
      expect(buyerLanguageOf(requestWith())).toBe("en")
      expect(buyerLanguageOf(requestWith("de-AT"))).toBe("de")
      expect(buyerLanguageOf(requestWith("fr-FR,fr;q=0.9,sv;q=0.5"))).toBe("sv")
      expect(buyerLanguageOf(requestWith("nl;q=0.4,de;q=0.8"))).toBe("de")
      for (const tag of ["no", "nb-NO", "nn"]) expect(buyerLanguageOf(requestWith(tag))).toBe("nb")
      expect(buyerLanguageOf(requestWith("fr, es"))).toBe("en")
      expect(buyerLanguageOf(requestWith("*"))).toBe("en")
      expect(buyerLanguageOf({ headers: { "accept-language": "de" } })).toBe("en")
    },
  )

  it("translates a buyer text word for word and leaves any other message as it is", () => {
    expect(translateBuyerText(BUYER_TEXTS["decline.limit"].en, "sv")).toBe(BUYER_TEXTS["decline.limit"].sv)
    expect(translateBuyerText(BUYER_TEXTS["enrollment.DECLINED"].en, "nl")).toBe(BUYER_TEXTS["enrollment.DECLINED"].nl)
    expect(translateBuyerText("Could not create the order (TRADE_CREDIT_UNAVAILABLE).", "de")).toBeUndefined()
  })
})
