// Step 3 of the checkout, in React: the pre-check's answer, the payment methods, and for trade credit the kit's
// components (medusa-payment-trade-credit/storefront/react) the way docs/storefront.md wires them: InstalmentChoices
// from the instalment session's credit check, BuyerDetailsFields, and TradeCreditPaymentButton (the redirect flow with
// one completion). Bank transfer keeps a button of its own.
import { useEffect, useMemo, useRef, useState } from "react"
import { createRoot } from "react-dom/client"
import { BuyerDetailsFields, InstalmentChoices, TradeCreditPaymentButton } from "medusa-payment-trade-credit/storefront/react"
import { CODE_TEXTS, companyLabelOf, instalmentChoices, startTradeCreditSession } from "medusa-payment-trade-credit/storefront"
import { completeCart, startPaymentSession } from "./checkout-flow.js"
import { medusa, PROVIDERS, saveCartId, tradeCredit } from "./medusa.js"
import { date, errorText, kit, KIT_WORDS, language, money, plainMessage, t } from "./texts.js"

// The counts this shop would rather offer; the kit offers those the credit check allows (3 to 36 months at most).
const PERIOD_CHOICES = [3, 6, 12, 24, 36]

/** Mounts the step into `element`; answers { render(props), unmount() } (render again when the cart or company changes). */
export function mountPaymentStep(element, props) {
  const root = createRoot(element)
  const render = (next) => root.render(<PaymentStep {...next} />)
  render(props)
  return { render, unmount: () => root.unmount() }
}

function PaymentStep({ cart, selection, detailsDone, returnPath, onOrder }) {
  const [preCheck, setPreCheck] = useState()
  const [method, setMethod] = useState("invoice")
  const [periods, setPeriods] = useState(12)
  const [details, setDetails] = useState({})
  const [plan, setPlan] = useState()
  const [preview, setPreview] = useState()
  // The cart with its payment collection as the last session start answered it (the page's may predate it).
  const [currentCart, setCurrentCart] = useState(cart)
  const latestCart = useRef(cart)
  latestCart.current = currentCart
  useEffect(() => setCurrentCart(cart), [cart])
  const companyKey = selection ? JSON.stringify(selection.company) : ""

  // The pre-check: offer trade credit for this cart and company, or not (and why, in the buyer's words).
  useEffect(() => {
    setPreCheck(undefined)
    if (!selection || !detailsDone) return
    let stale = false
    tradeCredit
      .preCheck(cart.id, selection.company)
      // The pre-check itself failed (e.g. rate limited): do not hide the method; the session's check decides.
      .catch((error) => ({ available: true, degraded: true, reason: error.message }))
      .then((answer) => {
        if (stale) return
        if (!answer.available) console.info("Trade credit hidden:", answer.reason, answer.decline_reason ?? "")
        if (answer.degraded) console.warn("Trade credit pre-check degraded:", answer.reason)
        setPreCheck(answer)
        setMethod((current) => (!answer.available ? "transfer" : current === "transfer" ? "invoice" : current))
      })
    return () => {
      stale = true
    }
  }, [cart.id, cart.total, companyKey, detailsDone])

  // Instalments: the session started with the company runs the credit check; its limits say which counts to offer.
  useEffect(() => {
    setPlan(undefined)
    setPreview(undefined)
    if (method !== "instalments" || !preCheck?.available || !selection) return
    let stale = false
    startTradeCreditSession({ sdk: medusa(), cart: latestCart.current, providerId: PROVIDERS.instalments, data: { company: selection.company, company_label: companyLabelOf(selection) }, ...KIT_WORDS }).then(
      (started) => {
        if (stale) return
        if (started.error) return setPlan({ error: plainMessage(started.error.message) })
        setCurrentCart(started.cart)
        setPlan({ data: started.session?.data ?? {} })
      }
    )
    return () => {
      stale = true
    }
  }, [method, preCheck, companyKey])

  const allowed = useMemo(() => (plan?.data ? instalmentChoices(plan.data, { preferred: PERIOD_CHOICES }) : []), [plan])

  // The schedule of the chosen count (the plugin's preview route), only ever for a count the check allows.
  useEffect(() => {
    if (method !== "instalments" || !allowed.includes(periods)) return
    let stale = false
    tradeCredit.previewPlans(cart.id, [periods], selection.company).then(
      (answer) => !stale && setPreview({ periods, answer }),
      (error) => !stale && setPreview({ periods, error: errorText(error, "schedule.failed") })
    )
    return () => {
      stale = true
    }
  }, [method, allowed, periods, cart.id, companyKey])

  if (!selection) return <p className="muted">{t("payment.companyFirst")}</p>
  if (!detailsDone) return <p className="muted">{t("payment.detailsFirst")}</p>
  if (!preCheck)
    return (
      <p className="muted" id="precheck-status">
        {t("precheck.checking", { company: selection.name })}
      </p>
    )

  const offered = preCheck.available
  // Not offered: hidden, unless the merchant chose to show a declined buyer the method greyed out (`hide: false`).
  const shownUnavailable = !offered && preCheck.hide === false
  const option = (value, title, text, unavailable = false) =>
    unavailable && !shownUnavailable ? null : (
      <label className={`method ${method === value ? "selected" : ""} ${unavailable ? "unavailable" : ""}`}>
        <input type="radio" name="method" value={value} id={`method-${value}`} checked={method === value} disabled={unavailable} onChange={() => setMethod(value)} />
        <span>
          <strong>{title}</strong>
          {/* Greyed out: the notice above gives the reason once; the method just says it is not offered. */}
          <span className="muted">{unavailable ? t("method.unavailable") : text}</span>
        </span>
      </label>
    )

  return (
    <>
      {offered ? (
        <p className="ok" id="precheck-status">
          {preCheck.degraded ? t("precheck.degraded") : t("precheck.available", { company: selection.name })}
        </p>
      ) : (
        <div className="notice declined" id="trade-credit-declined" role="alert">
          <strong>{t("declined.title")}</strong> <span id="trade-credit-declined-reason">{declineReason(preCheck, selection.name)}</span>
        </div>
      )}
      <fieldset className="methods">
        <legend>{t("methods.legend")}</legend>
        {option("invoice", t("method.invoice"), t("method.invoiceText"), !offered)}
        {option("instalments", kit("payment.instalments"), t("method.instalmentsText"), !offered)}
        {option("transfer", t("method.transfer"), t("method.transferText"))}
      </fieldset>
      {method === "instalments" ? (
        <div id="instalments">
          {plan?.error ? (
            <p className="error" role="alert">
              {plan.error}
            </p>
          ) : (
            <InstalmentChoices sessionData={plan?.data} value={periods} onChange={setPeriods} preferred={PERIOD_CHOICES} {...KIT_WORDS} />
          )}
          <div id="instalment-preview" className="preview">
            <Schedule preview={preview?.periods === periods ? preview : undefined} waiting={allowed.includes(periods)} />
          </div>
        </div>
      ) : null}
      {method === "transfer" ? null : <BuyerDetailsFields id="references" className="grid references" value={details} onChange={setDetails} {...KIT_WORDS} />}
      {/* The service sends the buyer back to returnUrl with ?cart_id=…&trade_credit=verified|failed|cancelled. */}
      {method === "transfer" ? (
        <TransferButton cartId={cart.id} onOrder={onOrder} />
      ) : (
        <TradeCreditPaymentButton
          id="place-order"
          className="primary big"
          cart={currentCart}
          sdk={medusa()}
          providerId={PROVIDERS[method]}
          company={selection.company}
          // The company as the page shows it, kept in the payment's data (`company_label`): the confirmation names it.
          companyLabel={companyLabelOf(selection)}
          details={details}
          numberOfPeriods={method === "instalments" ? periods : undefined}
          returnUrl={`${location.origin}${returnPath}`}
          {...KIT_WORDS}
          renderError={renderKitError}
          clearCart={() => saveCartId(null)}
          onOrder={onOrder}
          disabled={method === "instalments" && !allowed.includes(periods)}
        />
      )}
    </>
  )
}

/** The kit's words as they are; a failure that reached it raw (the browser's "Failed to fetch") in plain words. */
function renderKitError(message) {
  return (
    <p className="error trade-credit-error" role="alert" id="place-order-error">
      {plainMessage(message, "order.failed")}
    </p>
  )
}

/**
 * The pre-check's reason, once: the reason it gives (the plugin's words, in the page's language), or, when it gives
 * none but the general decline (which only says again what the notice's heading says), the page's own next step.
 */
function declineReason(preCheck, company) {
  const message = preCheck.message ? plainMessage(preCheck.message) : ""
  const general = [CODE_TEXTS.TRADE_CREDIT_DECLINED[language], CODE_TEXTS.TRADE_CREDIT_DECLINED.en]
  return message && !general.includes(message) ? message : t("declined.generic", { company })
}

function Schedule({ preview, waiting }) {
  if (!preview) return waiting ? <p className="muted">{t("schedule.calculating")}</p> : null
  if (preview.error) return <p className="error">{preview.error}</p>
  const { answer } = preview
  const schedule = answer.schedules[0]
  const { limits } = answer
  return (
    <>
      <table className="schedule">
        <thead>
          <tr>
            <th>{t("schedule.date")}</th>
            <th>{t("schedule.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {schedule.instalments.map((i, n) => (
            <tr key={n}>
              <td>{date(i.invoice_issue_date)}</td>
              <td>{money(i.repayment_amount, answer.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" id="instalment-summary">
        {t("schedule.summary", {
          count: schedule.instalments.length,
          total: money(answer.total_repayment_amount, answer.currency),
          min: limits.minimum_instalments,
          max: limits.maximum_instalments,
          perMonth: money(limits.maximum_instalment_amount, answer.currency),
        })}
      </p>
    </>
  )
}

/** Bank transfer in advance (Medusa's system provider): not trade credit, so the page's own button. */
function TransferButton({ cartId, onOrder }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState("")
  const place = async () => {
    setBusy(true)
    setError("")
    const fail = (message) => {
      setError(message)
      setBusy(false)
    }
    try {
      await startPaymentSession(cartId, PROVIDERS.transfer, {})
    } catch (e) {
      console.error(e)
      return fail(errorText(e, "transfer.failed"))
    }
    const result = await completeCart(cartId)
    if (result.order) return onOrder(result.order)
    fail(result.error ?? t("order.failed"))
  }
  return (
    <>
      <button type="button" className="primary big" id="place-order" onClick={place} disabled={busy}>
        {busy ? kit("button.placing") : kit("button.place")}
      </button>
      <p className="error" id="place-order-error" role="alert">
        {error}
      </p>
    </>
  )
}
