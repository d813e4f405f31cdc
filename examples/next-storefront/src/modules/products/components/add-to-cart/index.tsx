"use client"

import { addToCart } from "@lib/data/cart"
import { Button } from "@modules/common/components/ui"
import { useParams, useRouter } from "next/navigation"
import { useState } from "react"

// A stand-in for the dtc-starter's product actions: the starter's addToCart server action, then on to the checkout.

export default function AddToCart({ variantId }: { variantId: string }) {
  const { countryCode } = useParams<{ countryCode: string }>()
  const router = useRouter()
  const [isAdding, setIsAdding] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const handleAddToCart = async () => {
    setIsAdding(true)
    setError(null)
    try {
      await addToCart({ variantId, quantity: 1, countryCode })
      router.push(`/${countryCode}/checkout?step=address`)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setIsAdding(false)
    }
  }

  return (
    <>
      <Button onClick={handleAddToCart} isLoading={isAdding} data-testid="add-product-button">
        Add to cart
      </Button>
      {error ? <p className="error">{error}</p> : null}
    </>
  )
}
