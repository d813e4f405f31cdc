import { useTranslation } from "react-i18next"

// Money and dates as the admin's language writes them, by Intl (never by hand): "£1,200.00", "3 March 2026".

/**
 * `amount` (a decimal string, "1200.00") in `currency`, e.g. "£1,200.00". Intl reads a decimal string exactly
 * (ECMA-402's NumberFormat v3); an engine without it reads it as a number, which shows the same for money.
 */
export function formatMoney(amount: string, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(
      amount as unknown as number,
    )
  } catch {
    // A currency code Intl does not know: the amount and the code, as the service wrote them.
    return `${amount} ${currency.toUpperCase()}`
  }
}

/**
 * A day ("3 March 2026"). A document's issue and due dates are days the service gave (kept as midnight UTC), so they
 * are read in UTC; a moment (a payment's time) in the browser's time zone.
 */
export function formatDay(value: string, locale?: string, { utc = false }: { utc?: boolean } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(utc ? { timeZone: "UTC" } : {}),
  }).format(new Date(value))
}

/** Whether Intl takes `tag` (a browser may name a locale it does not: Chromium under `LANG=C` says "en-US@posix"). */
const isLocale = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag).length > 0
  } catch {
    return false
  }
}

/**
 * The locale to write in: the browser's variant of the admin's language ("en-GB" for English), else the language,
 * else English. Only tags Intl takes: a formatter given another throws, and the widget would not render.
 */
export function localeOf(language: string, browser: readonly string[] = browserLanguages()): string {
  const base = language.split("-")[0]
  return browser.find((tag) => isLocale(tag) && tag.split("-")[0] === base) ?? (isLocale(language) ? language : "en")
}

const browserLanguages = (): readonly string[] => (typeof navigator === "undefined" ? [] : (navigator.languages ?? []))

/** Money and days in the admin's language. */
export function useIntlFormat() {
  const { i18n } = useTranslation()
  const locale = localeOf(i18n.language || "en")
  return {
    money: (amount: string, currency: string) => formatMoney(amount, currency, locale),
    /** A document's date (a day of the service). */
    day: (value: string) => formatDay(value, locale, { utc: true }),
    /** A moment, in the browser's time zone. */
    moment: (value: string) => formatDay(value, locale),
  }
}
