import type { OrderRecord } from "../state/orders"
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
.amount{font-size:1.6rem;font-weight:600}.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{flex:1;font-size:1rem;padding:.8rem;border-radius:8px;border:1px solid #c9ced6;background:#fff;cursor:pointer}
button.approve{background:#1a7f4b;border-color:#1a7f4b;color:#fff}p.note{color:#5b6270;font-size:.85rem}`

function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">\
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

function summary(record: OrderRecord, merchantName: string, language: PageLanguage): string {
  const t = textsFor(language)
  const { order } = record
  const company = order.buyer.company
  const buyer = record.company?.name ?? company.company_name ?? company.company_canonical_id ?? ""
  const number = record.company?.organization_number ?? company.organization_number
  // An order always carries the whole representative (section 2).
  const rep = order.buyer.representative!
  return `<p class="amount" data-testid="amount">${escape(order.gross_amount)} ${escape(order.currency)}</p><dl>
<dt>${escape(t.common.merchant)}</dt><dd data-testid="merchant">${escape(merchantName)}</dd>
<dt>${escape(t.verification.buyer)}</dt><dd data-testid="buyer">\
${escape(buyer)}${number ? ` (${escape(number)})` : ""}</dd>
<dt>${escape(t.verification.orderedBy)}</dt><dd>\
${escape(`${rep.first_name} ${rep.last_name}`)}, ${escape(rep.email ?? "")}</dd>
<dt>${escape(t.verification.order)}</dt><dd>${escape(order.merchant_order_id)}</dd></dl>`
}

/**
 * The hosted verification page: the buyer approves or rejects the purchase on credit, in `language`
 * (page-language.ts). `query` (`?lang=..` when the page's URL chose the language, else "") goes on the form's action.
 */
export function verificationHtml(
  record: OrderRecord,
  merchantName: string,
  language: PageLanguage = "en",
  query = "",
): string {
  const t = textsFor(language)
  const v = t.verification
  const { order } = record
  if (order.status === "REJECTED") {
    return page(
      language,
      v.declinedTitle,
      `<h1>${escape(v.declinedHeading)}</h1>${summary(record, merchantName, language)}<p>${escape(v.declinedText)}</p>`,
    )
  }
  if (order.state === "UNVERIFIED") {
    const action = `/verify/${encodeURIComponent(order.id)}${query}`
    return page(
      language,
      v.verifyTitle,
      `<h1>${escape(v.verifyHeading)}</h1>${summary(record, merchantName, language)}
<form method="post" action="${escape(action)}" class="actions">
<button type="submit" name="decision" value="reject" data-testid="reject">${escape(v.reject)}</button>
<button type="submit" name="decision" value="approve" class="approve" data-testid="approve">\
${escape(v.approve)}</button>
</form><p class="note">${escape(t.common.simulatorNote)}</p>`,
    )
  }
  const outcome: [string, string, string | null] =
    record.verification === "approved"
      ? [v.verifiedTitle, v.verifiedText, order.merchant_urls.merchant_confirmation_url]
      : record.verification === "rejected"
        ? [v.rejectedTitle, v.rejectedText, null]
        : record.verification === "expired"
          ? [v.expiredTitle, v.expiredText, null]
          : [v.cancelledTitle, v.cancelledText, null]
  const [title, text, link] = outcome
  return page(
    language,
    title,
    `<h1 data-testid="outcome">${escape(title)}</h1>${summary(record, merchantName, language)}<p>${escape(text)}</p>${
      link ? `<p><a href="${escape(link)}">${escape(t.common.backToShop)}</a></p>` : ""
    }`,
  )
}

export function unknownOrderHtml(language: PageLanguage = "en"): string {
  const v = textsFor(language).verification
  return page(language, v.unknownTitle, `<h1>${escape(v.unknownTitle)}</h1><p>${escape(v.unknownText)}</p>`)
}
