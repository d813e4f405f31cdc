// Step 2 of the checkout: the kit's CompanyPicker (medusa-payment-trade-credit/storefront/react) in the page's
// #company element, as docs/storefront.md puts it into a storefront: search as you type over the plugin's company
// search, manual entry, the chosen company with "Change".
import { createRoot } from "react-dom/client"
import { CompanyPicker } from "medusa-payment-trade-credit/storefront/react"
import { medusa } from "./medusa.js"
import { countryName, KIT_WORDS } from "./texts.js"

// The countries the picker offers, named in the page's language.
const COUNTRIES = ["GB", "NO", "SE", "US"].map((code) => [code, countryName(code)])

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
        language={KIT_WORDS.language}
        overrides={KIT_WORDS.overrides}
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
