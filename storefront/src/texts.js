// The page's words, in the storefront kit's buyer languages (English, Norwegian Bokmål, Swedish, Dutch, German), and
// the page's one language: chosen once from the browser's (buyerLanguageOf(navigator.languages), the kit's choice),
// then handed to every kit component and function, set as <html lang>, and used for money and dates. A failure
// reaches the buyer in plain words in that language (errorText, plainMessage), never as a raw message or an id.
import { buyerLanguageOf, buyerMessage, CODE_TEXTS, kitText, SHOP_UNREACHABLE } from "medusa-payment-trade-credit/storefront"

/** The page's language: one of en, nb, sv, nl, de. */
export const language = buyerLanguageOf(typeof navigator === "undefined" ? [] : navigator.languages)

/** The locale money and dates are written in (the demo shop sells from the United Kingdom). */
export const locale = { en: "en-GB", nb: "nb-NO", sv: "sv-SE", nl: "nl-NL", de: "de-DE" }[language]

const TEXTS = {
  // --- the shell (index.html) and the router ---
  "shell.title": {
    en: "Office Supplies Co. · Trade credit demo",
    nb: "Office Supplies Co. · Demo av handelskreditt",
    sv: "Office Supplies Co. · Demo av handelskredit",
    nl: "Office Supplies Co. · Demo van handelskrediet",
    de: "Office Supplies Co. · Handelskredit-Demo",
  },
  "shell.tag": {
    en: "B2B demo store · trade credit",
    nb: "B2B-demobutikk · handelskreditt",
    sv: "B2B-demobutik · handelskredit",
    nl: "B2B-demowinkel · handelskrediet",
    de: "B2B-Demoshop · Handelskredit",
  },
  "shell.checkout": { en: "Checkout", nb: "Til kassen", sv: "Till kassan", nl: "Afrekenen", de: "Zur Kasse" },
  "shell.loading": { en: "Loading…", nb: "Laster …", sv: "Laddar …", nl: "Laden…", de: "Wird geladen …" },
  "shell.footer": {
    en: "A demo of {package} against a simulator of the trade credit service.",
    nb: "En demo av {package} mot en simulator av handelskredittjenesten.",
    sv: "En demo av {package} mot en simulator av handelskredittjänsten.",
    nl: "Een demo van {package} met een simulator van de handelskredietdienst.",
    de: "Eine Demo von {package} mit einem Simulator des Handelskreditdienstes.",
  },
  "nav.backToShop": {
    en: "Back to the shop",
    nb: "Tilbake til butikken",
    sv: "Tillbaka till butiken",
    nl: "Terug naar de winkel",
    de: "Zurück zum Shop",
  },
  "page.notFound": {
    en: "Page not found",
    nb: "Fant ikke siden",
    sv: "Sidan hittades inte",
    nl: "Pagina niet gevonden",
    de: "Seite nicht gefunden",
  },
  "page.error": {
    en: "Something went wrong",
    nb: "Noe gikk galt",
    sv: "Något gick fel",
    nl: "Er ging iets mis",
    de: "Etwas ist schiefgelaufen",
  },

  // --- failures ---
  "error.generic": {
    en: "Something went wrong. Please try again.",
    nb: "Noe gikk galt. Prøv igjen.",
    sv: "Något gick fel. Försök igen.",
    nl: "Er ging iets mis. Probeer het opnieuw.",
    de: "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
  },

  // --- the shop ---
  "shop.title": {
    en: "Supplies for your business",
    nb: "Rekvisita til bedriften din",
    sv: "Förbrukningsmaterial för ditt företag",
    nl: "Benodigdheden voor uw bedrijf",
    de: "Bürobedarf für Ihr Unternehmen",
  },
  "shop.lead": {
    en: "Buy now, pay later: by invoice or in monthly instalments with trade credit.",
    nb: "Kjøp nå, betal senere: mot faktura eller med månedlige avdrag med handelskreditt.",
    sv: "Köp nu, betala senare: mot faktura eller med månatliga delbetalningar med handelskredit.",
    nl: "Nu kopen, later betalen: op factuur of in maandelijkse termijnen met handelskrediet.",
    de: "Jetzt kaufen, später bezahlen: auf Rechnung oder in monatlichen Raten mit Handelskredit.",
  },
  "shop.none": { en: "No products yet.", nb: "Ingen produkter ennå.", sv: "Inga produkter ännu.", nl: "Nog geen producten.", de: "Noch keine Produkte." },
  "shop.noRegion": {
    en: "The shop sells nowhere yet: run the demo's seeding first.",
    nb: "Butikken selger ingen steder ennå: kjør demoens oppsett først.",
    sv: "Butiken säljer ingenstans ännu: lägg in demons grunddata först.",
    nl: "De winkel verkoopt nog nergens: laad eerst de gegevens van de demo.",
    de: "Der Shop verkauft noch nirgends: Spielen Sie zuerst die Demodaten ein.",
  },
  "shop.size": { en: "Size", nb: "Størrelse", sv: "Storlek", nl: "Formaat", de: "Größe" },
  "shop.quantity": { en: "Quantity", nb: "Antall", sv: "Antal", nl: "Aantal", de: "Menge" },
  "shop.price": { en: "{price} excl. VAT", nb: "{price} eks. mva.", sv: "{price} exkl. moms", nl: "{price} excl. btw", de: "{price} zzgl. MwSt." },
  "shop.add": { en: "Add to cart", nb: "Legg i handlekurven", sv: "Lägg i varukorgen", nl: "In winkelwagen", de: "In den Warenkorb" },
  "shop.adding": { en: "Adding…", nb: "Legger til …", sv: "Lägger till …", nl: "Toevoegen…", de: "Wird hinzugefügt …" },
  "shop.addFailed": {
    en: "The item could not be added to your cart. Please try again.",
    nb: "Varen kunne ikke legges i handlekurven. Prøv igjen.",
    sv: "Varan kunde inte läggas i varukorgen. Försök igen.",
    nl: "Het artikel kon niet aan uw winkelwagen worden toegevoegd. Probeer het opnieuw.",
    de: "Der Artikel konnte nicht in den Warenkorb gelegt werden. Bitte versuchen Sie es erneut.",
  },

  // --- the checkout ---
  "cart.empty": { en: "Your cart is empty", nb: "Handlekurven er tom", sv: "Varukorgen är tom", nl: "Uw winkelwagen is leeg", de: "Ihr Warenkorb ist leer" },
  "cart.browse": { en: "Choose some supplies", nb: "Velg noen varer", sv: "Välj några varor", nl: "Kies een paar artikelen", de: "Artikel auswählen" },
  "step.details": {
    en: "1. Contact and delivery",
    nb: "1. Kontakt og levering",
    sv: "1. Kontakt och leverans",
    nl: "1. Contact en levering",
    de: "1. Kontakt und Lieferung",
  },
  "step.company": { en: "2. Your company", nb: "2. Bedriften din", sv: "2. Ditt företag", nl: "2. Uw bedrijf", de: "2. Ihr Unternehmen" },
  "step.payment": { en: "3. Payment", nb: "3. Betaling", sv: "3. Betalning", nl: "3. Betaling", de: "3. Zahlung" },
  "summary.title": {
    en: "Order summary",
    nb: "Ordresammendrag",
    sv: "Ordersammanfattning",
    nl: "Overzicht van uw bestelling",
    de: "Bestellübersicht",
  },
  "summary.items": { en: "Items", nb: "Varer", sv: "Varor", nl: "Artikelen", de: "Artikel" },
  "summary.discount": { en: "Discount", nb: "Rabatt", sv: "Rabatt", nl: "Korting", de: "Rabatt" },
  "summary.delivery": { en: "Delivery", nb: "Frakt", sv: "Frakt", nl: "Verzending", de: "Versand" },
  "summary.vat": { en: "VAT", nb: "Mva.", sv: "Moms", nl: "Btw", de: "MwSt." },
  "summary.total": { en: "Total", nb: "Totalt", sv: "Totalt", nl: "Totaal", de: "Gesamt" },
  "details.edit": { en: "Edit", nb: "Endre", sv: "Ändra", nl: "Wijzigen", de: "Bearbeiten" },
  "details.email": { en: "Work email", nb: "E-post (jobb)", sv: "E-post (jobb)", nl: "Zakelijk e-mailadres", de: "Geschäftliche E-Mail" },
  "details.phone": { en: "Phone", nb: "Telefon", sv: "Telefon", nl: "Telefoon", de: "Telefon" },
  "details.firstName": { en: "First name", nb: "Fornavn", sv: "Förnamn", nl: "Voornaam", de: "Vorname" },
  "details.lastName": { en: "Last name", nb: "Etternavn", sv: "Efternamn", nl: "Achternaam", de: "Nachname" },
  "details.company": {
    en: "Company (on the delivery note)",
    nb: "Bedrift (på følgeseddelen)",
    sv: "Företag (på följesedeln)",
    nl: "Bedrijf (op de pakbon)",
    de: "Firma (auf dem Lieferschein)",
  },
  "details.address": { en: "Address", nb: "Adresse", sv: "Adress", nl: "Adres", de: "Adresse" },
  "details.city": { en: "City", nb: "Poststed", sv: "Ort", nl: "Plaats", de: "Ort" },
  "details.postcode": { en: "Postcode", nb: "Postnummer", sv: "Postnummer", nl: "Postcode", de: "Postleitzahl" },
  "details.continue": { en: "Continue", nb: "Fortsett", sv: "Fortsätt", nl: "Doorgaan", de: "Weiter" },
  "details.noDelivery": {
    en: "We don't deliver to this address yet.",
    nb: "Vi leverer ikke til denne adressen ennå.",
    sv: "Vi levererar inte till den här adressen ännu.",
    nl: "We bezorgen nog niet op dit adres.",
    de: "An diese Adresse liefern wir noch nicht.",
  },
  "details.failed": {
    en: "Your details could not be saved. Check them and try again.",
    nb: "Opplysningene dine kunne ikke lagres. Kontroller dem og prøv igjen.",
    sv: "Dina uppgifter kunde inte sparas. Kontrollera dem och försök igen.",
    nl: "Uw gegevens konden niet worden opgeslagen. Controleer ze en probeer het opnieuw.",
    de: "Ihre Angaben konnten nicht gespeichert werden. Prüfen Sie sie und versuchen Sie es erneut.",
  },

  // --- the payment step ---
  "payment.companyFirst": {
    en: "Choose your company first.",
    nb: "Velg bedriften din først.",
    sv: "Välj ditt företag först.",
    nl: "Kies eerst uw bedrijf.",
    de: "Wählen Sie zuerst Ihr Unternehmen.",
  },
  "payment.detailsFirst": {
    en: "Enter your contact and delivery details first (step 1).",
    nb: "Fyll inn kontakt- og leveringsopplysningene først (steg 1).",
    sv: "Fyll i kontakt- och leveransuppgifterna först (steg 1).",
    nl: "Vul eerst uw contact- en bezorggegevens in (stap 1).",
    de: "Geben Sie zuerst Ihre Kontakt- und Lieferdaten ein (Schritt 1).",
  },
  "precheck.checking": {
    en: "Checking trade credit for {company}…",
    nb: "Sjekker handelskreditt for {company} …",
    sv: "Kontrollerar handelskredit för {company} …",
    nl: "Handelskrediet voor {company} wordt gecontroleerd…",
    de: "Handelskredit für {company} wird geprüft …",
  },
  "precheck.available": {
    en: "Trade credit is available for {company}.",
    nb: "Handelskreditt er tilgjengelig for {company}.",
    sv: "Handelskredit är tillgänglig för {company}.",
    nl: "Handelskrediet is beschikbaar voor {company}.",
    de: "Handelskredit ist für {company} verfügbar.",
  },
  "precheck.degraded": {
    en: "We could not confirm trade credit right now; you can still choose it.",
    nb: "Vi kunne ikke bekrefte handelskreditt akkurat nå, men du kan fortsatt velge det.",
    sv: "Vi kunde inte bekräfta handelskrediten just nu, men du kan ändå välja den.",
    nl: "We konden het handelskrediet nu niet bevestigen; u kunt het toch kiezen.",
    de: "Wir konnten den Handelskredit gerade nicht bestätigen; Sie können ihn trotzdem wählen.",
  },
  "declined.title": {
    en: "Trade credit isn't available for this order.",
    nb: "Handelskreditt er ikke tilgjengelig for denne bestillingen.",
    sv: "Handelskredit är inte tillgänglig för den här beställningen.",
    nl: "Handelskrediet is niet beschikbaar voor deze bestelling.",
    de: "Handelskredit ist für diese Bestellung nicht verfügbar.",
  },
  // The reason when the pre-check gives none of its own (the service's reason is for the logs, not the buyer).
  "declined.generic": {
    en: "The credit provider decides this for {company}. You can still pay by bank transfer in advance below.",
    nb: "Det er kredittleverandøren som avgjør dette for {company}. Du kan fortsatt betale med bankoverføring på forhånd nedenfor.",
    sv: "Det är kreditgivaren som avgör detta för {company}. Du kan fortfarande betala med banköverföring i förskott nedan.",
    nl: "De kredietverstrekker beslist hierover voor {company}. U kunt hieronder nog steeds vooraf per bankoverschrijving betalen.",
    de: "Diese Entscheidung trifft der Kreditanbieter für {company}. Sie können unten weiterhin per Vorkasse überweisen.",
  },
  "method.unavailable": {
    en: "Not available for this purchase.",
    nb: "Ikke tilgjengelig for dette kjøpet.",
    sv: "Inte tillgängligt för det här köpet.",
    nl: "Niet beschikbaar voor deze aankoop.",
    de: "Für diesen Einkauf nicht verfügbar.",
  },
  "methods.legend": {
    en: "How would you like to pay?",
    nb: "Hvordan vil du betale?",
    sv: "Hur vill du betala?",
    nl: "Hoe wilt u betalen?",
    de: "Wie möchten Sie bezahlen?",
  },
  "method.invoice": {
    en: "Invoice with trade credit",
    nb: "Faktura med handelskreditt",
    sv: "Faktura med handelskredit",
    nl: "Factuur met handelskrediet",
    de: "Rechnung mit Handelskredit",
  },
  "method.invoiceText": {
    en: "Verify once with the credit provider; the invoice comes when the goods ship.",
    nb: "Verifiser deg én gang hos kredittleverandøren; fakturaen kommer når varene sendes.",
    sv: "Verifiera dig en gång hos kreditgivaren; fakturan kommer när varorna skickas.",
    nl: "Verifieer u één keer bij de kredietverstrekker; de factuur volgt zodra de goederen worden verzonden.",
    de: "Einmal beim Kreditanbieter verifizieren; die Rechnung kommt, wenn die Ware versandt wird.",
  },
  "method.instalmentsText": {
    en: "Spread the cost over 3 to 36 months.",
    nb: "Fordel kostnaden over 3 til 36 måneder.",
    sv: "Fördela kostnaden över 3 till 36 månader.",
    nl: "Spreid de kosten over 3 tot 36 maanden.",
    de: "Verteilen Sie die Kosten auf 3 bis 36 Monate.",
  },
  "method.transfer": {
    en: "Bank transfer in advance",
    nb: "Bankoverføring på forhånd",
    sv: "Banköverföring i förskott",
    nl: "Vooraf per bankoverschrijving",
    de: "Vorkasse per Überweisung",
  },
  "method.transferText": {
    en: "We ship once the payment arrives.",
    nb: "Vi sender varene når betalingen er mottatt.",
    sv: "Vi skickar varorna när betalningen har kommit in.",
    nl: "We verzenden zodra de betaling binnen is.",
    de: "Wir versenden, sobald die Zahlung eingegangen ist.",
  },
  "schedule.calculating": {
    en: "Calculating your instalments…",
    nb: "Beregner avdragene dine …",
    sv: "Beräknar dina delbetalningar …",
    nl: "Uw termijnen worden berekend…",
    de: "Ihre Raten werden berechnet …",
  },
  "schedule.date": { en: "Invoice date", nb: "Fakturadato", sv: "Fakturadatum", nl: "Factuurdatum", de: "Rechnungsdatum" },
  "schedule.amount": { en: "Amount", nb: "Beløp", sv: "Belopp", nl: "Bedrag", de: "Betrag" },
  "schedule.summary": {
    en: "{count} monthly instalments, {total} in total. Available: {min} to {max} months, at most {perMonth} a month.",
    nb: "{count} månedlige avdrag, {total} totalt. Mulig: {min} til {max} måneder, høyst {perMonth} i måneden.",
    sv: "{count} månatliga delbetalningar, totalt {total}. Möjligt: {min} till {max} månader, högst {perMonth} i månaden.",
    nl: "{count} maandelijkse termijnen, {total} in totaal. Mogelijk: {min} tot {max} maanden, maximaal {perMonth} per maand.",
    de: "{count} monatliche Raten, insgesamt {total}. Möglich: {min} bis {max} Monate, höchstens {perMonth} im Monat.",
  },
  "schedule.failed": {
    en: "The instalments could not be calculated. Please try again.",
    nb: "Avdragene kunne ikke beregnes. Prøv igjen.",
    sv: "Delbetalningarna kunde inte beräknas. Försök igen.",
    nl: "De termijnen konden niet worden berekend. Probeer het opnieuw.",
    de: "Die Raten konnten nicht berechnet werden. Bitte versuchen Sie es erneut.",
  },
  "transfer.failed": {
    en: "This payment could not be started. Please try again.",
    nb: "Betalingen kunne ikke startes. Prøv igjen.",
    sv: "Betalningen kunde inte startas. Försök igen.",
    nl: "Deze betaling kon niet worden gestart. Probeer het opnieuw.",
    de: "Diese Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es erneut.",
  },
  "order.failed": {
    en: "The order could not be placed. Please try again.",
    nb: "Bestillingen kunne ikke legges inn. Prøv igjen.",
    sv: "Beställningen kunde inte läggas. Försök igen.",
    nl: "De bestelling kon niet worden geplaatst. Probeer het opnieuw.",
    de: "Die Bestellung konnte nicht aufgegeben werden. Bitte versuchen Sie es erneut.",
  },

  // --- the confirmation ---
  "confirmation.title": {
    en: "Thank you, your order is placed",
    nb: "Takk, bestillingen din er lagt inn",
    sv: "Tack, din beställning är lagd",
    nl: "Bedankt, uw bestelling is geplaatst",
    de: "Vielen Dank, Ihre Bestellung ist aufgegeben",
  },
  "confirmation.lead": {
    en: "Order {number} · a confirmation goes to {email}.",
    nb: "Bestilling {number} · en bekreftelse sendes til {email}.",
    sv: "Beställning {number} · en bekräftelse skickas till {email}.",
    nl: "Bestelling {number} · een bevestiging gaat naar {email}.",
    de: "Bestellung {number} · eine Bestätigung geht an {email}.",
  },
  "confirmation.payment": { en: "Payment", nb: "Betaling", sv: "Betalning", nl: "Betaling", de: "Zahlung" },
  "confirmation.company": { en: "Company", nb: "Bedrift", sv: "Företag", nl: "Bedrijf", de: "Unternehmen" },
  "confirmation.fundingSetup": {
    en: "Being set up with the credit provider…",
    nb: "Settes opp hos kredittleverandøren …",
    sv: "Läggs upp hos kreditgivaren …",
    nl: "Wordt ingericht bij de kredietverstrekker…",
    de: "Wird beim Kreditanbieter eingerichtet …",
  },
  "confirmation.continue": {
    en: "Continue shopping",
    nb: "Fortsett å handle",
    sv: "Fortsätt handla",
    nl: "Verder winkelen",
    de: "Weiter einkaufen",
  },
  "confirmation.notFound": {
    en: "We couldn't find this order.",
    nb: "Vi fant ikke denne bestillingen.",
    sv: "Vi hittade inte den här beställningen.",
    nl: "We konden deze bestelling niet vinden.",
    de: "Wir konnten diese Bestellung nicht finden.",
  },

  // --- the return page (back from the credit provider's verification) ---
  "return.nothing": {
    en: "Nothing to confirm",
    nb: "Ingenting å bekrefte",
    sv: "Inget att bekräfta",
    nl: "Niets te bevestigen",
    de: "Nichts zu bestätigen",
  },
  "return.notVerified": {
    en: "Verification not completed",
    nb: "Verifiseringen ble ikke fullført",
    sv: "Verifieringen slutfördes inte",
    nl: "Verificatie niet afgerond",
    de: "Verifizierung nicht abgeschlossen",
  },
  "return.backToCheckout": {
    en: "Back to checkout",
    nb: "Tilbake til kassen",
    sv: "Tillbaka till kassan",
    nl: "Terug naar afrekenen",
    de: "Zurück zur Kasse",
  },
  "return.confirming": {
    en: "Confirming your order…",
    nb: "Bekrefter bestillingen din …",
    sv: "Bekräftar din beställning …",
    nl: "Uw bestelling wordt bevestigd…",
    de: "Ihre Bestellung wird bestätigt …",
  },
  "return.moment": {
    en: "One moment while we place your order.",
    nb: "Et øyeblikk mens vi legger inn bestillingen.",
    sv: "Ett ögonblick medan vi lägger din beställning.",
    nl: "Een ogenblik, we plaatsen uw bestelling.",
    de: "Einen Moment, wir geben Ihre Bestellung auf.",
  },
  "return.failedTitle": {
    en: "We couldn't place your order",
    nb: "Vi kunne ikke legge inn bestillingen din",
    sv: "Vi kunde inte lägga din beställning",
    nl: "We konden uw bestelling niet plaatsen",
    de: "Wir konnten Ihre Bestellung nicht aufgeben",
  },
  "return.notFinished": {
    en: "The verification is not finished yet.",
    nb: "Verifiseringen er ikke fullført ennå.",
    sv: "Verifieringen är inte klar ännu.",
    nl: "De verificatie is nog niet afgerond.",
    de: "Die Verifizierung ist noch nicht abgeschlossen.",
  },
  "return.verify": {
    en: "Verify with the credit provider",
    nb: "Verifiser deg hos kredittleverandøren",
    sv: "Verifiera dig hos kreditgivaren",
    nl: "Verifiëren bij de kredietverstrekker",
    de: "Beim Kreditanbieter verifizieren",
  },

  // --- the sole-trader signup (soletrader.js) ---
  "soletrader.question": {
    en: "A sole trader without a company registration number?",
    nb: "Enkeltpersonforetak uten registreringsnummer?",
    sv: "Enskild firma utan organisationsnummer?",
    nl: "Eenmanszaak zonder registratienummer?",
    de: "Einzelunternehmen ohne Registernummer?",
  },
  "soletrader.returning": {
    en: "I already use trade credit with my email",
    nb: "Jeg bruker allerede handelskreditt med e-postadressen min",
    sv: "Jag använder redan handelskredit med min e-postadress",
    nl: "Ik gebruik al handelskrediet met mijn e-mailadres",
    de: "Ich nutze Handelskredit bereits mit meiner E-Mail-Adresse",
  },
  "soletrader.email": { en: "Email", nb: "E-post", sv: "E-post", nl: "E-mailadres", de: "E-Mail" },
  "soletrader.password": { en: "Choose a password", nb: "Velg et passord", sv: "Välj ett lösenord", nl: "Kies een wachtwoord", de: "Passwort wählen" },
  "soletrader.create": {
    en: "Create account and continue",
    nb: "Opprett konto og fortsett",
    sv: "Skapa konto och fortsätt",
    nl: "Account aanmaken en doorgaan",
    de: "Konto erstellen und weiter",
  },
  "soletrader.rbEmail": { en: "Your email", nb: "E-postadressen din", sv: "Din e-postadress", nl: "Uw e-mailadres", de: "Ihre E-Mail-Adresse" },
  "soletrader.sendCode": {
    en: "Email me a code",
    nb: "Send meg en kode på e-post",
    sv: "Mejla mig en kod",
    nl: "Stuur mij een code per e-mail",
    de: "Code per E-Mail senden",
  },
  "soletrader.code": { en: "Code from the email", nb: "Kode fra e-posten", sv: "Kod från mejlet", nl: "Code uit de e-mail", de: "Code aus der E-Mail" },
  "soletrader.confirm": { en: "Confirm", nb: "Bekreft", sv: "Bekräfta", nl: "Bevestigen", de: "Bestätigen" },
  "soletrader.which": {
    en: "Which business are you buying for?",
    nb: "Hvilken bedrift kjøper du for?",
    sv: "Vilket företag handlar du för?",
    nl: "Voor welk bedrijf koopt u?",
    de: "Für welches Unternehmen kaufen Sie ein?",
  },
  "soletrader.use": {
    en: "Use this business",
    nb: "Bruk denne bedriften",
    sv: "Använd det här företaget",
    nl: "Dit bedrijf gebruiken",
    de: "Dieses Unternehmen verwenden",
  },
  "soletrader.codeSent": {
    en: "We emailed you a code.",
    nb: "Vi har sendt deg en kode på e-post.",
    sv: "Vi har mejlat dig en kod.",
    nl: "We hebben u een code gemaild.",
    de: "Wir haben Ihnen einen Code per E-Mail geschickt.",
  },
  "soletrader.noBusiness": {
    en: "No business uses this email yet: sign up as a sole trader instead.",
    nb: "Ingen bedrift bruker denne e-postadressen ennå: registrer deg som enkeltpersonforetak i stedet.",
    sv: "Inget företag använder den här e-postadressen ännu: registrera dig som enskild firma i stället.",
    nl: "Nog geen bedrijf gebruikt dit e-mailadres: meld u in plaats daarvan aan als eenmanszaak.",
    de: "Noch kein Unternehmen nutzt diese E-Mail-Adresse: Registrieren Sie sich stattdessen als Einzelunternehmen.",
  },
  "soletrader.codeNotSent": {
    en: "We couldn't send a code. Please try again.",
    nb: "Vi kunne ikke sende en kode. Prøv igjen.",
    sv: "Vi kunde inte skicka någon kod. Försök igen.",
    nl: "We konden geen code sturen. Probeer het opnieuw.",
    de: "Wir konnten keinen Code senden. Bitte versuchen Sie es erneut.",
  },
  "soletrader.codeWrong": {
    en: "That code didn't work. Check it, or ask for a new one.",
    nb: "Koden fungerte ikke. Kontroller den, eller be om en ny.",
    sv: "Koden fungerade inte. Kontrollera den eller be om en ny.",
    nl: "Die code werkte niet. Controleer hem of vraag een nieuwe aan.",
    de: "Dieser Code hat nicht funktioniert. Prüfen Sie ihn oder fordern Sie einen neuen an.",
  },
  "soletrader.several": {
    en: "This email has {n} businesses: choose the one you are buying for.",
    nb: "Denne e-postadressen har {n} bedrifter: velg den du kjøper for.",
    sv: "Den här e-postadressen har {n} företag: välj det du handlar för.",
    nl: "Dit e-mailadres heeft {n} bedrijven: kies het bedrijf waarvoor u koopt.",
    de: "Zu dieser E-Mail-Adresse gehören {n} Unternehmen: Wählen Sie das, für das Sie einkaufen.",
  },
  "soletrader.chooseFirst": {
    en: "Choose a business first.",
    nb: "Velg en bedrift først.",
    sv: "Välj ett företag först.",
    nl: "Kies eerst een bedrijf.",
    de: "Wählen Sie zuerst ein Unternehmen.",
  },
  "soletrader.choiceFailed": {
    en: "This business could not be chosen. Please try again.",
    nb: "Bedriften kunne ikke velges. Prøv igjen.",
    sv: "Företaget kunde inte väljas. Försök igen.",
    nl: "Dit bedrijf kon niet worden gekozen. Probeer het opnieuw.",
    de: "Dieses Unternehmen konnte nicht ausgewählt werden. Bitte versuchen Sie es erneut.",
  },
  "soletrader.accountFirstSignup": {
    en: "Create an account first: your registration is kept with it.",
    nb: "Opprett en konto først: registreringen din lagres på den.",
    sv: "Skapa ett konto först: din registrering sparas där.",
    nl: "Maak eerst een account aan: uw aanmelding wordt daarbij bewaard.",
    de: "Erstellen Sie zuerst ein Konto: Ihre Registrierung wird dort gespeichert.",
  },
  "soletrader.accountFirstReturning": {
    en: "Create an account first: your business is kept with it.",
    nb: "Opprett en konto først: bedriften din lagres på den.",
    sv: "Skapa ett konto först: ditt företag sparas där.",
    nl: "Maak eerst een account aan: uw bedrijf wordt daarbij bewaard.",
    de: "Erstellen Sie zuerst ein Konto: Ihr Unternehmen wird dort gespeichert.",
  },
  "soletrader.accountFailed": {
    en: "The account could not be created. Check the email and password and try again.",
    nb: "Kontoen kunne ikke opprettes. Kontroller e-postadressen og passordet og prøv igjen.",
    sv: "Kontot kunde inte skapas. Kontrollera e-postadressen och lösenordet och försök igen.",
    nl: "Het account kon niet worden aangemaakt. Controleer het e-mailadres en het wachtwoord en probeer het opnieuw.",
    de: "Das Konto konnte nicht erstellt werden. Prüfen Sie E-Mail-Adresse und Passwort und versuchen Sie es erneut.",
  },
  // --- the account (account.js): log in, then the company's invoices and instalments (the kit's component) ---
  "shell.account": { en: "Your account", nb: "Din konto", sv: "Ditt konto", nl: "Uw account", de: "Ihr Konto" },
  "account.title": { en: "Your account", nb: "Din konto", sv: "Ditt konto", nl: "Uw account", de: "Ihr Konto" },
  "account.email": { en: "Email", nb: "E-post", sv: "E-post", nl: "E-mailadres", de: "E-Mail" },
  "account.password": { en: "Password", nb: "Passord", sv: "Lösenord", nl: "Wachtwoord", de: "Passwort" },
  "account.login": { en: "Log in", nb: "Logg inn", sv: "Logga in", nl: "Inloggen", de: "Anmelden" },
  "account.logout": { en: "Log out", nb: "Logg ut", sv: "Logga ut", nl: "Uitloggen", de: "Abmelden" },
  "account.signedIn": {
    en: "Logged in as {email}.",
    nb: "Logget inn som {email}.",
    sv: "Inloggad som {email}.",
    nl: "Ingelogd als {email}.",
    de: "Angemeldet als {email}.",
  },
  "account.wrongLogin": {
    en: "The email or password is not right. Please try again.",
    nb: "E-postadressen eller passordet er feil. Prøv igjen.",
    sv: "E-postadressen eller lösenordet stämmer inte. Försök igen.",
    nl: "Het e-mailadres of het wachtwoord klopt niet. Probeer het opnieuw.",
    de: "E-Mail-Adresse oder Passwort stimmen nicht. Bitte versuchen Sie es erneut.",
  },
}

/** Every key of the page's words (texts.js is the one place they are written). */
export const PAGE_TEXT_KEYS = Object.freeze(Object.keys(TEXTS))

const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole))

/** The page's words for `key` in the page's language, `{name}` placeholders filled from `values`. */
export function t(key, values = {}) {
  const texts = TEXTS[key]
  if (!texts) throw new Error(`No page text ${key}`)
  return fill(texts[language] ?? texts.en, values)
}

/** The page's words as HTML: the text escaped, then `{name}` placeholders filled with the given HTML (escape it first). */
export function html(key, values = {}) {
  return fill(esc(t(key)), values)
}

/** The kit's words (src/storefront/texts.ts) in the page's language: for the few texts the page shares with the kit. */
export const kit = (key, values) => kitText(key, { language, values })

/** Everything the kit's components and functions take for their words. */
export const KIT_WORDS = Object.freeze({ language })

/** "We couldn't reach the shop…": the kit's words for SHOP_UNREACHABLE, in the page's language. */
const networkText = () => buyerMessage(SHOP_UNREACHABLE, KIT_WORDS)

/** Money in the page's locale. */
export function money(amount, currency) {
  return new Intl.NumberFormat(locale, { style: "currency", currency: (currency || "gbp").toUpperCase() }).format(Number(amount ?? 0))
}

/** A date (an ISO date "2025-03-01", or a timestamp) in the page's locale. */
export function date(value) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? new Date(`${value}T00:00:00Z`) : new Date(value)
  if (Number.isNaN(day.getTime())) return ""
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? "UTC" : undefined }).format(day)
}

/** A country's name in the page's language (ISO 3166 code). */
export function countryName(code) {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code
  } catch {
    return code
  }
}

/** Escapes text for HTML. */
export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c])
}

// What browsers say when a request never got an answer (Chromium, Firefox, Safari, Node), and Medusa's words for an
// error of its own (a 500): neither is for the buyer.
const NETWORK_WORDS = /failed to fetch|networkerror|network request failed|load failed|fetch failed|an unknown error occurred/i
// An id (payses_01J…, cart_…, order_…), a raw code (TOO_HIGH_RISK), a stack or an error class's name: for the logs.
const RAW_WORDS = /\b[a-z]{2,}_[0-9A-Za-z]{8,}\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b|\n\s*at |\b\w*Error\b:/

const statusOf = (error) => error?.status ?? error?.response?.status

/**
 * Whether a failure means the shop could not be reached: no answer at all (the browser's TypeError "Failed to
 * fetch"), the page's SHOP_UNREACHABLE, or a server error (5xx).
 */
export function isUnreachable(error) {
  if (!error) return false
  if (error.code === SHOP_UNREACHABLE) return true
  const status = statusOf(error)
  if (typeof status === "number") return status >= 500
  return error.name === "TypeError" || NETWORK_WORDS.test(String(error.message ?? error))
}

/**
 * A failure in plain words in the page's language: "We couldn't reach the shop…" when the shop did not answer, the
 * kit's words for a code it knows, else the page's words for what failed (`fallback`, a page text key). Never the
 * error's own message. The page's own failures name their words: pageError("shop.noRegion").
 */
export function errorText(error, fallback = "error.generic") {
  if (error?.pageText && TEXTS[error.pageText]) return t(error.pageText)
  if (isUnreachable(error)) return networkText()
  const code = error?.code
  if (code && CODE_TEXTS[code]) return buyerMessage(code, KIT_WORDS)
  if (statusOf(error) === 429) return buyerMessage("TRADE_CREDIT_RATE_LIMITED", KIT_WORDS)
  return t(fallback)
}

/** A failure of the page's own, worded by a page text. */
export const pageError = (key) => Object.assign(new Error(key), { pageText: key })

/**
 * A message the kit answered (already the buyer's words, or the server's in the page's language), made safe: a
 * network failure in the page's words, anything raw (an id, a code, a stack) as the kit's general words.
 */
export function plainMessage(message, fallback = "error.generic") {
  const text = String(message ?? "").trim()
  if (!text) return t(fallback)
  if (NETWORK_WORDS.test(text)) return networkText()
  if (RAW_WORDS.test(text)) return buyerMessage(undefined, KIT_WORDS)
  return text
}

/**
 * An SDK failure as the page and the kit should see it: a request that got no answer, or Medusa's own 500 ("An
 * unknown error occurred.", or no words but the status line), becomes SHOP_UNREACHABLE (the kit words it); a refusal with the server's words stays as it is.
 */
export function asPageFailure(error) {
  const status = statusOf(error)
  const words = String(error?.message ?? "")
  const noAnswer = status === undefined && (error?.name === "TypeError" || NETWORK_WORDS.test(words))
  const serverFault = typeof status === "number" && status >= 500 && (!words || words === error?.statusText || NETWORK_WORDS.test(words) || RAW_WORDS.test(words))
  if (!noAnswer && !serverFault) return error
  return Object.assign(new Error(networkText()), { code: SHOP_UNREACHABLE, httpStatus: status, cause: error })
}
