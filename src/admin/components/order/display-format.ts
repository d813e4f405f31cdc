// How the order widget writes the summary's values: amounts are the route's decimal strings, shown as they are.

/** "120.00 EUR"; "-" without an amount. */
export const amountText = (amount: string | null | undefined, currency: string | null | undefined) =>
  amount ? `${amount} ${(currency ?? "").toUpperCase()}`.trim() : "-"

/** A date in the browser's locale ("1 Mar 2025"); "-" for none. */
export const dateText = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }) : "-"
