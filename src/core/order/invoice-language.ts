/** The languages the service issues invoice PDFs in (the published `lang` of `GET /v1/invoice/{order_id}/pdf`). */
export const INVOICE_LANGUAGES = ["en_US", "nb_NO", "sv_SE"] as const
export type InvoiceLanguage = (typeof INVOICE_LANGUAGES)[number]

/** A locale's primary language (BCP 47, "nb-NO", "sv", "no") as an invoice language, if the service has it. */
const BY_LANGUAGE: Record<string, InvoiceLanguage> = { en: "en_US", nb: "nb_NO", no: "nb_NO", nn: "nb_NO", sv: "sv_SE" }

/**
 * The language of an order's invoice: the region's setting, else the order's locale (Medusa's cart and order `locale`)
 * where the service has that language, else English.
 */
export function invoiceLanguageOf(
  regionLanguage: string | null | undefined,
  orderLocale: string | null | undefined,
): InvoiceLanguage {
  const set = INVOICE_LANGUAGES.find((l) => l === regionLanguage)
  if (set) return set
  const primary = (orderLocale ?? "").toLowerCase().split(/[-_]/)[0]
  return BY_LANGUAGE[primary] ?? "en_US"
}
