// The dtc-starter's amount formatting.
export const convertToLocale = ({
  amount,
  currency_code,
  locale = "en-US",
}: {
  amount: number
  currency_code: string
  locale?: string
}) => {
  return currency_code && currency_code.length
    ? new Intl.NumberFormat(locale, {
        style: "currency",
        currency: currency_code,
      }).format(amount)
    : amount.toString()
}
