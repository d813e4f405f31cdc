import { retrieveCart } from "@lib/data/cart"
import { convertToLocale } from "@lib/util/money"
import CheckoutForm from "@modules/checkout/templates/checkout-form"
import { Metadata } from "next"
import { notFound } from "next/navigation"

// The dtc-starter's checkout page (its summary reduced to the cart's total).

export const metadata: Metadata = {
  title: "Checkout",
}

export default async function Checkout() {
  const cart = await retrieveCart()

  if (!cart) {
    return notFound()
  }

  return (
    <div className="checkout">
      <CheckoutForm cart={cart} />
      <aside className="checkout-summary">
        <h2>In your cart</h2>
        <ul>
          {cart.items?.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.product_title} ({item.variant_title})
            </li>
          ))}
        </ul>
        <p>
          Total:{" "}
          <span data-testid="cart-total">
            {convertToLocale({ amount: cart.total, currency_code: cart.currency_code })}
          </span>
        </p>
      </aside>
    </div>
  )
}
