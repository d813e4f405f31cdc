import type { PageLanguage } from "./page-language"
import { escapeHtml as escape, fillHtml, type SignupScriptTexts, textsFor } from "./page-texts"
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
  /** The page's language (page-language.ts); the script gets its words as `texts`. */
  language: PageLanguage
  /**
   * Whether the popup tells its opener how it ended (`postMessage`). The seed only says it "saves the details to
   * autofill and closes": the minimal profile posts nothing (the opener sees the window close, then reads autofill).
   */
  postToOpener: boolean
}

/** What the page embeds for its script: the config and the script's words in the page's language. */
export type EmbeddedSignupConfig = SignupConfig & { texts: SignupScriptTexts }

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

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

// In the templates below, a `\` at the end of a line continues that line: the page has no line break there (it
// keeps the source within 120 characters without changing what is sent).
const STYLE = `*{box-sizing:border-box}\
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d1f23;margin:0}
main{max-width:36rem;margin:1.5rem auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;\
box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.35rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1rem 0 .5rem}p.lead{color:#5b6270;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}\
label.inline{display:flex;gap:.5rem;font-weight:400;align-items:flex-start}
input,select{width:100%;font-size:1rem;padding:.55rem .6rem;border:1px solid #c9ced6;border-radius:8px}\
input[type=checkbox],input[type=radio]{width:auto;margin-top:.2rem}
fieldset{border:1px solid #e3e6ea;border-radius:10px;margin:1rem 0;padding:.5rem 1rem 1rem}\
legend{font-weight:700;padding:0 .3rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}.hint{color:#5b6270;font-size:.85rem;margin:.2rem 0 0}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}\
button{font-size:1rem;padding:.7rem 1rem;border-radius:8px;border:1px solid #c9ced6;background:#fff;cursor:pointer}
button.primary{background:#1a56db;border-color:#1a56db;color:#fff}button:disabled{opacity:.6;cursor:wait}\
button.link{border:none;background:none;color:#1a56db;padding:.7rem 0}
.choices{display:grid;gap:.75rem}.choices button{text-align:left;padding:1rem}.choices strong{display:block}
#message{min-height:1.5rem;margin:.75rem 0}#message.error{color:#b42318;font-weight:600}#message.info{color:#1d1f23}
.inbox{background:#fff8e1;border:1px dashed #d9a400;border-radius:8px;padding:.6rem .8rem;margin:.75rem 0}
.business{border:1px solid #e3e6ea;border-radius:8px;padding:.6rem .8rem;margin:.4rem 0}
[hidden]{display:none!important}p.note{color:#5b6270;font-size:.8rem;margin-top:1.5rem}`

function page(language: PageLanguage, title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">\
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style>${STYLE}</style></head>\
<body><main>${body}</main>${script}</body></html>`
}

const field = (id: string, label: string, attrs: string, hint = "") =>
  `<label for="${id}">${escape(label)}</label><input id="${id}" name="${id}" ${attrs}>` +
  `${hint ? `<p class="hint" id="${id}-hint">${escape(hint)}</p>` : ""}`

/** The popup: a choice, then the returning-buyer path or the new sole trader's registration, in `config.language`. */
export function signupHtml(config: SignupConfig): string {
  const all = textsFor(config.language)
  const t = all.signup
  const body = `<h1 id="title">${escape(t.heading)}</h1>
<p class="lead">\
${fillHtml(t.lead, { merchant: `<span data-testid="merchant">${escape(config.merchantName)}</span>` })}</p>
<div id="message" role="status" aria-live="polite" data-testid="message"></div>

<section id="step-choose" aria-labelledby="title">
  <div class="choices">
    <button type="button" id="choose-returning" data-testid="choose-returning"${config.canVerify ? "" : " hidden"}>\
<strong>${escape(t.returning)}</strong>${escape(t.returningText)}</button>
    <button type="button" id="choose-new" data-testid="choose-new"${config.canRegister ? "" : " hidden"}>\
<strong>${escape(t.new)}</strong>${escape(t.newText)}</button>
  </div>
</section>

<section id="step-email" hidden aria-labelledby="email-title">
  <h2 id="email-title">${escape(t.findTitle)}</h2>
  <form id="email-form" novalidate>
    ${field("rb-email", t.email, 'type="email" autocomplete="email" required data-testid="rb-email"')}
    <div class="actions"><button type="submit" class="primary" data-testid="send-code">${escape(t.sendCode)}</button>\
<button type="button" class="link back">${escape(t.back)}</button></div>
  </form>
</section>

<section id="step-code" hidden aria-labelledby="code-title">
  <h2 id="code-title">${escape(t.codeTitle)}</h2>
  <div class="inbox" id="inbox" data-testid="sandbox-inbox" hidden></div>
  <form id="code-form" novalidate>
    ${field(
      "rb-code",
      t.code,
      'inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required ' +
        'data-testid="rb-code"',
    )}
    <div class="actions"><button type="submit" class="primary" data-testid="verify-code">\
${escape(t.verifyCode)}</button>\
<button type="button" class="link back">${escape(t.back)}</button></div>
  </form>
</section>

<section id="step-business" hidden aria-labelledby="business-title">
  <h2 id="business-title">${escape(t.businessTitle)}</h2>
  <fieldset><legend>${escape(t.chooseBusiness)}</legend>\
<div id="business-list" data-testid="business-list"></div></fieldset>
  <div class="actions"><button type="button" class="primary" id="use-business" data-testid="use-business">\
${escape(t.useBusiness)}</button>\
<button type="button" class="link back">${escape(t.back)}</button></div>
</section>

<section id="step-register" hidden aria-labelledby="register-title">
  <h2 id="register-title">${escape(t.registerTitle)}</h2>
  <form id="register-form" novalidate>
    <label for="country">${escape(t.country)}</label>
    <select id="country" name="country" required data-testid="country">
      <option value="">${escape(t.choose)}</option><option value="GB">${escape(t.unitedKingdom)}</option>\
<option value="US">${escape(t.unitedStates)}</option>
    </select>
    <fieldset><legend>${escape(t.business)}</legend>
      ${field("trading_name", t.tradingName, 'required autocomplete="organization" data-testid="trading_name"')}
      ${field("building", t.building, 'required autocomplete="address-line2" data-testid="building"')}
      ${field("street", t.street, 'required autocomplete="address-line1" data-testid="street"')}
      <div class="row"><div>${field("city", t.city, 'required autocomplete="address-level2" data-testid="city"')}</div>
      <div>\
${field("postal_code", t.postalCode, 'required autocomplete="postal-code" data-testid="postal_code"')}</div></div>
      ${field("region", t.regionOptional, 'autocomplete="address-level1" data-testid="region"')}
      ${field("website", t.website, 'type="url" placeholder="https://" data-testid="website"')}
    </fieldset>
    <fieldset><legend>${escape(t.proprietor)}</legend>
      <div class="row"><div>\
${field("first_name", t.firstName, 'required autocomplete="given-name" data-testid="first_name"')}</div>
      <div>${field("last_name", t.lastName, 'required autocomplete="family-name" data-testid="last_name"')}</div></div>
      ${field("date_of_birth", t.dateOfBirth, 'type="date" required autocomplete="bday" data-testid="date_of_birth"')}
      ${field("email", t.email, 'type="email" required autocomplete="email" data-testid="email"')}
      ${field(
        "phone",
        t.phone,
        'type="tel" required autocomplete="tel" placeholder="+447700900123" aria-describedby="phone-hint" ' +
          'data-testid="phone"',
        t.phoneHint,
      )}
    </fieldset>
    <label for="evidence">${escape(t.evidence)}</label>
    <input id="evidence" name="evidence" type="file" accept="application/pdf,image/png,image/jpeg" \
aria-describedby="evidence-hint" data-testid="evidence">
    <p class="hint" id="evidence-hint">${escape(t.evidenceHint)}</p>
    <div id="consent-block" hidden>
      <label class="inline" for="biometric_consent">\
<input type="checkbox" id="biometric_consent" name="biometric_consent" data-testid="biometric-consent">
      <span>${escape(t.consent)}</span></label>
    </div>
    <div class="actions"><button type="submit" class="primary" data-testid="register-submit">\
${escape(t.register)}</button>\
<button type="button" class="link back">${escape(t.back)}</button></div>
  </form>
</section>

<section id="step-done" hidden aria-labelledby="done-title">
  <h2 id="done-title" data-testid="done-title">${escape(t.done)}</h2>
  <p id="done-text" data-testid="done-text"></p>
  <div class="actions"><button type="button" class="primary" id="close" data-testid="close">\
${escape(t.close)}</button></div>
</section>

<div class="actions"><button type="button" id="cancel" data-testid="cancel">${escape(all.common.cancel)}</button></div>
<p class="note">${escape(t.note)}</p>`
  const embedded: EmbeddedSignupConfig = { ...config, texts: all.script }
  const script =
    `<script type="application/json" id="signup-config">${scriptJson(embedded)}</script>` +
    `<script>${SIGNUP_SCRIPT}</script>`
  return page(config.language, t.title, body, script)
}

/** A clear page for a link that cannot work (missing, unknown or expired tokens). */
export function signupErrorHtml(title: string, message: string, language: PageLanguage = "en"): string {
  return page(
    language,
    title,
    `<h1 data-testid="error-title">${escape(title)}</h1>\
<p role="alert" data-testid="error-message">${escape(message)}</p>
<p>${escape(textsFor(language).signupError.startAgain)}</p>`,
  )
}
