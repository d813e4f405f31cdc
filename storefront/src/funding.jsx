// The confirmation's funding block: the kit's FundingStatus (medusa-payment-trade-credit/storefront/react). An
// instalment order is placed with its plan's funding pending; the block says so and reads the order again every few
// seconds until the service accepts or rejects the plan, then says that in plain words. Until it knows where the funding
// stands, the kit says the plan is being set up: the row is never empty.
import { createRoot } from "react-dom/client"
import { FundingStatus } from "medusa-payment-trade-credit/storefront/react"
import { ORDER_FUNDING_FIELDS } from "medusa-payment-trade-credit/storefront"
import { medusa } from "./medusa.js"
import { KIT_WORDS } from "./texts.js"

/** The kit's FundingStatus, which says the plan is being set up until it knows where the funding stands. */
function Funding({ order }) {
  const refresh = async () => (await medusa().store.order.retrieve(order.id, { fields: ORDER_FUNDING_FIELDS })).order
  return <FundingStatus id="order-funding" order={order} refresh={refresh} intervalMs={2000} title={false} {...KIT_WORDS} />
}

export function mountFundingStatus(element, { order }) {
  const root = createRoot(element)
  root.render(<Funding order={order} />)
  // Leaving the page (the app's own navigation replaces it): the block stops reading.
  const observer = new MutationObserver(() => {
    if (element.isConnected) return
    observer.disconnect()
    root.unmount()
  })
  observer.observe(document.getElementById("app"), { childList: true })
}
