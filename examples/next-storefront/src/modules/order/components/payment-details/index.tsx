import { Container, Heading, Text } from "@modules/common/components/ui"

import { isStripeLike, isTradeCredit, paymentInfoMap } from "@lib/constants"
import { convertToLocale } from "@lib/util/money"
import { HttpTypes } from "@medusajs/types"
import { retrieveFunding } from "@lib/data/orders"
import { FundingStatus } from "medusa-payment-trade-credit-storefront/react"
import { tradeCreditPaymentText } from "medusa-payment-trade-credit-storefront"

// The dtc-starter's payment details of an order, with docs/storefront.md's lines.

type PaymentDetailsProps = {
  order: HttpTypes.StoreOrder
}

const PaymentDetails = ({ order }: PaymentDetailsProps) => {
  const payment = order.payment_collections?.[0].payments?.[0]

  return (
    <div className="payment-details">
      <Heading level="h2">
        Payment
      </Heading>
      <div>
        {payment && (
          <div className="summary">
            <div>
              <Text className="label">
                Payment method
              </Text>
              <Text data-testid="payment-method">
                {paymentInfoMap[payment.provider_id].title}
              </Text>
            </div>
            <div>
              <Text className="label">
                Payment details
              </Text>
              <div>
                <Container>
                  {paymentInfoMap[payment.provider_id].icon}
                </Container>
                <Text data-testid="payment-amount">
                  {isStripeLike(payment.provider_id) && payment.data?.card_last4
                    ? `**** **** **** ${payment.data.card_last4}`
                    : isTradeCredit(payment.provider_id)
                    ? tradeCreditPaymentText(payment)
                    : `${convertToLocale({
                        amount: payment.amount,
                        currency_code: order.currency_code,
                      })} paid at ${new Date(
                        payment.created_at ?? ""
                      ).toLocaleString()}`}
                </Text>
              </div>
            </div>
          </div>
        )}
        <FundingStatus order={order} refresh={retrieveFunding.bind(null, order.id)} />
      </div>
    </div>
  )
}

export default PaymentDetails
