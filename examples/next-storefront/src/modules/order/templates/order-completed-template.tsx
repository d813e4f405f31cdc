import { HttpTypes } from "@medusajs/types"
import { convertToLocale } from "@lib/util/money"
import { Heading, Text } from "@modules/common/components/ui"
import PaymentDetails from "@modules/order/components/payment-details"

// A stand-in for the dtc-starter's order confirmation: the order, its items and total, and its payment details.

export default async function OrderCompletedTemplate({
  order,
}: {
  order: HttpTypes.StoreOrder
}) {
  return (
    <div className="order-complete" data-testid="order-complete-container">
      <Heading level="h1">Thank you!</Heading>
      <Text>Your order was placed successfully.</Text>
      <Text>
        Order number: <span data-testid="order-id">#{order.display_id}</span>
      </Text>
      <ul className="items">
        {order.items?.map((item) => (
          <li key={item.id}>
            {item.quantity} × {item.product_title} ({item.variant_title})
          </li>
        ))}
      </ul>
      <Text>
        Total:{" "}
        <span data-testid="order-total">
          {convertToLocale({ amount: order.total, currency_code: order.currency_code })}
        </span>
      </Text>
      <PaymentDetails order={order} />
    </div>
  )
}
