"use client"

import { setAddresses } from "@lib/data/cart"
import { HttpTypes } from "@medusajs/types"
import { Button, Heading, Text } from "@modules/common/components/ui"
import { useParams, usePathname, useRouter, useSearchParams } from "next/navigation"
import { useActionState } from "react"

// A stand-in for the dtc-starter's address step: the shipping address (billing the same) and email, saved by the
// starter's setAddresses server action, which goes on to the delivery step.

const FIELDS: [name: string, label: string, type?: string][] = [
  ["email", "Email", "email"],
  ["shipping_address.first_name", "First name"],
  ["shipping_address.last_name", "Last name"],
  ["shipping_address.company", "Company"],
  ["shipping_address.address_1", "Address"],
  ["shipping_address.postal_code", "Postal code"],
  ["shipping_address.city", "City"],
  ["shipping_address.phone", "Phone", "tel"],
]

const Addresses = ({ cart }: { cart: HttpTypes.StoreCart | null }) => {
  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = searchParams.get("step") === "address"
  const [message, formAction, pending] = useActionState(setAddresses, null)
  const { countryCode } = useParams<{ countryCode: string }>()
  const countries = cart?.region?.countries?.length
    ? cart.region.countries
    : [{ iso_2: countryCode, display_name: countryCode.toUpperCase() }]
  const address = cart?.shipping_address as Record<string, string | null | undefined> | undefined

  const value = (name: string) =>
    name === "email" ? cart?.email ?? "" : address?.[name.replace("shipping_address.", "")] ?? ""

  return (
    <div className="step" id="step-address">
      <div className="step-header">
        <Heading level="h2">Shipping Address</Heading>
        {!isOpen && cart?.shipping_address && (
          <Text>
            <button className="link" onClick={() => router.push(pathname + "?step=address")} data-testid="edit-address-button">
              Edit
            </button>
          </Text>
        )}
      </div>
      {isOpen ? (
        <form action={formAction} className="address-form">
          {FIELDS.map(([name, label, type = "text"]) => (
            <label key={name}>
              {label}
              <input name={name} type={type} defaultValue={value(name)} required={name !== "shipping_address.company"} data-testid={`${name.replace(".", "-")}-input`} />
            </label>
          ))}
          <label>
            Country
            <select name="shipping_address.country_code" defaultValue={cart?.shipping_address?.country_code ?? countryCode}>
              {countries.map((c) => (
                <option key={c.iso_2} value={c.iso_2}>
                  {c.display_name}
                </option>
              ))}
            </select>
          </label>
          <Button size="large" type="submit" isLoading={pending} data-testid="submit-address-button">
            Continue to delivery
          </Button>
          {message ? <p className="error" data-testid="address-error-message">{message}</p> : null}
        </form>
      ) : cart?.shipping_address ? (
        <Text data-testid="shipping-address-summary">
          {cart.shipping_address.first_name} {cart.shipping_address.last_name}, {cart.shipping_address.company}, {cart.shipping_address.address_1}, {cart.shipping_address.postal_code} {cart.shipping_address.city} · {cart.email}
        </Text>
      ) : null}
    </div>
  )
}

export default Addresses
