import { Radio as RadioGroupOption } from "@modules/common/components/radio-group"
import { Text, clx } from "@modules/common/components/ui"
import React, { type JSX } from "react"

// The dtc-starter's payment method option (without its Stripe card container).

type PaymentContainerProps = {
  paymentProviderId: string
  selectedPaymentOptionId: string | null
  disabled?: boolean
  paymentInfoMap: Record<string, { title: string; icon: JSX.Element }>
  children?: React.ReactNode
}

const PaymentContainer: React.FC<PaymentContainerProps> = ({
  paymentProviderId,
  selectedPaymentOptionId,
  paymentInfoMap,
  disabled = false,
  children,
}) => {
  return (
    <RadioGroupOption
      key={paymentProviderId}
      value={paymentProviderId}
      disabled={disabled}
      className={clx("payment-option", {
        selected: selectedPaymentOptionId === paymentProviderId,
      })}
    >
      <Text as="span" className="payment-option-title">
        {paymentInfoMap[paymentProviderId]?.title || paymentProviderId}
      </Text>
      <span className="payment-option-icon">
        {paymentInfoMap[paymentProviderId]?.icon}
      </span>
      {children}
    </RadioGroupOption>
  )
}

export default PaymentContainer
