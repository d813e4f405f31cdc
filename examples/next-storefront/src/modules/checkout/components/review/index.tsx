"use client"

import { Heading, Text, clx } from "@modules/common/components/ui"

import PaymentButton from "../payment-button"
import ErrorMessage from "../error-message"
import { isTradeCredit } from "@lib/constants"
import { useTradeCreditReadiness } from "medusa-payment-trade-credit-storefront/react"
import { useSearchParams } from "next/navigation"
import { HttpTypes } from "@medusajs/types"

// The dtc-starter's review step, with docs/storefront.md's lines.

const Review = ({ cart }: { cart: HttpTypes.StoreCart }) => {
  const searchParams = useSearchParams()

  const isOpen = searchParams.get("step") === "review"
  const tradeCredit = useTradeCreditReadiness(cart)
  const refused = isTradeCredit(cart.payment_collection?.payment_sessions?.[0]?.provider_id) && !tradeCredit.ready

  const previousStepsCompleted =
    cart.shipping_address &&
    (cart.shipping_methods?.length ?? 0) > 0 &&
    cart.payment_collection

  return (
    <div className="step" id="step-review">
      <div className="step-header">
        <Heading level="h2" className={clx({ inactive: !isOpen })}>
          Review
        </Heading>
      </div>
      {isOpen && previousStepsCompleted && (
        <>
          <Text>
            By clicking the Place Order button, you confirm that you have read,
            understand and accept our Terms of Use, Terms of Sale and Returns
            Policy and acknowledge that you have read Medusa Store&apos;s
            Privacy Policy.
          </Text>
          {refused ? <ErrorMessage error={tradeCredit.message} data-testid="trade-credit-not-ready" />
            : <PaymentButton cart={cart} data-testid="submit-order-button" />}
        </>
      )}
    </div>
  )
}

export default Review
