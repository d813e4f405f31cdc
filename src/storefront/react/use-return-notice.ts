import { useEffect, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import { textsOf, type TextProps } from "./texts"

/**
 * What the payment step says when the buyer is back from the service's page without an order (the return route's
 * `?trade_credit=failed|canceled|error&code=`): read once, on arrival.
 */
export function useReturnNotice({ language, overrides }: TextProps) {
  const t = textsOf({ language, overrides })
  const [notice, setNotice] = useState<string>()
  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const outcome = query.get("trade_credit")
    if (outcome === "failed" || outcome === "canceled" || outcome === "cancelled")
      setNotice(t(outcome === "failed" ? "return.failed" : "return.cancelled"))
    else if (outcome === "error") setNotice(buyerMessage(query.get("code") ?? undefined, { language, overrides }))
    // Once, on arrival.
  }, [])
  return notice
}
