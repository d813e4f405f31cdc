// The account's documents: the kit's InvoicesAndInstalments (medusa-payment-trade-credit/storefront/react), reading
// the logged-in customer's invoices, credit notes, instalment invoices and statements with the SDK (the login the SDK
// keeps), and downloading each PDF through it.
import { createRoot } from "react-dom/client"
import { InvoicesAndInstalments } from "medusa-payment-trade-credit/storefront/react"
import { medusa } from "./medusa.js"
import { KIT_WORDS, locale } from "./texts.js"

export function mountDocuments(element) {
  const root = createRoot(element)
  root.render(<InvoicesAndInstalments id="documents" sdk={medusa()} locale={locale} {...KIT_WORDS} />)
  // Leaving the page (the app's own navigation replaces it): the component goes with it.
  const observer = new MutationObserver(() => {
    if (element.isConnected) return
    observer.disconnect()
    root.unmount()
  })
  observer.observe(document.getElementById("app"), { childList: true })
}
