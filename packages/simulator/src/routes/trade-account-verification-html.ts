import type { TradeAccountCustomerRecord, TradeAccountUserRecord, VerificationLink } from "../state/trade-accounts"
import type { PageLanguage } from "./page-language"
import { escapeHtml as escape, textsFor } from "./page-texts"

// In the templates below, a `\` at the end of a line continues that line: the page has no line break there (it
// keeps the source within 120 characters without changing what is sent).
const STYLE = `\
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d1f23;margin:0}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;\
box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}\
dt{color:#5b6270}dd{margin:0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{flex:1;font-size:1rem;padding:.8rem;border-radius:8px;border:1px solid #c9ced6;background:#fff;cursor:pointer}
button.verify{background:#1a7f4b;border-color:#1a7f4b;color:#fff}p.note{color:#5b6270;font-size:.85rem}`

function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">\
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

type View = {
  link: VerificationLink
  user: TradeAccountUserRecord
  customer: TradeAccountCustomerRecord | undefined
  merchantName: string
}

function summary({ user, customer, merchantName }: View, language: PageLanguage): string {
  const t = textsFor(language)
  const u = user.user
  return `<dl>
<dt>${escape(t.common.merchant)}</dt><dd data-testid="merchant">${escape(merchantName)}</dd>
<dt>${escape(t.tradeAccount.business)}</dt><dd data-testid="business">\
${escape(customer?.customer.trade_name ?? customer?.customer.company.company_name ?? "")}</dd>
<dt>${escape(t.tradeAccount.user)}</dt><dd data-testid="user">\
${escape(`${u.first_name} ${u.last_name}`)}, ${escape(u.email)}</dd></dl>`
}

/**
 * The hosted page of a verification link: "Verify" (or "Cancel"), then back to the merchant's return URL; in
 * `language` (page-language.ts). The forms post to the page's own URL (`action=""`), its `?lang=` included.
 */
export function tradeAccountVerificationHtml(view: View, expired: boolean, language: PageLanguage = "en"): string {
  const t = textsFor(language)
  const a = t.tradeAccount
  const { link, user } = view
  if (expired && link.outcome === null) {
    return page(
      language,
      a.expiredTitle,
      `<h1 data-testid="outcome">${escape(a.expiredHeading)}</h1>${summary(view, language)}` +
        `<p>${escape(a.expiredText)}</p>`,
    )
  }
  if (link.outcome === null && !user.user.verified) {
    return page(
      language,
      a.verifyTitle,
      `<h1>${escape(a.verifyTitle)}</h1>${summary(view, language)}
<p>${escape(a.verifyText)}</p>
<form method="post" action="" class="actions">
<button type="submit" name="decision" value="cancel" data-testid="cancel">${escape(t.common.cancel)}</button>
<button type="submit" name="decision" value="verify" class="verify" data-testid="verify">${escape(a.verify)}</button>
</form><p class="note">${escape(t.common.simulatorNote)}</p>`,
    )
  }
  const [title, text] =
    link.outcome === "cancelled" ? [a.cancelledTitle, a.cancelledText] : [a.verifiedTitle, a.verifiedText]
  return page(
    language,
    title,
    `<h1 data-testid="outcome">${escape(title)}</h1>${summary(view, language)}<p>${escape(text)}</p>
<form method="post" action="">\
<button type="submit" name="decision" value="return" data-testid="return">\
${escape(t.common.backToShop)}</button></form>`,
  )
}

export function unknownLinkHtml(language: PageLanguage = "en"): string {
  const a = textsFor(language).tradeAccount
  return page(language, a.unknownTitle, `<h1>${escape(a.unknownTitle)}</h1><p>${escape(a.unknownText)}</p>`)
}
