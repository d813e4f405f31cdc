// Step 2 of the checkout: the kit's CompanyPicker (medusa-payment-trade-credit/storefront/react) in the page's
// #company element, as docs/storefront.md puts it into a storefront: search as you type over the plugin's company
// search, manual entry, the chosen company with "Change".
import { createRoot } from "react-dom/client"
import { CompanyPicker } from "medusa-payment-trade-credit/storefront/react"
import { buyerLanguageOf } from "medusa-payment-trade-credit/storefront"
import { medusa } from "./medusa.js"

const COUNTRIES = [
  ["GB", "United Kingdom"],
  ["NO", "Norway"],
  ["SE", "Sweden"],
  ["US", "United States"],
]

/**
 * Mounts the picker; onSelect({ company, name, number, country }) gets the session's `company`:
 * `{ company_canonical_id }` or `{ company_name, organization_number, country_prefix }`. Answers
 * `{ useDetails(business), unmount() }`: useDetails chooses a business the sole-trader signup registered.
 */
export function mountCompanyPicker(element, { country = "GB", onSelect, onClear }) {
  const root = createRoot(element)
  const render = (value) =>
    root.render(
      <CompanyPicker
        sdk={medusa()}
        country={country}
        countries={COUNTRIES}
        value={value}
        onSelect={onSelect}
        onClear={() => {
          render(undefined)
          onClear?.()
        }}
        language={buyerLanguageOf(navigator.languages)}
      />
    )
  render(undefined)
  return {
    useDetails({ company_name, organization_number, country_code }) {
      const selection = {
        company: { company_name, organization_number, country_prefix: country_code },
        name: company_name,
        number: organization_number,
        country: country_code,
      }
      render(selection)
      onSelect(selection)
    },
    unmount: () => root.unmount(),
  }
}
