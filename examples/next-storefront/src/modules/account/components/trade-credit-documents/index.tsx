import { sdk } from "@lib/config"
import { getAuthHeaders } from "@lib/data/cookies"
import ErrorMessage from "@modules/checkout/components/error-message"
import { kitText, listTradeCreditDocuments } from "medusa-payment-trade-credit-storefront"
import { InvoicesAndInstalments } from "medusa-payment-trade-credit-storefront/react"

// docs/storefront.md's "Invoices and instalments" on the account page: the customer's invoices, credit notes,
// instalment invoices and monthly statements, read with the customer's login, each PDF through the storefront's
// route (trade-credit/documents/[id]/route.ts).

export default async function TradeCreditDocuments({ countryCode }: { countryCode: string }) {
  const page = await listTradeCreditDocuments({ sdk, headers: await getAuthHeaders() }).catch(() => null)
  if (!page) return <ErrorMessage error={kitText("documents.failed")} data-testid="documents-error" />
  return <InvoicesAndInstalments documents={page} pdfHref={`/${countryCode}/trade-credit/documents/{id}`} />
}
