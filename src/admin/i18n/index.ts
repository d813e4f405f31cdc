import de from "./json/de.json" with { type: "json" }
import en from "./json/en.json" with { type: "json" }
import nl from "./json/nl.json" with { type: "json" }
import sv from "./json/sv.json" with { type: "json" }

/**
 * The plugin's admin texts for Medusa's admin i18n (Medusa ≥ 2.11.1 merges every plugin's `src/admin/i18n/index.ts`
 * into the dashboard's translations), under a namespace of their own so no key meets Medusa's or another plugin's:
 * components read them with `useTranslation("tradeCredit")`. The languages are those of the plugin's buyers that
 * the dashboard offers (Norwegian is not among them); in any other language the admin reads English.
 */
export default {
  en: { tradeCredit: en },
  de: { tradeCredit: de },
  sv: { tradeCredit: sv },
  nl: { tradeCredit: nl },
}
