import type { Request, Response } from "express"

/**
 * The language of the hosted pages (verification, trade account verification, sole-trader signup): English,
 * Norwegian (Bokmål), Swedish, Dutch or German. The service's documents say nothing about the pages' language;
 * this is the simulator's own choice (docs/service-contract-notes.md, "Verification page"):
 *
 * 1. the page URL's `lang` (or `locale`) query parameter: `nb`, `nb-NO`, `nb_NO`, `de-AT`, ...;
 * 2. then the request's `Accept-Language`, by quality and then order (`fr, de;q=0.8` is German);
 * 3. English otherwise.
 *
 * `no`, `nn` and `nb` are all Norwegian. A parameter naming a language the pages do not have is skipped (step 2).
 */
export const PAGE_LANGUAGES = ["en", "nb", "sv", "nl", "de"] as const
export type PageLanguage = (typeof PAGE_LANGUAGES)[number]

/** Primary language subtags the pages answer, lower case. */
const BY_SUBTAG: Readonly<Record<string, PageLanguage>> = Object.freeze({
  en: "en",
  nb: "nb",
  no: "nb",
  nn: "nb",
  sv: "sv",
  nl: "nl",
  de: "de",
})

/** The page language of one language tag (`nb-NO`, `nb_NO`, `DE`), or undefined when the pages do not speak it. */
export function languageOfTag(tag: unknown): PageLanguage | undefined {
  if (typeof tag !== "string") return undefined
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
  return Object.prototype.hasOwnProperty.call(BY_SUBTAG, primary) ? BY_SUBTAG[primary] : undefined
}

/** A quality value as RFC 9110 writes it (`0`, `0.8`, `1.000`). */
const QUALITY = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/**
 * The page language of an `Accept-Language` value: its ranges by quality (highest first; equal qualities keep the
 * header's order), the first the pages speak. A range with `q=0` (not acceptable) or a malformed quality is skipped;
 * `*` names no language. Undefined when none fits.
 */
export function languageOfAcceptLanguage(header: unknown): PageLanguage | undefined {
  if (typeof header !== "string" || header === "") return undefined
  const ranges = header
    .split(",")
    .slice(0, 64)
    .map((part, index) => {
      const [tag, ...params] = part.split(";").map((p) => p.trim())
      const weight = params.find((p) => /^q\s*=/i.test(p))
      const value = weight === undefined ? "1" : weight.replace(/^q\s*=\s*/i, "")
      return { tag, q: QUALITY.test(value) ? Number(value) : 0, index }
    })
    .filter(({ tag, q }) => tag !== "" && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranges) {
    const language = languageOfTag(tag)
    if (language) return language
  }
  return undefined
}

/** The first string of a query parameter (`?lang=a&lang=b` is `a`). */
const firstString = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined

export type ChosenLanguage = {
  language: PageLanguage
  /** Whether the page URL's query chose it: forms and redirects of the page then carry `lang` on. */
  fromQuery: boolean
}

/** The language of a hosted page's request: the query's `lang` (or `locale`), then `Accept-Language`, then English. */
export function pageLanguage(req: Pick<Request, "query" | "headers">): ChosenLanguage {
  const query = (req.query ?? {}) as Record<string, unknown>
  const asked = languageOfTag(firstString(query.lang)) ?? languageOfTag(firstString(query.locale))
  if (asked) return { language: asked, fromQuery: true }
  return { language: languageOfAcceptLanguage(req.headers["accept-language"]) ?? "en", fromQuery: false }
}

/** `?lang=xx` for a URL of the page when the query chose the language, "" otherwise. */
export const langQuery = ({ language, fromQuery }: ChosenLanguage): string => (fromQuery ? `?lang=${language}` : "")

/**
 * Sends a hosted page in `language`: `Content-Language` says which, and `Vary: Accept-Language` tells caches that the
 * header chooses the words.
 */
export function sendPage(res: Response, language: PageLanguage, html: string, status = 200): void {
  res.setHeader("Content-Language", language)
  res.vary("Accept-Language")
  res.status(status).type("html").send(html)
}
