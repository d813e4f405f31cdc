import { useEffect, useRef, useState } from "react"
import type { SessionLike } from "../checkout"
import type { CompanySelection } from "../company-search"
import { cartChanged } from "../cart-changed"
import { type CheckoutCart, type PaymentSdk, retrieveCheckoutCart, startTradeCreditSession } from "../place-order"
import {
  companyLabelOf,
  companySelectionOf,
  tradeCreditChoiceOf,
  tradeCreditSessionOfProvider,
} from "../session-choice"
import {
  type CreditCheck,
  isPlanProvider,
  sessionInputOf,
  sessionIsChecked,
  type TradeCreditChoice,
  tradeCreditSessionData,
} from "../session-data"
import { sameCompany, stable } from "../session-keys"
import type { BuyerDetails } from "./buyer-details-fields"
import { rememberedChoice } from "./remembered-choice"
import { defaultReturnUrl } from "./return-page"
import { placeOrderPresses, queueSessionStart } from "./session-queue"
import { detailsFieldsOf, startingChoice } from "./starting-choice"
import type { TextProps } from "./texts"

export type TradeCreditSessionOptions = TextProps & {
  sdk: PaymentSdk
  cart: CheckoutCart
  providerId: string
  returnUrl?: string
  /** Awaited after the kit started or updated the cart's session (the storefront refreshes its cached cart). */
  onCartChanged?: () => unknown
  /** The pause after the buyer's last change of the references before they are saved to the session (ms). */
  saveDelayMs?: number
  /** The pause before a start that failed for a passing reason is tried again (ms, doubled each time up to 16×). */
  retryDelayMs?: number
}

const APPROVED: CreditCheck = Object.freeze({ approved: true })
/** The longest pause between tries of a start that failed for a passing reason, in retryDelayMs (2 s → 32 s). */
const MAX_BACKOFF = 16

/** The session input a choice saves at the payment step: no verification yet (Place order asks for it). */
const inputOf = (data: Record<string, unknown> | null | undefined) => {
  const { verify_before_completion: _, ...input } = sessionInputOf(data)
  return stable(input)
}

/** Whether the session holds `data` already, past its credit check (then nothing is started). */
const holds = (session: SessionLike | undefined, providerId: string, data: Record<string, unknown>) =>
  session?.provider_id === providerId && sessionIsChecked(session) && inputOf(session.data) === inputOf(data)

/**
 * TradeCreditFields' state and the cart's session behind it. On mount: the cart read again (the page's copy may be a
 * storefront's cached one) and the fields prefilled from its session's data, else from the tab's remembered choice
 * (startingChoice); nothing the buyer did is overwritten. Then the session follows the buyer: started with a new
 * company at once (the credit check), updated with the references and months after a pause (so a reload keeps them),
 * never started again for what it holds; only the newest start's answer counts; `onCartChanged` after each. One start
 * at a time per cart, none after Place order was pressed (session-queue.ts). Only a decline is kept as a refused
 * check; a failure that passes (a 5xx, the network) is `failure`, and tried again.
 */
export function useTradeCreditSession({
  sdk,
  cart,
  providerId,
  returnUrl,
  onCartChanged,
  saveDelayMs = 800,
  retryDelayMs = 2000,
  language,
  overrides,
}: TradeCreditSessionOptions) {
  const plan = isPlanProvider(providerId)
  const [initial] = useState(() => startingChoice(tradeCreditChoiceOf(cart), undefined, providerId))
  const [selection, setSelection] = useState<CompanySelection | null>(() => companySelectionOf(initial) ?? null)
  const [details, setDetails] = useState<BuyerDetails>(() => detailsFieldsOf(initial?.details))
  const [periods, setPeriods] = useState<number | undefined>(() => (plan ? initial?.numberOfPeriods : undefined))
  const [check, setCheck] = useState<CreditCheck | undefined>(() => (initial?.check ? APPROVED : undefined))
  const [checked, setChecked] = useState<Record<string, unknown> | undefined>(() =>
    initial?.check ? (tradeCreditSessionOfProvider(cart, providerId)?.data ?? undefined) : undefined,
  )
  // The cart and method whose session was read back: the fields follow the buyer only after that.
  const [readFor, setReadFor] = useState<string>()
  const loaded = readFor === `${cart.id} ${providerId}`
  const touched = useRef(false)
  const known = useRef<{ cart: CheckoutCart; session?: SessionLike }>({ cart })
  /** The provider and company the current `check` is of. */
  const checkedOf = useRef<string>()
  const seq = useRef(0)
  /** A check or save that failed for a passing reason (not a decline): the buyer's words, until one succeeds. */
  const [failure, setFailure] = useState<{ code: string | undefined; message: string }>()
  const [retry, setRetry] = useState(0)
  const failures = useRef(0)
  const failedOf = useRef<string>()
  const retryTimer = useRef<ReturnType<typeof setTimeout>>()
  const companyKey = selection ? stable(selection.company) : ""
  const detailsKey = stable(details)

  useEffect(() => {
    let stopped = false
    void retrieveCheckoutCart({ sdk, cart }).then((fresh) => {
      if (stopped) return
      known.current = { cart: fresh, session: tradeCreditSessionOfProvider(fresh, providerId) }
      const start = startingChoice(tradeCreditChoiceOf(fresh), rememberedChoice(cart.id), providerId)
      if (!touched.current && start) {
        setSelection(companySelectionOf(start) ?? null)
        setDetails(detailsFieldsOf(start.details))
        setPeriods(isPlanProvider(providerId) ? start.numberOfPeriods : undefined)
      }
      setReadFor(`${cart.id} ${providerId}`)
    })
    return () => {
      stopped = true
    }
    // Once per cart and method: the page's later copies of the cart do not reset what the buyer did.
  }, [cart.id, providerId])

  useEffect(() => {
    if (!loaded) return
    const mine = ++seq.current // an answer for an earlier choice does not count
    if (!selection) {
      setCheck(undefined)
      setChecked(undefined)
      setFailure(undefined)
      return
    }
    const held = known.current.session
    const of = `${providerId} ${companyKey}`
    if (
      held?.provider_id === providerId &&
      sessionIsChecked(held) &&
      sameCompany(held.data?.company, selection.company)
    ) {
      checkedOf.current = of
      setCheck(APPROVED)
      setChecked(held.data ?? undefined)
    }
    const choice: TradeCreditChoice = {
      providerId,
      company: selection.company,
      companyLabel: companyLabelOf(selection),
      details,
      numberOfPeriods: plan ? periods : undefined,
      returnUrl: returnUrl ?? defaultReturnUrl(),
    }
    const dataOver = (session: SessionLike | undefined) => {
      const data = tradeCreditSessionData(choice, session?.provider_id === providerId ? session.data : undefined)
      delete data.verify_before_completion
      return data
    }
    if (holds(held, providerId, dataOver(held))) return
    const same = checkedOf.current === of
    // A company the service declined is not asked about again for a change of the references: the buyer changes
    // the company. (A check that failed for another reason is not a decline: it is tried again.)
    if (same && check?.approved === false) return
    if (!same) {
      setCheck(undefined)
      setChecked(undefined)
      if (failedOf.current !== of) setFailure(undefined) // kept while the same choice is tried again
    }
    // Place order pressed after this change drops it: the button places the order with the latest choice itself.
    const asOf = placeOrderPresses(cart.id)
    const start = async () => {
      if (mine !== seq.current) return // the buyer changed it again meanwhile: that change's start follows
      // What the session holds now: a start that ran meanwhile (another change, another component) changed it.
      const current = known.current.session
      const data = dataOver(current)
      if (holds(current, providerId, data)) {
        checkedOf.current = of
        setCheck(APPROVED)
        setChecked(current?.data ?? undefined)
        return setFailure(undefined)
      }
      const started = await startTradeCreditSession({
        sdk,
        cart: known.current.cart,
        providerId,
        data,
        language,
        overrides,
      })
      if (!started.error) known.current = { cart: started.cart, session: started.session }
      if (mine !== seq.current) return started.error ? undefined : cartChanged(onCartChanged)
      if (started.error?.retryable) {
        // Not a decline (the service or the store was busy or down): said so, tried again after a while.
        failedOf.current = of
        setFailure({ code: started.error.code, message: started.error.message })
        const backoff = Math.min(2 ** failures.current++, MAX_BACKOFF)
        clearTimeout(retryTimer.current)
        retryTimer.current = setTimeout(() => setRetry((n) => n + 1), retryDelayMs * backoff)
        return
      }
      failures.current = 0
      setFailure(undefined)
      checkedOf.current = of
      if (started.error) {
        setCheck({ approved: false, code: started.error.code, message: started.error.message })
        setChecked(undefined)
        return
      }
      setCheck(APPROVED)
      setChecked(started.session?.data ?? {})
      await cartChanged(onCartChanged)
    }
    // One start at a time for the cart; a newer change's start replaces one still waiting (session-queue.ts).
    const timer = setTimeout(() => void queueSessionStart(cart.id, asOf, start), same ? saveDelayMs : 0)
    return () => clearTimeout(timer)
    // The session follows the buyer's choice, not every render of the page's cart.
  }, [loaded, providerId, companyKey, detailsKey, periods, returnUrl, retry])

  useEffect(
    () => () => {
      // Unmounted (the buyer chose another payment method): a start still queued for it must not replace that one's.
      seq.current++
      clearTimeout(retryTimer.current)
    },
    [],
  )

  const touch =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      touched.current = true
      failures.current = 0 // the buyer's change is tried at once, and again soon after a passing failure
      set(value)
    }

  return {
    loaded,
    selection,
    choose: touch(setSelection),
    details,
    changeDetails: touch(setDetails),
    periods,
    choosePeriods: touch(setPeriods),
    /** The credit check of the chosen company: approved, refused (with the buyer's words), or undefined (under way). */
    check: selection ? check : undefined,
    /** The session's data after its credit check (instalments: the limits InstalmentChoices offers from). */
    checked,
    /** Why the session could not be started or saved just now, when that is not a decline (tried again). */
    failure: selection ? failure?.message : undefined,
    /** Its code: SHOP_UNREACHABLE when the shop did not answer (the network), else the service's, if it said one. */
    failureCode: selection ? failure?.code : undefined,
  }
}
