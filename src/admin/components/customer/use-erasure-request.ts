import type { AdminCustomer } from "@medusajs/framework/types"
import { toast, usePrompt } from "@medusajs/ui"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { useRequestErasure } from "../../lib/trade-credit-customer-api"
import { statusLabel } from "./status-tag"

/**
 * "Request erasure": the merchant's reference, a confirmation prompt (erasure cannot be undone), then the request;
 * the toast names the case and status the service answered. Also the words of cases and statuses.
 */
export function useErasureRequest(customer: AdminCustomer) {
  const { t } = useTranslation("tradeCredit")
  const requestErasure = useRequestErasure(customer.id)
  const prompt = usePrompt()
  const [reference, setReference] = useState("")

  const caseText = (value: string) => t(`customer.erasure.case.${value}`, { defaultValue: statusLabel(value) })
  const statusText = (value: string) => t(`customer.erasure.status.${value}`, { defaultValue: statusLabel(value) })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const ref = reference.trim()
    if (!ref) return
    const confirmed = await prompt({
      title: t("customer.erasure.confirmTitle"),
      description: t("customer.erasure.confirmDescription", {
        who: customer.email ?? t("customer.erasure.thisCustomer"),
        reference: ref,
      }),
      variant: "danger",
      confirmText: t("customer.erasure.request"),
      cancelText: t("common.cancel"),
    })
    if (!confirmed) return
    requestErasure.mutate(ref, {
      onSuccess: ({ erasure_request, replayed }) => {
        setReference("")
        toast.success(replayed ? t("customer.erasure.replayed") : t("customer.erasure.requested"), {
          description: t("customer.erasure.requestedDescription", {
            case: caseText(erasure_request.case),
            status: statusText(erasure_request.status).toLowerCase(),
          }),
        })
      },
    })
  }

  return { requestErasure, reference, setReference, submit, caseText, statusText }
}
