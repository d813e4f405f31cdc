import { useEffect, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import { returnOutcomeOf } from "../checkout"
import { textsOf, type TextProps } from "./texts"

/**
 * What the payment step says when the buyer is back from the service's page without an order (the return route's
 * `?trade_credit=failed|canceled|error&code=`; `cancelled`, an older spelling, reads the same): read once, on arrival.
 */
export function useReturnNotice({ language, overrides }: TextProps) {
  const t = textsOf({ language, overrides })
  const [notice, setNotice] = useState<string>()
  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const given = query.get("trade_credit")
    const outcome = returnOutcomeOf(given)
    if (outcome === "failed" || outcome === "canceled")
      setNotice(t(outcome === "failed" ? "return.failed" : "return.cancelled"))
    else if (given === "error") setNotice(buyerMessage(query.get("code") ?? undefined, { language, overrides }))
    // Once, on arrival.
  }, [])
  return notice
}
