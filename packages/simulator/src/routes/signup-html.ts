import { SIGNUP_SCRIPT } from "./signup-script"

/** What the popup's script starts from (embedded as JSON; the tokens are in the page's URL anyway). */
export type SignupConfig = {
  authToken: string
  autofillToken: string
  country: "GB" | "US" | null
  prefill: SignupPrefill
  merchantName: string
  /** Capabilities of the registry token: which paths the popup offers. */
  canVerify: boolean
  canRegister: boolean
}

/** The fields autofillData may prefill (docs/simulator.md). */
export type SignupPrefill = {
  first_name?: string
  last_name?: string
  email?: string
  phone?: string
  date_of_birth?: string
  trading_name?: string
  building?: string
  street?: string
  city?: string
  region?: string
  postal_code?: string
  country?: string
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d1f23;margin:0}
main{max-width:36rem;margin:1.5rem auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.35rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1rem 0 .5rem}p.lead{color:#5b6270;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}label.inline{display:flex;gap:.5rem;font-weight:400;align-items:flex-start}
input,select{width:100%;font-size:1rem;padding:.55rem .6rem;border:1px solid #c9ced6;border-radius:8px}input[type=checkbox],input[type=radio]{width:auto;margin-top:.2rem}
fieldset{border:1px solid #e3e6ea;border-radius:10px;margin:1rem 0;padding:.5rem 1rem 1rem}legend{font-weight:700;padding:0 .3rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}.hint{color:#5b6270;font-size:.85rem;margin:.2rem 0 0}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}button{font-size:1rem;padding:.7rem 1rem;border-radius:8px;border:1px solid #c9ced6;background:#fff;cursor:pointer}
button.primary{background:#1a56db;border-color:#1a56db;color:#fff}button:disabled{opacity:.6;cursor:wait}button.link{border:none;background:none;color:#1a56db;padding:.7rem 0}
.choices{display:grid;gap:.75rem}.choices button{text-align:left;padding:1rem}.choices strong{display:block}
#message{min-height:1.5rem;margin:.75rem 0}#message.error{color:#b42318;font-weight:600}#message.info{color:#1d1f23}
.inbox{background:#fff8e1;border:1px dashed #d9a400;border-radius:8px;padding:.6rem .8rem;margin:.75rem 0}
.business{border:1px solid #e3e6ea;border-radius:8px;padding:.6rem .8rem;margin:.4rem 0}
[hidden]{display:none!important}p.note{color:#5b6270;font-size:.8rem;margin-top:1.5rem}`

function page(title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`
}

const field = (id: string, label: string, attrs: string, hint = "") =>
  `<label for="${id}">${escape(label)}</label><input id="${id}" name="${id}" ${attrs}>${hint ? `<p class="hint" id="${id}-hint">${escape(hint)}</p>` : ""}`

/** The popup: a choice, then the returning-buyer path or the new sole trader's registration. */
export function signupHtml(config: SignupConfig): string {
  const body = `<h1 id="title">Register your business for trade credit</h1>
<p class="lead">For <span data-testid="merchant">${escape(config.merchantName)}</span>: buy on invoice as a sole trader.</p>
<div id="message" role="status" aria-live="polite" data-testid="message"></div>

<section id="step-choose" aria-labelledby="title">
  <div class="choices">
    <button type="button" id="choose-returning" data-testid="choose-returning"${config.canVerify ? "" : " hidden"}><strong>I have registered before</strong>Find my business with my email address</button>
    <button type="button" id="choose-new" data-testid="choose-new"${config.canRegister ? "" : " hidden"}><strong>Register a new sole trader business</strong>UK and US sole traders</button>
  </div>
</section>

<section id="step-email" hidden aria-labelledby="email-title">
  <h2 id="email-title">Find your business</h2>
  <form id="email-form" novalidate>
    ${field("rb-email", "Email address", 'type="email" autocomplete="email" required data-testid="rb-email"')}
    <div class="actions"><button type="submit" class="primary" data-testid="send-code">Send me a code</button><button type="button" class="link back">Back</button></div>
  </form>
</section>

<section id="step-code" hidden aria-labelledby="code-title">
  <h2 id="code-title">Enter the code we sent you</h2>
  <div class="inbox" id="inbox" data-testid="sandbox-inbox" hidden></div>
  <form id="code-form" novalidate>
    ${field("rb-code", "Six-digit code", 'inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required data-testid="rb-code"')}
    <div class="actions"><button type="submit" class="primary" data-testid="verify-code">Verify</button><button type="button" class="link back">Back</button></div>
  </form>
</section>

<section id="step-business" hidden aria-labelledby="business-title">
  <h2 id="business-title">Your business</h2>
  <fieldset><legend>Choose the business to buy for</legend><div id="business-list" data-testid="business-list"></div></fieldset>
  <div class="actions"><button type="button" class="primary" id="use-business" data-testid="use-business">Use this business</button><button type="button" class="link back">Back</button></div>
</section>

<section id="step-register" hidden aria-labelledby="register-title">
  <h2 id="register-title">Register your sole trader business</h2>
  <form id="register-form" novalidate>
    <label for="country">Country</label>
    <select id="country" name="country" required data-testid="country">
      <option value="">Choose…</option><option value="GB">United Kingdom</option><option value="US">United States</option>
    </select>
    <fieldset><legend>Business</legend>
      ${field("trading_name", "Trading name", 'required autocomplete="organization" data-testid="trading_name"')}
      ${field("building", "Building name or number", 'required autocomplete="address-line2" data-testid="building"')}
      ${field("street", "Street", 'required autocomplete="address-line1" data-testid="street"')}
      <div class="row"><div>${field("city", "City", 'required autocomplete="address-level2" data-testid="city"')}</div>
      <div>${field("postal_code", "Postal code", 'required autocomplete="postal-code" data-testid="postal_code"')}</div></div>
      ${field("region", "County or state (optional)", 'autocomplete="address-level1" data-testid="region"')}
      ${field("website", "Website (optional)", 'type="url" placeholder="https://" data-testid="website"')}
    </fieldset>
    <fieldset><legend>Proprietor</legend>
      <div class="row"><div>${field("first_name", "First name", 'required autocomplete="given-name" data-testid="first_name"')}</div>
      <div>${field("last_name", "Last name", 'required autocomplete="family-name" data-testid="last_name"')}</div></div>
      ${field("date_of_birth", "Date of birth", 'type="date" required autocomplete="bday" data-testid="date_of_birth"')}
      ${field("email", "Email address", 'type="email" required autocomplete="email" data-testid="email"')}
      ${field("phone", "Phone number", 'type="tel" required autocomplete="tel" placeholder="+447700900123" aria-describedby="phone-hint" data-testid="phone"', "International format, e.g. +44 7700 900123")}
    </fieldset>
    <label for="evidence">Supporting document (optional)</label>
    <input id="evidence" name="evidence" type="file" accept="application/pdf,image/png,image/jpeg" aria-describedby="evidence-hint" data-testid="evidence">
    <p class="hint" id="evidence-hint">PDF, PNG or JPEG, at most 10 MB: e.g. a utility bill or a tax letter.</p>
    <div id="consent-block" hidden>
      <label class="inline" for="biometric_consent"><input type="checkbox" id="biometric_consent" name="biometric_consent" data-testid="biometric-consent">
      <span>I consent to the biometric check of my identity document, which US document verification requires.</span></label>
    </div>
    <div class="actions"><button type="submit" class="primary" data-testid="register-submit">Register</button><button type="button" class="link back">Back</button></div>
  </form>
</section>

<section id="step-done" hidden aria-labelledby="done-title">
  <h2 id="done-title" data-testid="done-title">Done</h2>
  <p id="done-text" data-testid="done-text"></p>
  <div class="actions"><button type="button" class="primary" id="close" data-testid="close">Close</button></div>
</section>

<div class="actions"><button type="button" id="cancel" data-testid="cancel">Cancel</button></div>
<p class="note">Simulator of the trade-credit service (sandbox): codes are shown here instead of being emailed, and no real identity check takes place.</p>`
  const script = `<script type="application/json" id="signup-config">${scriptJson(config)}</script><script>${SIGNUP_SCRIPT}</script>`
  return page("Register your business", body, script)
}

/** A clear page for a link that cannot work (missing, unknown or expired tokens). */
export function signupErrorHtml(title: string, message: string): string {
  return page(
    title,
    `<h1 data-testid="error-title">${escape(title)}</h1><p role="alert" data-testid="error-message">${escape(message)}</p>
<p>Close this window and start again from the shop.</p>`
  )
}
