// The confirmation's funding block: the kit's FundingStatus (medusa-payment-trade-credit/storefront/react). An
// instalment order is placed with its plan's funding pending; the block says so and reads the order again every few
// seconds until the service accepts or rejects the plan, then says that in plain words.
import { createRoot } from "react-dom/client"
import { FundingStatus } from "medusa-payment-trade-credit/storefront/react"
import { buyerLanguageOf } from "medusa-payment-trade-credit/storefront"
import { medusa } from "./medusa.js"

export function mountFundingStatus(element, { order }) {
  const root = createRoot(element)
  root.render(<FundingStatus id="order-funding" order={order} sdk={medusa()} intervalMs={2000} title={false} language={buyerLanguageOf(navigator.languages)} />)
  // Leaving the page (the app's own navigation replaces it): the block stops reading.
  const observer = new MutationObserver(() => {
    if (element.isConnected) return
    observer.disconnect()
    root.unmount()
  })
  observer.observe(document.getElementById("app"), { childList: true })
}
