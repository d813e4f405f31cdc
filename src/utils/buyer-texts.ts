/**
 * What a buyer reads from the plugin (declines, refusals a buyer can act on, sole-trader registration states), in the
 * languages the storefronts of the service's merchants speak: English, Norwegian (Bokmål), Swedish, Dutch and German.
 * The English text is what the plugin throws and logs; a store route's answer (the plugin's own, or Medusa's cart
 * and payment routes) carries the text in the request's `Accept-Language` (`buyerLanguageOf`, `translateBuyerText`),
 * with the same stable code. Merchants who want other words map the code in their storefront (docs/storefront.md).
 */

export const BUYER_LANGUAGES = ["en", "nb", "sv", "nl", "de"] as const
export type BuyerLanguage = (typeof BUYER_LANGUAGES)[number]

type Texts = Record<BuyerLanguage, string>

export const BUYER_TEXTS = {
  "decline.limit": {
    en:
      "This order is above what your business can pay later with trade credit. " +
      "Choose another payment method, or place a smaller order.",
    nb:
      "Denne bestillingen er over det bedriften din kan betale senere med handelskreditt. " +
      "Velg en annen betalingsmåte, eller legg inn en mindre bestilling.",
    sv:
      "Den här beställningen överstiger vad ditt företag kan betala senare med " +
      "handelskredit. Välj ett annat betalningssätt eller lägg en mindre beställning.",
    nl:
      "Deze bestelling is hoger dan wat uw bedrijf achteraf met handelskrediet " +
      "kan betalen. Kies een andere betaalmethode of plaats een kleinere bestelling.",
    de:
      "Diese Bestellung übersteigt den Betrag, den Ihr Unternehmen mit Handelskredit " +
      "später bezahlen kann. Wählen Sie eine andere Zahlungsart oder geben Sie " +
      "eine kleinere Bestellung auf.",
  },
  "decline.minimum": {
    en:
      "This order is below the smallest amount that can be paid later with trade " +
      "credit. Choose another payment method.",
    nb:
      "Denne bestillingen er under det laveste beløpet som kan betales senere " +
      "med handelskreditt. Velg en annen betalingsmåte.",
    sv:
      "Den här beställningen understiger det lägsta belopp som kan betalas senare " +
      "med handelskredit. Välj ett annat betalningssätt.",
    nl:
      "Deze bestelling is lager dan het kleinste bedrag dat achteraf met handelskrediet " +
      "kan worden betaald. Kies een andere betaalmethode.",
    de:
      "Diese Bestellung liegt unter dem Mindestbetrag, der mit Handelskredit " +
      "später bezahlt werden kann. Wählen Sie eine andere Zahlungsart.",
  },
  "decline.details": {
    en:
      "Your business's details could not be confirmed for trade credit. Check " +
      "the company and the billing address, or choose another payment method.",
    nb:
      "Bedriftens opplysninger kunne ikke bekreftes for handelskreditt. Kontroller " +
      "bedriften og fakturaadressen, eller velg en annen betalingsmåte.",
    sv:
      "Ditt företags uppgifter kunde inte bekräftas för handelskredit. Kontrollera " +
      "företaget och faktureringsadressen, eller välj ett annat betalningssätt.",
    nl:
      "De gegevens van uw bedrijf konden niet worden bevestigd voor handelskrediet. " +
      "Controleer het bedrijf en het factuuradres, of kies een andere betaalmethode.",
    de:
      "Die Angaben Ihres Unternehmens konnten für den Handelskredit nicht bestätigt " +
      "werden. Prüfen Sie das Unternehmen und die Rechnungsadresse oder wählen " +
      "Sie eine andere Zahlungsart.",
  },
  "decline.verification": {
    en:
      "The verification was not completed, so this order cannot be paid later " +
      "with trade credit. Choose another payment method.",
    nb:
      "Verifiseringen ble ikke fullført, så denne bestillingen kan ikke betales " +
      "senere med handelskreditt. Velg en annen betalingsmåte.",
    sv:
      "Verifieringen slutfördes inte, så den här beställningen kan inte betalas " +
      "senare med handelskredit. Välj ett annat betalningssätt.",
    nl:
      "De verificatie is niet voltooid, dus deze bestelling kan niet achteraf " +
      "met handelskrediet worden betaald. Kies een andere betaalmethode.",
    de:
      "Die Verifizierung wurde nicht abgeschlossen, daher kann diese Bestellung " +
      "nicht später mit Handelskredit bezahlt werden. Wählen Sie eine andere " +
      "Zahlungsart.",
  },
  "decline.unavailable": {
    en: "Trade credit is not available right now. Try again in a few minutes, or choose another payment method.",
    nb:
      "Handelskreditt er ikke tilgjengelig akkurat nå. Prøv igjen om noen minutter, " +
      "eller velg en annen betalingsmåte.",
    sv: "Handelskredit är inte tillgänglig just nu. Försök igen om några minuter eller välj ett annat betalningssätt.",
    nl:
      "Handelskrediet is op dit moment niet beschikbaar. Probeer het over een " +
      "paar minuten opnieuw, of kies een andere betaalmethode.",
    de:
      "Handelskredit ist gerade nicht verfügbar. Versuchen Sie es in einigen " +
      "Minuten erneut oder wählen Sie eine andere Zahlungsart.",
  },
  "decline.default": {
    en: "Trade credit is not available for this purchase. Please choose another payment method.",
    nb: "Handelskreditt er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.",
    sv: "Handelskredit är inte tillgänglig för det här köpet. Välj ett annat betalningssätt.",
    nl: "Handelskrediet is niet beschikbaar voor deze aankoop. Kies een andere betaalmethode.",
    de: "Handelskredit ist für diesen Kauf nicht verfügbar. Bitte wählen Sie eine andere Zahlungsart.",
  },
  "region.not_offered": {
    en: "Trade credit is not offered for orders in this region. Please choose another payment method.",
    nb: "Handelskreditt tilbys ikke for bestillinger i denne regionen. Velg en annen betalingsmåte.",
    sv: "Handelskredit erbjuds inte för beställningar i den här regionen. Välj ett annat betalningssätt.",
    nl: "Handelskrediet wordt niet aangeboden voor bestellingen in deze regio. Kies een andere betaalmethode.",
    de:
      "Handelskredit wird für Bestellungen in dieser Region nicht angeboten. " +
      "Bitte wählen Sie eine andere Zahlungsart.",
  },
  "region.instalments_not_offered": {
    en: "Monthly instalments are not offered for orders in this region. Please choose another payment method.",
    nb: "Månedlige avdrag tilbys ikke for bestillinger i denne regionen. Velg en annen betalingsmåte.",
    sv: "Månatliga delbetalningar erbjuds inte för beställningar i den här regionen. Välj ett annat betalningssätt.",
    nl: "Maandelijkse termijnen worden niet aangeboden voor bestellingen in deze regio. Kies een andere betaalmethode.",
    de:
      "Monatliche Raten werden für Bestellungen in dieser Region nicht angeboten. " +
      "Bitte wählen Sie eine andere Zahlungsart.",
  },
  "region.amount_outside": {
    en:
      "This order's total is outside the amounts trade credit is offered for " +
      "in this store. Please choose another payment method.",
    nb:
      "Bestillingens totalbeløp er utenfor beløpene handelskreditt tilbys for " +
      "i denne butikken. Velg en annen betalingsmåte.",
    sv:
      "Beställningens totalbelopp ligger utanför de belopp som handelskredit " +
      "erbjuds för i den här butiken. Välj ett annat betalningssätt.",
    nl:
      "Het totaal van deze bestelling valt buiten de bedragen waarvoor handelskrediet " +
      "in deze winkel wordt aangeboden. Kies een andere betaalmethode.",
    de:
      "Der Gesamtbetrag dieser Bestellung liegt außerhalb der Beträge, für die " +
      "in diesem Shop Handelskredit angeboten wird. Bitte wählen Sie eine andere " +
      "Zahlungsart.",
  },
  "region.currency_not_served": {
    en: "Trade credit is not available for orders in this currency. Please choose another payment method.",
    nb: "Handelskreditt er ikke tilgjengelig for bestillinger i denne valutaen. Velg en annen betalingsmåte.",
    sv: "Handelskredit är inte tillgänglig för beställningar i den här valutan. Välj ett annat betalningssätt.",
    nl: "Handelskrediet is niet beschikbaar voor bestellingen in deze valuta. Kies een andere betaalmethode.",
    de:
      "Handelskredit ist für Bestellungen in dieser Währung nicht verfügbar. " +
      "Bitte wählen Sie eine andere Zahlungsart.",
  },
  "credit.arrears_block": {
    en:
      "Your business has an overdue trade credit invoice, so trade credit is paused until it is paid. " +
      "Pay the overdue invoice, or choose another payment method.",
    nb:
      "Bedriften din har en forfalt faktura for handelskreditt, så handelskreditt er satt på pause til den er " +
      "betalt. Betal den forfalte fakturaen, eller velg en annen betalingsmåte.",
    sv:
      "Ditt företag har en förfallen faktura för handelskredit, så handelskrediten är pausad tills den är " +
      "betald. Betala den förfallna fakturan eller välj ett annat betalningssätt.",
    nl:
      "Uw bedrijf heeft een achterstallige factuur voor handelskrediet, dus handelskrediet is gepauzeerd tot " +
      "deze is betaald. Betaal de achterstallige factuur, of kies een andere betaalmethode.",
    de:
      "Ihr Unternehmen hat eine überfällige Handelskredit-Rechnung, daher ist Handelskredit ausgesetzt, bis sie " +
      "bezahlt ist. Bezahlen Sie die überfällige Rechnung oder wählen Sie eine andere Zahlungsart.",
  },
  "credit.above_max_order_value": {
    en:
      "This order is above the largest single order your business can pay later with trade credit. " +
      "Choose another payment method, or place a smaller order.",
    nb:
      "Denne bestillingen er over den største enkeltbestillingen bedriften din kan betale senere med " +
      "handelskreditt. Velg en annen betalingsmåte, eller legg inn en mindre bestilling.",
    sv:
      "Den här beställningen överstiger den största enskilda beställning ditt företag kan betala senare med " +
      "handelskredit. Välj ett annat betalningssätt eller lägg en mindre beställning.",
    nl:
      "Deze bestelling is hoger dan de grootste losse bestelling die uw bedrijf achteraf met handelskrediet " +
      "kan betalen. Kies een andere betaalmethode of plaats een kleinere bestelling.",
    de:
      "Diese Bestellung übersteigt die größte Einzelbestellung, die Ihr Unternehmen mit Handelskredit später " +
      "bezahlen kann. Wählen Sie eine andere Zahlungsart oder geben Sie eine kleinere Bestellung auf.",
  },
  "credit.above_credit_balance": {
    en:
      "This order is above the trade credit your business has left. " +
      "Choose another payment method, or place a smaller order.",
    nb:
      "Denne bestillingen er over den handelskreditten bedriften din har igjen. " +
      "Velg en annen betalingsmåte, eller legg inn en mindre bestilling.",
    sv:
      "Den här beställningen överstiger den handelskredit ditt företag har kvar. " +
      "Välj ett annat betalningssätt eller lägg en mindre beställning.",
    nl:
      "Deze bestelling is hoger dan het handelskrediet dat uw bedrijf nog over heeft. " +
      "Kies een andere betaalmethode of plaats een kleinere bestelling.",
    de:
      "Diese Bestellung übersteigt den Handelskredit, der Ihrem Unternehmen noch zur Verfügung steht. " +
      "Wählen Sie eine andere Zahlungsart oder geben Sie eine kleinere Bestellung auf.",
  },
  "cart.store_credit": {
    en:
      "Store credit or a gift card is applied to this cart: trade credit can " +
      "only pay the whole cart. Remove the credit or choose another payment method.",
    nb:
      "Butikkreditt eller et gavekort er brukt på denne handlekurven: handelskreditt " +
      "kan bare betale hele handlekurven. Fjern kreditten eller velg en annen " +
      "betalingsmåte.",
    sv:
      "Butikskredit eller ett presentkort används i den här varukorgen: handelskredit " +
      "kan bara betala hela varukorgen. Ta bort krediten eller välj ett annat " +
      "betalningssätt.",
    nl:
      "Er is winkeltegoed of een cadeaubon op deze winkelwagen toegepast: handelskrediet " +
      "kan alleen de hele winkelwagen betalen. Verwijder het tegoed of kies een " +
      "andere betaalmethode.",
    de:
      "Auf diesen Warenkorb ist ein Guthaben oder ein Geschenkgutschein angewendet: " +
      "Handelskredit kann nur den ganzen Warenkorb bezahlen. Entfernen Sie das " +
      "Guthaben oder wählen Sie eine andere Zahlungsart.",
  },
  "order.cancelled": {
    en:
      "The trade credit order was cancelled (the buyer's verification failed " +
      "or expired). Choose the payment method again to start over.",
    nb:
      "Handelskredittbestillingen ble kansellert (kjøperens verifisering mislyktes " +
      "eller utløp). Velg betalingsmåten på nytt for å begynne på nytt.",
    sv:
      "Handelskreditordern avbröts (köparens verifiering misslyckades eller gick " +
      "ut). Välj betalningssättet igen för att börja om.",
    nl:
      "De handelskredietbestelling is geannuleerd (de verificatie van de koper " +
      "is mislukt of verlopen). Kies de betaalmethode opnieuw om opnieuw te beginnen.",
    de:
      "Die Handelskredit-Bestellung wurde storniert (die Verifizierung des Käufers " +
      "ist fehlgeschlagen oder abgelaufen). Wählen Sie die Zahlungsart erneut, " +
      "um neu zu beginnen.",
  },
  "order.gone": {
    en:
      "This checkout is no longer available at the trade credit provider (it " +
      "may have expired). Nothing was charged: choose the payment method again to start over.",
    nb:
      "Dette kjøpet er ikke lenger tilgjengelig hos handelskredittleverandøren (det " +
      "kan ha utløpt). Ingenting er belastet: velg betalingsmåten på nytt for å begynne på nytt.",
    sv:
      "Det här köpet är inte längre tillgängligt hos handelskreditgivaren (det kan " +
      "ha gått ut). Inget har debiterats: välj betalningssättet igen för att börja om.",
    nl:
      "Deze betaling is niet meer beschikbaar bij de handelskredietverstrekker (ze " +
      "is mogelijk verlopen). Er is niets afgeschreven: kies de betaalmethode opnieuw om opnieuw te beginnen.",
    de:
      "Dieser Bezahlvorgang ist beim Handelskreditanbieter nicht mehr verfügbar (er " +
      "ist möglicherweise abgelaufen). Es wurde nichts belastet: Wählen Sie die " +
      "Zahlungsart erneut, um neu zu beginnen.",
  },
  "enrollment.DRAFT": {
    en: "Your sole-trader registration is not sent yet: finish it and submit it for review.",
    nb: "Registreringen din som enkeltpersonforetak er ikke sendt ennå: fullfør den og send den til vurdering.",
    sv: "Din registrering som enskild firma är inte skickad ännu: slutför den och skicka in den för granskning.",
    nl: "Uw registratie als eenmanszaak is nog niet verzonden: maak haar af en dien haar in ter beoordeling.",
    de:
      "Ihre Registrierung als Einzelunternehmen ist noch nicht gesendet: Schließen " +
      "Sie sie ab und reichen Sie sie zur Prüfung ein.",
  },
  "enrollment.SUBMITTED": {
    en: "Your sole-trader registration was sent and is waiting for a decision.",
    nb: "Registreringen din som enkeltpersonforetak er sendt og venter på en avgjørelse.",
    sv: "Din registrering som enskild firma har skickats och väntar på beslut.",
    nl: "Uw registratie als eenmanszaak is verzonden en wacht op een beslissing.",
    de: "Ihre Registrierung als Einzelunternehmen wurde gesendet und wartet auf eine Entscheidung.",
  },
  "enrollment.IN_REVIEW": {
    en: "Your sole-trader registration is being reviewed; we will tell you when it is decided.",
    nb: "Registreringen din som enkeltpersonforetak blir vurdert; vi gir beskjed når den er avgjort.",
    sv: "Din registrering som enskild firma granskas; vi meddelar dig när den är avgjord.",
    nl: "Uw registratie als eenmanszaak wordt beoordeeld; we laten het u weten zodra er een besluit is.",
    de: "Ihre Registrierung als Einzelunternehmen wird geprüft; wir informieren Sie, sobald entschieden ist.",
  },
  "enrollment.ACCEPTED": {
    en: "Your business is registered: you can pay by trade credit.",
    nb: "Bedriften din er registrert: du kan betale med handelskreditt.",
    sv: "Ditt företag är registrerat: du kan betala med handelskredit.",
    nl: "Uw bedrijf is geregistreerd: u kunt betalen met handelskrediet.",
    de: "Ihr Unternehmen ist registriert: Sie können mit Handelskredit bezahlen.",
  },
  "enrollment.VERIFIED": {
    en: "Your business is confirmed: you can pay by trade credit.",
    nb: "Bedriften din er bekreftet: du kan betale med handelskreditt.",
    sv: "Ditt företag är bekräftat: du kan betala med handelskredit.",
    nl: "Uw bedrijf is bevestigd: u kunt betalen met handelskrediet.",
    de: "Ihr Unternehmen ist bestätigt: Sie können mit Handelskredit bezahlen.",
  },
  "enrollment.DECLINED": {
    en:
      "Your sole-trader registration was not accepted, so trade credit is not " +
      "available for this business. Please choose another payment method.",
    nb:
      "Registreringen din som enkeltpersonforetak ble ikke godtatt, så handelskreditt " +
      "er ikke tilgjengelig for denne bedriften. Velg en annen betalingsmåte.",
    sv:
      "Din registrering som enskild firma godkändes inte, så handelskredit är " +
      "inte tillgänglig för det här företaget. Välj ett annat betalningssätt.",
    nl:
      "Uw registratie als eenmanszaak is niet geaccepteerd, dus handelskrediet " +
      "is niet beschikbaar voor dit bedrijf. Kies een andere betaalmethode.",
    de:
      "Ihre Registrierung als Einzelunternehmen wurde nicht angenommen, daher " +
      "ist Handelskredit für dieses Unternehmen nicht verfügbar. Bitte wählen " +
      "Sie eine andere Zahlungsart.",
  },
  "enrollment.WITHDRAWN": {
    en: "You withdrew your sole-trader registration. You can start a new one at any time.",
    nb: "Du trakk tilbake registreringen din som enkeltpersonforetak. Du kan starte en ny når som helst.",
    sv: "Du drog tillbaka din registrering som enskild firma. Du kan starta en ny när som helst.",
    nl: "U hebt uw registratie als eenmanszaak ingetrokken. U kunt op elk moment een nieuwe starten.",
    de: "Sie haben Ihre Registrierung als Einzelunternehmen zurückgezogen. Sie können jederzeit eine neue beginnen.",
  },
} as const satisfies Record<string, Texts>

export type BuyerTextKey = keyof typeof BUYER_TEXTS

/** The English text of a key: what the plugin throws and logs. */
export const buyerText = (key: BuyerTextKey): string => BUYER_TEXTS[key].en

/** Each English text with its key: an answer's message is translated when it is one of them, word for word. */
const KEY_OF_TEXT = new Map<string, BuyerTextKey>(
  (Object.keys(BUYER_TEXTS) as BuyerTextKey[]).map((key) => [BUYER_TEXTS[key].en, key]),
)

/** The language tags a buyer may ask for, each with the texts it gets (Norwegian: Bokmål for no, nb and nn). */
export const BUYER_LANGUAGE_TAGS: Readonly<Record<string, BuyerLanguage>> = {
  en: "en",
  nb: "nb",
  no: "nb",
  nn: "nb",
  sv: "sv",
  nl: "nl",
  de: "de",
}

/**
 * The language of a request's `Accept-Language` among the buyer languages (express's negotiation, by quality and
 * prefix: "de-AT" is German), English when it names none of them or is absent.
 */
export function buyerLanguageOf(req: {
  acceptsLanguages?: (...languages: string[]) => string | false
  headers?: Record<string, unknown>
}): BuyerLanguage {
  if (!req.headers?.["accept-language"] || typeof req.acceptsLanguages !== "function") return "en"
  const chosen = req.acceptsLanguages(...Object.keys(BUYER_LANGUAGE_TAGS))
  return chosen ? (BUYER_LANGUAGE_TAGS[chosen.toLowerCase()] ?? "en") : "en"
}

/** A buyer text in `language`, or undefined when `message` is none of the English texts (said as it is then). */
export function translateBuyerText(message: string, language: BuyerLanguage): string | undefined {
  const key = KEY_OF_TEXT.get(message)
  return key === undefined ? undefined : BUYER_TEXTS[key][language]
}
