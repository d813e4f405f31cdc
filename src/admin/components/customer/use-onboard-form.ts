import { toast } from "@medusajs/ui"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { type OnboardCompany, useOnboardCustomer } from "../../lib/trade-credit-customer-api"

/** How the company to onboard is named: by country and organization number, or by the company search's id. */
export type OnboardBy = "organization_number" | "canonical_id"

/**
 * The onboard form's fields, the company they name (null until it is named in full) and the submission: the trade
 * name only when one is typed; a toast and `onDone` once the service answers.
 */
export function useOnboardForm(customerId: string, onDone: () => void) {
  const { t } = useTranslation("tradeCredit")
  const onboard = useOnboardCustomer(customerId)
  const [by, setBy] = useState<OnboardBy>("organization_number")
  const [canonicalId, setCanonicalId] = useState("")
  const [country, setCountry] = useState("GB")
  const [orgNumber, setOrgNumber] = useState("")
  const [tradeName, setTradeName] = useState("")

  const company: OnboardCompany | null =
    by === "canonical_id"
      ? canonicalId.trim()
        ? { canonical_id: canonicalId.trim() }
        : null
      : country.trim() && orgNumber.trim()
        ? { country_code: country.trim().toUpperCase(), organization_number: orgNumber.trim() }
        : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!company) return
    onboard.mutate(
      { company, ...(tradeName.trim() ? { trade_name: tradeName.trim() } : {}) },
      {
        onSuccess: ({ onboarded }) => {
          toast.success(onboarded ? t("customer.onboard.onboarded") : t("customer.onboard.alreadyOnboarded"))
          onDone()
        },
      },
    )
  }

  const fields = { by, setBy, canonicalId, setCanonicalId, country, setCountry, orgNumber, setOrgNumber }
  return { onboard, fields, tradeName, setTradeName, company, submit }
}
