// The confirmation's funding block: the kit's FundingStatus (medusa-payment-trade-credit/storefront/react). An
// instalment order is placed with its plan's funding pending; the block says so and reads the order again every few
// seconds until the service accepts or rejects the plan, then says that in plain words. Until the kit knows where the
// funding stands, the page says the plan is being set up: the row is never empty.
import { useState } from "react"
import { createRoot } from "react-dom/client"
import { FundingStatus } from "medusa-payment-trade-credit/storefront/react"
import { ORDER_FUNDING_FIELDS, orderFundingStateOf } from "medusa-payment-trade-credit/storefront"
import { medusa } from "./medusa.js"
import { KIT_WORDS, t } from "./texts.js"

function Funding({ order }) {
  const [known, setKnown] = useState(() => orderFundingStateOf(order))
  const refresh = async () => {
    const { order: read } = await medusa().store.order.retrieve(order.id, { fields: ORDER_FUNDING_FIELDS })
    setKnown(orderFundingStateOf(read))
    return read
  }
  return (
    <>
      {known ? null : (
        <span className="muted" id="order-funding-setup">
          {t("confirmation.fundingSetup")}
        </span>
      )}
      <FundingStatus id="order-funding" order={order} refresh={refresh} intervalMs={2000} title={false} {...KIT_WORDS} />
    </>
  )
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
