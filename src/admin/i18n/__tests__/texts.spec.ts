import { readFileSync } from "node:fs"
import path from "node:path"

type Texts = { [key: string]: string | Texts }
const textsOf = (language: string): Texts =>
  JSON.parse(readFileSync(path.join(__dirname, `../json/${language}.json`), "utf8")) as Texts
/** Every key, dotted (`regions.hideWhenDeclinedOn`). */
const keysOf = (texts: Texts, prefix = ""): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  )
const at = (texts: Texts, key: string) => key.split(".").reduce<Texts | string>((t, k) => (t as Texts)[k], texts)

describe("the admin's texts", () => {
  const en = textsOf("en")

  it.each(["de", "nl", "sv"])("in %s have every English key and no other", (language) => {
    expect(keysOf(textsOf(language)).sort()).toEqual(keysOf(en).sort())
  })

  it("name the providers and say what each state of the hide-declined switch does", () => {
    expect(at(en, "common.provider.invoice")).toBe("Trade credit (invoice)")
    expect(at(en, "common.provider.plan")).toBe("Trade credit (instalments)")
    expect(at(en, "regions.hideWhenDeclinedOn")).toMatch(/^On: /)
    expect(at(en, "regions.hideWhenDeclinedOff")).toMatch(/^Off: /)
    expect(at(textsOf("de"), "regions.hideWhenDeclinedOn")).toMatch(/^An: /)
    expect(at(textsOf("de"), "regions.hideWhenDeclinedOff")).toMatch(/^Aus: /)
  })
})
