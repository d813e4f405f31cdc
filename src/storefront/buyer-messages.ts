// What a buyer reads for each code the plugin answers, in plain words, in English, Norwegian (Bokmål), Swedish,
// Dutch and German. The raw codes are for logs. A store overrides any text: `buyerMessage(code, { overrides })`.

import { BUYER_LANGUAGE_TAGS, BUYER_LANGUAGES, BUYER_TEXTS, type BuyerLanguage } from "../utils/buyer-texts"
import { NO_ANSWER_WORDS, SHOP_UNREACHABLE } from "./error-fields"

export { BUYER_LANGUAGES, SHOP_UNREACHABLE, type BuyerLanguage }
/** The store's own words by code: one text, or one per language. */
export type Overrides = Record<string, string | Partial<Record<BuyerLanguage, string>>>

/** Texts by code. A code not listed here (a field to fix: the server's message names the field) keeps the server's
 * message. */
export const CODE_TEXTS: Readonly<Record<string, Record<BuyerLanguage, string>>> = Object.freeze({
  // The server's own words for a decline without a reason it explains (utils/buyer-texts.ts).
  TRADE_CREDIT_DECLINED: BUYER_TEXTS["decline.default"],
  // The server's own words (utils/buyer-texts.ts): what the service last said of the buyer's company.
  TRADE_CREDIT_ARREARS_BLOCK: BUYER_TEXTS["credit.arrears_block"],
  TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE: BUYER_TEXTS["credit.above_max_order_value"],
  TRADE_CREDIT_ABOVE_CREDIT_BALANCE: BUYER_TEXTS["credit.above_credit_balance"],
  TRADE_CREDIT_UNAVAILABLE: {
    en:
      "Trade credit is not available right now. Nothing was charged: try again " +
      "in a few minutes, or choose another payment method.",
    nb:
      "Handelskreditt er ikke tilgjengelig akkurat nå. Ingenting er belastet: " +
      "prøv igjen om noen minutter, eller velg en annen betalingsmåte.",
    sv:
      "Handelskredit är inte tillgänglig just nu. Inget har debiterats: försök " +
      "igen om några minuter eller välj ett annat betalningssätt.",
    nl:
      "Handelskrediet is op dit moment niet beschikbaar. Er is niets afgeschreven: " +
      "probeer het over een paar minuten opnieuw, of kies een andere betaalmethode.",
    de:
      "Handelskredit ist gerade nicht verfügbar. Es wurde nichts belastet: Versuchen " +
      "Sie es in einigen Minuten erneut oder wählen Sie eine andere Zahlungsart.",
  },
  TRADE_CREDIT_NOT_CONFIGURED: {
    en: "Trade credit cannot be used in this store right now. Please choose another payment method.",
    nb: "Handelskreditt kan ikke brukes i denne butikken akkurat nå. Velg en annen betalingsmåte.",
    sv: "Handelskredit kan inte användas i den här butiken just nu. Välj ett annat betalningssätt.",
    nl: "Handelskrediet kan op dit moment niet in deze winkel worden gebruikt. Kies een andere betaalmethode.",
    de: "Handelskredit kann in diesem Shop gerade nicht genutzt werden. Bitte wählen Sie eine andere Zahlungsart.",
  },
  TRADE_CREDIT_ORDER_CANCELLED: {
    en:
      "The verification failed or expired, so the order was not placed. Choose " +
      "the payment method again to start over.",
    nb:
      "Verifiseringen mislyktes eller utløp, så bestillingen ble ikke lagt inn. " +
      "Velg betalingsmåten på nytt for å begynne på nytt.",
    sv:
      "Verifieringen misslyckades eller gick ut, så beställningen lades inte. " +
      "Välj betalningssättet igen för att börja om.",
    nl:
      "De verificatie is mislukt of verlopen, dus de bestelling is niet geplaatst. " +
      "Kies de betaalmethode opnieuw om opnieuw te beginnen.",
    de:
      "Die Verifizierung ist fehlgeschlagen oder abgelaufen, daher wurde die " +
      "Bestellung nicht aufgegeben. Wählen Sie die Zahlungsart erneut, um neu " +
      "zu beginnen.",
  },
  // The server's own words (utils/buyer-texts.ts): the service no longer knows the session's order; the kit's Place
  // order starts the same choice again, once.
  TRADE_CREDIT_ORDER_GONE: BUYER_TEXTS["order.gone"],
  TRADE_CREDIT_RATE_LIMITED: {
    en: "Too many attempts in a short time. Please wait a moment and try again.",
    nb: "For mange forsøk på kort tid. Vent litt og prøv igjen.",
    sv: "För många försök på kort tid. Vänta en stund och försök igen.",
    nl: "Te veel pogingen in korte tijd. Wacht even en probeer het opnieuw.",
    de: "Zu viele Versuche in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  },
  TRADE_CREDIT_INVALID_PERIODS: {
    en: "This number of monthly instalments is not available for this order. Please choose one of the options shown.",
    nb:
      "Dette antallet månedlige avdrag er ikke tilgjengelig for denne bestillingen. " +
      "Velg et av alternativene som vises.",
    sv:
      "Det här antalet månatliga delbetalningar är inte tillgängligt för den " +
      "här beställningen. Välj ett av de alternativ som visas.",
    nl: "Dit aantal maandelijkse termijnen is niet beschikbaar voor deze bestelling. Kies een van de getoonde opties.",
    de:
      "Diese Anzahl monatlicher Raten ist für diese Bestellung nicht verfügbar. " +
      "Bitte wählen Sie eine der angezeigten Möglichkeiten.",
  },
  TRADE_CREDIT_REFUSED: {
    en:
      "The trade credit provider could not accept this order as it stands. Check " +
      "your business details, or choose another payment method.",
    nb:
      "Kredittleverandøren kunne ikke godta bestillingen slik den er. Kontroller " +
      "bedriftsopplysningene, eller velg en annen betalingsmåte.",
    sv:
      "Kreditgivaren kunde inte godta beställningen som den är. Kontrollera företagsuppgifterna " +
      "eller välj ett annat betalningssätt.",
    nl:
      "De kredietverstrekker kon deze bestelling niet accepteren zoals ze is. " +
      "Controleer uw bedrijfsgegevens, of kies een andere betaalmethode.",
    de:
      "Der Kreditanbieter konnte diese Bestellung so nicht annehmen. Prüfen Sie " +
      "Ihre Unternehmensangaben oder wählen Sie eine andere Zahlungsart.",
  },
  TRADE_CREDIT_UNAUTHORIZED: {
    en: "Log in to your account first: your business's registration is kept with it.",
    nb: "Logg inn på kontoen din først: bedriftens registrering lagres på den.",
    sv: "Logga in på ditt konto först: företagets registrering sparas där.",
    nl: "Log eerst in op uw account: de registratie van uw bedrijf wordt daarbij bewaard.",
    de: "Melden Sie sich zuerst in Ihrem Konto an: Die Registrierung Ihres Unternehmens wird dort gespeichert.",
  },
  // The kit's own (no server answers it, so no TRADE_CREDIT_ prefix): the payment button was pressed before a company
  // was chosen.
  COMPANY_REQUIRED: {
    en: "Choose your company first: search for it, or enter its name and registration number.",
    nb: "Velg bedriften din først: søk etter den, eller skriv inn navn og organisasjonsnummer.",
    sv: "Välj ditt företag först: sök efter det eller ange namn och organisationsnummer.",
    nl: "Kies eerst uw bedrijf: zoek het op, of vul de naam en het registratienummer in.",
    de: "Wählen Sie zuerst Ihr Unternehmen: Suchen Sie es oder geben Sie Name und Registernummer ein.",
  },
  // The kit's own: a request that got no answer (the network, or the shop, is down). Worth trying again.
  [SHOP_UNREACHABLE]: {
    en: "We couldn't reach the shop. Check your connection and try again.",
    nb: "Vi fikk ikke kontakt med butikken. Sjekk tilkoblingen og prøv igjen.",
    sv: "Vi kunde inte nå butiken. Kontrollera anslutningen och försök igen.",
    nl: "We konden de winkel niet bereiken. Controleer uw verbinding en probeer het opnieuw.",
    de: "Wir konnten den Shop nicht erreichen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  },
  CART_NOT_SUPPORTED: {
    en:
      "This cart cannot be paid with trade credit (for example, a gift card or " +
      "store credit is applied). Please choose another payment method.",
    nb:
      "Denne handlekurven kan ikke betales med handelskreditt (for eksempel er " +
      "et gavekort eller butikkreditt brukt). Velg en annen betalingsmåte.",
    sv:
      "Den här varukorgen kan inte betalas med handelskredit (till exempel används " +
      "ett presentkort eller butikskredit). Välj ett annat betalningssätt.",
    nl:
      "Deze winkelwagen kan niet met handelskrediet worden betaald (er is bijvoorbeeld " +
      "een cadeaubon of winkeltegoed toegepast). Kies een andere betaalmethode.",
    de:
      "Dieser Warenkorb kann nicht mit Handelskredit bezahlt werden (zum Beispiel " +
      "ist ein Geschenkgutschein oder Guthaben angewendet). Bitte wählen Sie " +
      "eine andere Zahlungsart.",
  },
})

/**
 * The codes after which the cart's trade credit session is over at the service (its order cancelled, or gone): the
 * buyer starts the same choice again, never goes to the session's old verification page.
 */
export const RESTART_CODES: ReadonlySet<string> = new Set(["TRADE_CREDIT_ORDER_CANCELLED", "TRADE_CREDIT_ORDER_GONE"])

/** The server's words for those codes, in every buyer language: @medusajs/js-sdk's FetchError keeps no code. */
const RESTART_CODE_OF_TEXT = new Map<string, string>([
  ...Object.values(BUYER_TEXTS["order.cancelled"]).map((text): [string, string] => [
    text,
    "TRADE_CREDIT_ORDER_CANCELLED",
  ]),
  ...Object.values(BUYER_TEXTS["order.gone"]).map((text): [string, string] => [text, "TRADE_CREDIT_ORDER_GONE"]),
])

/**
 * The restart code of a failure (RESTART_CODES), from its code, or from the server's message when it came without one
 * (the JS SDK's FetchError); undefined for any other failure.
 */
export function restartCodeOf(code: string | undefined, serverMessage: string | undefined): string | undefined {
  if (code !== undefined) return RESTART_CODES.has(code) ? code : undefined
  return serverMessage === undefined ? undefined : RESTART_CODE_OF_TEXT.get(serverMessage.trim())
}

const GENERIC: Readonly<Record<BuyerLanguage, string>> = Object.freeze({
  en: "The order could not be placed with trade credit. Please try again, or choose another payment method.",
  nb: "Bestillingen kunne ikke legges inn med handelskreditt. Prøv igjen, eller velg en annen betalingsmåte.",
  sv: "Beställningen kunde inte läggas med handelskredit. Försök igen eller välj ett annat betalningssätt.",
  nl:
    "De bestelling kon niet met handelskrediet worden geplaatst. Probeer het " +
    "opnieuw, of kies een andere betaalmethode.",
  de:
    "Die Bestellung konnte nicht mit Handelskredit aufgegeben werden. Bitte " +
    "versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.",
})

/** Each of the kit's own texts (a code's, the general one), in every language, to the same words in all of them: a
 * message the kit worded once (in another language) is worded again in the buyer's. */
const KIT_WORDS_OF_TEXT = new Map<string, Readonly<Record<BuyerLanguage, string>>>(
  [...Object.values(CODE_TEXTS), GENERIC].flatMap((texts) =>
    Object.values(texts).map((text): [string, Readonly<Record<BuyerLanguage, string>>] => [text, texts]),
  ),
)

/**
 * The buyer language of a locale ("de-AT"), a list of them (navigator.languages, in order of preference) or an
 * Accept-Language value ("fr;q=0.9, de;q=0.8"): the first of them the kit speaks, English otherwise.
 */
export function buyerLanguageOf(locales: string | readonly string[] | null | undefined): BuyerLanguage {
  const list: readonly string[] = Array.isArray(locales)
    ? (locales as readonly string[])
    : String(locales ?? "")
        .split(",")
        .map((part) => part.trim().split(";"))
        .map(([tag, ...params]) => ({
          tag,
          q: Number((params.find((p) => p.trim().startsWith("q=")) ?? "q=1").trim().slice(2)),
        }))
        .filter(({ tag, q }) => tag && q > 0)
        .sort((a, b) => b.q - a.q)
        .map(({ tag }) => tag)
  for (const locale of list) {
    const language = BUYER_LANGUAGE_TAGS[String(locale).toLowerCase().split(/[-_]/)[0]]
    if (language) return language
  }
  return "en"
}

/**
 * The words for `code` in `language` (a buyer language, or any locale buyerLanguageOf reads): the store's own
 * (`overrides[code]`, a text or one per language) first, then the kit's, then the server's message (a field to fix
 * names the field) unless it is not the server's words for the buyer (a raw code such as TOO_HIGH_RISK, Medusa's
 * "An unknown error occurred.", a stack: those are for logs), then a general text. A message saying the request got
 * no answer ("Failed to fetch") is worded as SHOP_UNREACHABLE. Never a code, never a runtime's words.
 */
export function buyerMessage(
  code: string | undefined,
  {
    language = "en",
    overrides = {},
    serverMessage,
  }: { language?: string; overrides?: Overrides; serverMessage?: string } = {},
): string {
  const lang = (BUYER_LANGUAGES as readonly string[]).includes(language)
    ? (language as BuyerLanguage)
    : buyerLanguageOf(language)
  const wordsOf = (key: string): string | undefined => {
    const own = overrides[key]
    if (typeof own === "string") return own
    const ownText = own && typeof own === "object" ? own[lang] || own.en : undefined
    return ownText || CODE_TEXTS[key]?.[lang]
  }
  const words = code ? wordsOf(code) : undefined
  if (words) return words
  const message = serverMessage?.trim()
  if (message && NO_ANSWER_WORDS.test(message)) return wordsOf(SHOP_UNREACHABLE)!
  const kitWords = message ? KIT_WORDS_OF_TEXT.get(message) : undefined
  if (kitWords) return kitWords[lang]
  if (message && !RAW_CODE.test(message) && !NOT_FOR_BUYERS.test(message)) return message
  return GENERIC[lang]
}

/** A code as the service or Medusa spells them (TOO_HIGH_RISK, INVALID_DATA): a message naming one is for logs. */
const RAW_CODE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/
/** Words no server says to a buyer: Medusa's own for a 500, a runtime's error ("TypeError: …"), a stack. */
const NOT_FOR_BUYERS = /^An unknown error occurred\.?$|\b\w*Error\b:|\n\s*at /
