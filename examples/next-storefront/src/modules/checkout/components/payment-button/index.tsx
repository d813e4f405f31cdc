"use client"

import { isManual, isStripeLike, isTradeCredit } from "@lib/constants"
import { clearCartCookie, placeOrder, revalidateCart } from "@lib/data/cart"
import { sdk } from "@lib/config"
import { TradeCreditPaymentButton } from "medusa-payment-trade-credit-storefront/react"
import { HttpTypes } from "@medusajs/types"
import { Button } from "@modules/common/components/ui"
import React, { useState } from "react"
import ErrorMessage from "../error-message"

// The dtc-starter's payment button (without Stripe's), with docs/storefront.md's lines.

type PaymentButtonProps = {
  cart: HttpTypes.StoreCart
  "data-testid": string
}

const PaymentButton: React.FC<PaymentButtonProps> = ({
  cart,
  "data-testid": dataTestId,
}) => {
  const notReady =
    !cart ||
    !cart.shipping_address ||
    !cart.billing_address ||
    !cart.email ||
    (cart.shipping_methods?.length ?? 0) < 1

  const paymentSession = cart.payment_collection?.payment_sessions?.[0]

  switch (true) {
    case isStripeLike(paymentSession?.provider_id):
      return <Button disabled>Stripe is not part of this example</Button>
    case isManual(paymentSession?.provider_id):
      return (
        <ManualTestPaymentButton notReady={notReady} data-testid={dataTestId} />
      )
    case isTradeCredit(paymentSession?.provider_id):
      return (
        <TradeCreditPaymentButton cart={cart} sdk={sdk} clearCart={clearCartCookie} onCartChanged={revalidateCart}
          disabled={notReady} button={Button} buttonProps={{ size: "large" }} data-testid={dataTestId}
          errorClassName="pt-2 text-rose-500 text-small-regular" />
      )
    default:
      return <Button disabled>Select a payment method</Button>
  }
}

const ManualTestPaymentButton = ({ notReady }: { notReady: boolean; "data-testid"?: string }) => {
  const [submitting, setSubmitting] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)

  const onPaymentCompleted = async () => {
    await placeOrder()
      .catch((err) => {
        setErrorMessage(err.message)
      })
      .finally(() => {
        setSubmitting(false)
      })
  }

  const handlePayment = () => {
    setSubmitting(true)

    onPaymentCompleted()
  }

  return (
    <>
      <Button
        disabled={notReady}
        isLoading={submitting}
        onClick={handlePayment}
        size="large"
        data-testid="submit-order-button"
      >
        Place order
      </Button>
      <ErrorMessage
        error={errorMessage}
        data-testid="manual-payment-error-message"
      />
    </>
  )
}

export default PaymentButton
