"use client"

import { setShippingMethod } from "@lib/data/cart"
import { HttpTypes } from "@medusajs/types"
import { RadioGroup, Radio } from "@modules/common/components/radio-group"
import { Button, Heading, Text } from "@modules/common/components/ui"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useState } from "react"

// A stand-in for the dtc-starter's delivery step: the cart's shipping options, one chosen through the starter's
// setShippingMethod server action, then on to the payment step.

const Shipping = ({
  cart,
  availableShippingMethods,
}: {
  cart: HttpTypes.StoreCart
  availableShippingMethods: HttpTypes.StoreCartShippingOption[] | null
}) => {
  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = searchParams.get("step") === "delivery"
  const [shippingMethodId, setShippingMethodId] = useState(cart.shipping_methods?.at(-1)?.shipping_option_id ?? "")
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const handleSetShippingMethod = async (id: string) => {
    setError(null)
    setIsLoading(true)
    setShippingMethodId(id)
    await setShippingMethod({ cartId: cart.id, shippingMethodId: id })
      .catch((err) => setError(err.message))
      .finally(() => setIsLoading(false))
  }

  return (
    <div className="step" id="step-delivery">
      <div className="step-header">
        <Heading level="h2">Delivery</Heading>
        {!isOpen && (cart.shipping_methods?.length ?? 0) > 0 && (
          <Text>
            <button className="link" onClick={() => router.push(pathname + "?step=delivery")} data-testid="edit-delivery-button">
              Edit
            </button>
          </Text>
        )}
      </div>
      {isOpen ? (
        <>
          <RadioGroup value={shippingMethodId} onChange={handleSetShippingMethod} name="shipping-option">
            {availableShippingMethods?.map((option) => (
              <Radio key={option.id} value={option.id} className="shipping-option">
                {option.name} ({option.amount} {cart.currency_code?.toUpperCase()})
              </Radio>
            ))}
          </RadioGroup>
          {error ? <p className="error">{error}</p> : null}
          <Button
            size="large"
            onClick={() => router.push(pathname + "?step=payment", { scroll: false })}
            isLoading={isLoading}
            disabled={!cart.shipping_methods?.[0]}
            data-testid="submit-delivery-option-button"
          >
            Continue to payment
          </Button>
        </>
      ) : cart.shipping_methods?.length ? (
        <Text data-testid="delivery-summary">{cart.shipping_methods.at(-1)?.name}</Text>
      ) : null}
    </div>
  )
}

export default Shipping
