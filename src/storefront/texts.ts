// The words of the kit's components (src/storefront/react), in the kit's buyer languages: English, Norwegian
// (Bokmål), Swedish, Dutch and German. A store overrides any of them the way it overrides a code's words: the same
// `overrides` object, keyed by the text's key ("company.change") or by the code ("TRADE_CREDIT_DECLINED").

import { buyerLanguageOf, type Overrides } from "./buyer-messages"
import { BUYER_LANGUAGES, type BuyerLanguage } from "../utils/buyer-texts"
import { DOCUMENT_TEXTS } from "./document-texts"

type Texts = Record<BuyerLanguage, string>

export const KIT_TEXTS = Object.freeze({
  "company.country": { en: "Country", nb: "Land", sv: "Land", nl: "Land", de: "Land" },
  "company.search": {
    en: "Company name or registration number",
    nb: "Firmanavn eller organisasjonsnummer",
    sv: "Företagsnamn eller organisationsnummer",
    nl: "Bedrijfsnaam of registratienummer",
    de: "Firmenname oder Registernummer",
  },
  "company.placeholder": {
    en: "Start typing, e.g. Acme",
    nb: "Begynn å skrive, f.eks. Acme",
    sv: "Börja skriva, t.ex. Acme",
    nl: "Begin met typen, bijv. Acme",
    de: "Tippen Sie los, z. B. Acme",
  },
  "company.searching": { en: "Searching…", nb: "Søker …", sv: "Söker …", nl: "Zoeken…", de: "Suche …" },
  "company.none": {
    en: "No company found. Check the spelling, or enter its details.",
    nb: "Fant ingen bedrift. Sjekk stavemåten, eller skriv inn opplysningene.",
    sv: "Inget företag hittades. Kontrollera stavningen eller ange uppgifterna.",
    nl: "Geen bedrijf gevonden. Controleer de spelling, of vul de gegevens in.",
    de: "Kein Unternehmen gefunden. Prüfen Sie die Schreibweise oder geben Sie die Angaben ein.",
  },
  "company.unavailable": {
    en: "Company search is unavailable right now: enter your company's details instead.",
    nb: "Bedriftssøket er ikke tilgjengelig akkurat nå: skriv inn bedriftens opplysninger i stedet.",
    sv: "Företagssökningen är inte tillgänglig just nu: ange företagets uppgifter i stället.",
    nl: "Zoeken naar bedrijven is nu niet beschikbaar: vul in plaats daarvan de gegevens van uw bedrijf in.",
    de: "Die Unternehmenssuche ist gerade nicht verfügbar: Geben Sie stattdessen die Angaben Ihres Unternehmens ein.",
  },
  "company.manual": {
    en: "Can't find your company? Enter its details",
    nb: "Finner du ikke bedriften? Skriv inn opplysningene",
    sv: "Hittar du inte företaget? Ange uppgifterna",
    nl: "Kunt u uw bedrijf niet vinden? Vul de gegevens in",
    de: "Unternehmen nicht gefunden? Angaben eingeben",
  },
  "company.manualName": {
    en: "Registered company name",
    nb: "Registrert firmanavn",
    sv: "Registrerat företagsnamn",
    nl: "Statutaire bedrijfsnaam",
    de: "Eingetragener Firmenname",
  },
  "company.manualNumber": {
    en: "Registration number",
    nb: "Organisasjonsnummer",
    sv: "Organisationsnummer",
    nl: "Registratienummer",
    de: "Registernummer",
  },
  "company.manualUse": {
    en: "Use these details",
    nb: "Bruk disse opplysningene",
    sv: "Använd de här uppgifterna",
    nl: "Deze gegevens gebruiken",
    de: "Diese Angaben verwenden",
  },
  "company.manualEntered": {
    en: "entered by hand",
    nb: "skrevet inn manuelt",
    sv: "angivet manuellt",
    nl: "handmatig ingevuld",
    de: "manuell eingegeben",
  },
  "company.number": {
    en: "Company number {number}",
    nb: "Organisasjonsnummer {number}",
    sv: "Organisationsnummer {number}",
    nl: "Registratienummer {number}",
    de: "Registernummer {number}",
  },
  "company.change": { en: "Change", nb: "Endre", sv: "Ändra", nl: "Wijzigen", de: "Ändern" },
  "details.legend": {
    en: "Your references (on the invoice)",
    nb: "Dine referanser (på fakturaen)",
    sv: "Era referenser (på fakturan)",
    nl: "Uw referenties (op de factuur)",
    de: "Ihre Referenzen (auf der Rechnung)",
  },
  "details.purchaseOrderNumber": {
    en: "Purchase order number",
    nb: "Innkjøpsordrenummer",
    sv: "Inköpsordernummer",
    nl: "Inkoopordernummer",
    de: "Bestellnummer",
  },
  "details.department": { en: "Department", nb: "Avdeling", sv: "Avdelning", nl: "Afdeling", de: "Abteilung" },
  "details.project": { en: "Project", nb: "Prosjekt", sv: "Projekt", nl: "Project", de: "Projekt" },
  "details.invoiceEmails": {
    en: "Invoice emails",
    nb: "E-postadresser for faktura",
    sv: "E-postadresser för faktura",
    nl: "E-mailadressen voor facturen",
    de: "E-Mail-Adressen für Rechnungen",
  },
  "details.invoiceEmailsHint": {
    en: "ap@yourcompany.example, finance@…",
    nb: "faktura@bedriften.example, regnskap@…",
    sv: "faktura@foretaget.example, ekonomi@…",
    nl: "crediteuren@uwbedrijf.example, financien@…",
    de: "buchhaltung@ihrefirma.example, finanzen@…",
  },
  "instalments.label": {
    en: "Number of monthly instalments",
    nb: "Antall månedlige avdrag",
    sv: "Antal månatliga delbetalningar",
    nl: "Aantal maandelijkse termijnen",
    de: "Anzahl monatlicher Raten",
  },
  "instalments.option": { en: "{n} months", nb: "{n} måneder", sv: "{n} månader", nl: "{n} maanden", de: "{n} Monate" },
  "instalments.checking": {
    en: "Checking which instalment plans your business can have…",
    nb: "Sjekker hvilke avdragsplaner bedriften din kan få …",
    sv: "Kontrollerar vilka delbetalningsplaner ditt företag kan få …",
    nl: "Bezig met controleren welke termijnplannen uw bedrijf kan krijgen…",
    de: "Es wird geprüft, welche Ratenpläne Ihr Unternehmen erhalten kann …",
  },
  "instalments.none": {
    en: "Monthly instalments are not available for this order. Please choose another payment method.",
    nb: "Månedlige avdrag er ikke tilgjengelig for denne bestillingen. Velg en annen betalingsmåte.",
    sv: "Månatliga delbetalningar är inte tillgängliga för den här beställningen. Välj ett annat betalningssätt.",
    nl: "Maandelijkse termijnen zijn niet beschikbaar voor deze bestelling. Kies een andere betaalmethode.",
    de: "Monatliche Raten sind für diese Bestellung nicht verfügbar. Bitte wählen Sie eine andere Zahlungsart.",
  },
  "button.place": {
    en: "Place order",
    nb: "Send bestilling",
    sv: "Lägg beställning",
    nl: "Bestelling plaatsen",
    de: "Bestellung aufgeben",
  },
  "button.placing": {
    en: "Placing your order…",
    nb: "Sender bestillingen …",
    sv: "Lägger beställningen …",
    nl: "Uw bestelling wordt geplaatst…",
    de: "Bestellung wird aufgegeben …",
  },
  "button.redirecting": {
    en: "Taking you to verification…",
    nb: "Sender deg til verifisering …",
    sv: "Du skickas till verifieringen …",
    nl: "U wordt doorgestuurd naar de verificatie…",
    de: "Weiter zur Verifizierung …",
  },
  "funding.title": {
    en: "Instalment plan",
    nb: "Avdragsplan",
    sv: "Delbetalningsplan",
    nl: "Termijnplan",
    de: "Ratenplan",
  },
  "funding.setup": {
    en: "Being set up with the credit provider…",
    nb: "Settes opp hos kredittleverandøren …",
    sv: "Läggs upp hos kreditgivaren …",
    nl: "Wordt ingericht bij de kredietverstrekker…",
    de: "Wird beim Kreditanbieter eingerichtet …",
  },
  "funding.pending": {
    en: "Being approved by the trade credit provider: you will hear by email once it is confirmed.",
    nb: "Godkjennes av kredittleverandøren: du får beskjed på e-post når den er bekreftet.",
    sv: "Godkänns av kreditgivaren: du får besked via e-post när den är bekräftad.",
    nl: "Wordt goedgekeurd door de kredietverstrekker: u ontvangt een e-mail zodra het is bevestigd.",
    de: "Wird vom Kreditanbieter geprüft: Sie erhalten eine E-Mail, sobald er bestätigt ist.",
  },
  "funding.accepted": {
    en: "Approved: your instalment plan is confirmed.",
    nb: "Godkjent: avdragsplanen din er bekreftet.",
    sv: "Godkänd: din delbetalningsplan är bekräftad.",
    nl: "Goedgekeurd: uw termijnplan is bevestigd.",
    de: "Genehmigt: Ihr Ratenplan ist bestätigt.",
  },
  "funding.rejected": {
    en:
      "Not approved by the trade credit provider: this order will be cancelled. " +
      "Please order again with another payment method.",
    nb:
      "Ikke godkjent av kredittleverandøren: denne bestillingen blir kansellert. " +
      "Bestill på nytt med en annen betalingsmåte.",
    sv: "Inte godkänd av kreditgivaren: beställningen annulleras. Beställ igen med ett annat betalningssätt.",
    nl:
      "Niet goedgekeurd door de kredietverstrekker: deze bestelling wordt geannuleerd. " +
      "Bestel opnieuw met een andere betaalmethode.",
    de:
      "Vom Kreditanbieter nicht genehmigt: Diese Bestellung wird storniert. Bitte " +
      "bestellen Sie erneut mit einer anderen Zahlungsart.",
  },
  "soletrader.button": {
    en: "Sign up as a sole trader",
    nb: "Registrer deg som enkeltpersonforetak",
    sv: "Registrera dig som enskild firma",
    nl: "Aanmelden als eenmanszaak",
    de: "Als Einzelunternehmen registrieren",
  },
  "soletrader.checking": {
    en: "Checking whether the credit provider knows you…",
    nb: "Sjekker om kredittleverandøren kjenner deg …",
    sv: "Kontrollerar om kreditgivaren känner dig …",
    nl: "Controleren of de kredietverstrekker u kent…",
    de: "Es wird geprüft, ob der Kreditanbieter Sie kennt …",
  },
  "soletrader.opening": {
    en: "Opening the credit provider's signup…",
    nb: "Åpner kredittleverandørens registrering …",
    sv: "Öppnar kreditgivarens registrering …",
    nl: "De aanmelding van de kredietverstrekker wordt geopend…",
    de: "Die Registrierung des Kreditanbieters wird geöffnet …",
  },
  "soletrader.popup": {
    en: "Complete the signup in the popup window.",
    nb: "Fullfør registreringen i vinduet som åpnet seg.",
    sv: "Slutför registreringen i popup-fönstret.",
    nl: "Rond de aanmelding af in het pop-upvenster.",
    de: "Schließen Sie die Registrierung im Popup-Fenster ab.",
  },
  "soletrader.blocked": {
    en: "Your browser blocked the popup:",
    nb: "Nettleseren blokkerte vinduet:",
    sv: "Webbläsaren blockerade popup-fönstret:",
    nl: "Uw browser heeft het pop-upvenster geblokkeerd:",
    de: "Ihr Browser hat das Popup blockiert:",
  },
  "soletrader.open": {
    en: "open the signup",
    nb: "åpne registreringen",
    sv: "öppna registreringen",
    nl: "open de aanmelding",
    de: "Registrierung öffnen",
  },
  "soletrader.cancelled": {
    en: "The signup was cancelled. You can enter your company's details by hand instead.",
    nb: "Registreringen ble avbrutt. Du kan skrive inn bedriftens opplysninger manuelt i stedet.",
    sv: "Registreringen avbröts. Du kan ange företagets uppgifter manuellt i stället.",
    nl: "De aanmelding is geannuleerd. U kunt de gegevens van uw bedrijf ook handmatig invullen.",
    de: "Die Registrierung wurde abgebrochen. Sie können die Angaben Ihres Unternehmens stattdessen manuell eingeben.",
  },
  "soletrader.closed": {
    en:
      "The signup window was closed before the signup was finished, so no business " +
      "was saved. Open the signup again to finish it, or enter your company's " +
      "details by hand.",
    nb:
      "Registreringsvinduet ble lukket før registreringen var fullført, så ingen " +
      "bedrift ble lagret. Åpne registreringen igjen for å fullføre den, eller " +
      "skriv inn bedriftens opplysninger manuelt.",
    sv:
      "Registreringsfönstret stängdes innan registreringen var klar, så inget " +
      "företag sparades. Öppna registreringen igen för att slutföra den, eller " +
      "ange företagets uppgifter manuellt.",
    nl:
      "Het aanmeldvenster is gesloten voordat de aanmelding was afgerond, dus " +
      "er is geen bedrijf opgeslagen. Open de aanmelding opnieuw om deze af te " +
      "ronden, of vul de gegevens van uw bedrijf handmatig in.",
    de:
      "Das Registrierungsfenster wurde geschlossen, bevor die Registrierung abgeschlossen " +
      "war, daher wurde kein Unternehmen gespeichert. Öffnen Sie die Registrierung " +
      "erneut, um sie abzuschließen, oder geben Sie die Angaben Ihres Unternehmens " +
      "manuell ein.",
  },
  "soletrader.review": {
    en: "Thanks! Your registration is being reviewed; we'll email you. Meanwhile, choose another payment method.",
    nb: "Takk! Registreringen din blir vurdert; vi sender deg en e-post. Velg en annen betalingsmåte så lenge.",
    sv: "Tack! Din registrering granskas; vi mejlar dig. Välj ett annat betalningssätt så länge.",
    nl:
      "Bedankt! Uw aanmelding wordt beoordeeld; we sturen u een e-mail. Kies " +
      "in de tussentijd een andere betaalmethode.",
    de:
      "Danke! Ihre Registrierung wird geprüft; wir schreiben Ihnen eine E-Mail. " +
      "Wählen Sie bis dahin eine andere Zahlungsart.",
  },
  "soletrader.welcome": {
    en: "Welcome back: {name}.",
    nb: "Velkommen tilbake: {name}.",
    sv: "Välkommen tillbaka: {name}.",
    nl: "Welkom terug: {name}.",
    de: "Willkommen zurück: {name}.",
  },
  "soletrader.signedUp": {
    en: "Signed up: {name}.",
    nb: "Registrert: {name}.",
    sv: "Registrerad: {name}.",
    nl: "Aangemeld: {name}.",
    de: "Registriert: {name}.",
  },
  "return.failed": {
    en:
      "The verification with the credit provider did not succeed, so the order " +
      "was not placed. Nothing has been charged.",
    nb: "Verifiseringen hos kredittleverandøren lyktes ikke, så bestillingen ble ikke lagt inn. Ingenting er belastet.",
    sv: "Verifieringen hos kreditgivaren lyckades inte, så beställningen lades inte. Inget har debiterats.",
    nl:
      "De verificatie bij de kredietverstrekker is niet gelukt, dus de bestelling " +
      "is niet geplaatst. Er is niets afgeschreven.",
    de:
      "Die Verifizierung beim Kreditanbieter war nicht erfolgreich, daher wurde " +
      "die Bestellung nicht aufgegeben. Es wurde nichts belastet.",
  },
  "return.cancelled": {
    en: "The verification was cancelled, so the order was not placed. Nothing has been charged.",
    nb: "Verifiseringen ble avbrutt, så bestillingen ble ikke lagt inn. Ingenting er belastet.",
    sv: "Verifieringen avbröts, så beställningen lades inte. Inget har debiterats.",
    nl: "De verificatie is geannuleerd, dus de bestelling is niet geplaatst. Er is niets afgeschreven.",
    de: "Die Verifizierung wurde abgebrochen, daher wurde die Bestellung nicht aufgegeben. Es wurde nichts belastet.",
  },
  "return.continue": { en: "Continue", nb: "Fortsett", sv: "Fortsätt", nl: "Doorgaan", de: "Weiter" },
  "readiness.checking": {
    en: "Checking your business's credit…",
    nb: "Sjekker bedriftens kreditt …",
    sv: "Kontrollerar företagets kredit …",
    nl: "Het krediet van uw bedrijf wordt gecontroleerd…",
    de: "Die Kreditwürdigkeit Ihres Unternehmens wird geprüft …",
  },
  "payment.invoiceDays": {
    en: "Invoice, due in {days} days",
    nb: "Faktura, forfaller om {days} dager",
    sv: "Faktura, förfaller om {days} dagar",
    nl: "Factuur, te betalen binnen {days} dagen",
    de: "Rechnung, fällig in {days} Tagen",
  },
  "payment.invoice": {
    en: "Invoice, due by the date on the invoice",
    nb: "Faktura, forfaller på datoen som står på fakturaen",
    sv: "Faktura, förfaller det datum som står på fakturan",
    nl: "Factuur, te betalen vóór de datum op de factuur",
    de: "Rechnung, fällig zum Datum auf der Rechnung",
  },
  "payment.instalmentsMonths": {
    en: "Monthly instalments, {n} months",
    nb: "Månedlige avdrag, {n} måneder",
    sv: "Månatliga delbetalningar, {n} månader",
    nl: "Maandelijkse termijnen, {n} maanden",
    de: "Monatliche Raten, {n} Monate",
  },
  "payment.instalments": {
    en: "Monthly instalments",
    nb: "Månedlige avdrag",
    sv: "Månatliga delbetalningar",
    nl: "Maandelijkse termijnen",
    de: "Monatliche Raten",
  },
  // The buyer's documents (InvoicesAndInstalments): document-texts.ts.
  ...DOCUMENT_TEXTS,
} satisfies Record<string, Texts>)

export type KitTextKey = keyof typeof KIT_TEXTS

/**
 * The words for `key` in `language` (a buyer language, or any locale or Accept-Language value): the store's own
 * (`overrides[key]`, a text or one per language) first, then the kit's; `{name}`-style placeholders filled from
 * `values`.
 */
export function kitText(
  key: KitTextKey,
  {
    language = "en",
    overrides = {},
    values = {},
  }: { language?: string; overrides?: Overrides; values?: Record<string, string | number> } = {},
): string {
  const lang = (BUYER_LANGUAGES as readonly string[]).includes(language)
    ? (language as BuyerLanguage)
    : buyerLanguageOf(language)
  const own = overrides[key]
  const text = typeof own === "string" ? own : (own && (own[lang] || own.en)) || KIT_TEXTS[key][lang]
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
