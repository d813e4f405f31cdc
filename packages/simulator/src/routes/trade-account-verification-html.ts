import type { TradeAccountCustomerRecord, TradeAccountUserRecord, VerificationLink } from "../state/trade-accounts"

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d1f23;margin:0}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{color:#5b6270}dd{margin:0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{flex:1;font-size:1rem;padding:.8rem;border-radius:8px;border:1px solid #c9ced6;background:#fff;cursor:pointer}
button.verify{background:#1a7f4b;border-color:#1a7f4b;color:#fff}p.note{color:#5b6270;font-size:.85rem}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

type View = { link: VerificationLink; user: TradeAccountUserRecord; customer: TradeAccountCustomerRecord | undefined; merchantName: string }

function summary({ user, customer, merchantName }: View): string {
  const u = user.user
  return `<dl>
<dt>Merchant</dt><dd data-testid="merchant">${escape(merchantName)}</dd>
<dt>Business</dt><dd data-testid="business">${escape(customer?.customer.trade_name ?? customer?.customer.company.company_name ?? "")}</dd>
<dt>User</dt><dd data-testid="user">${escape(`${u.first_name} ${u.last_name}`)}, ${escape(u.email)}</dd></dl>`
}

/** The hosted page of a verification link: "Verify" (or "Cancel"), then back to the merchant's return URL. */
export function tradeAccountVerificationHtml(view: View, expired: boolean): string {
  const { link, user } = view
  if (expired && link.outcome === null) {
    return page("Link expired", `<h1 data-testid="outcome">This verification link has expired</h1>${summary(view)}<p>Ask the merchant for a new one.</p>`)
  }
  if (link.outcome === null && !user.user.verified) {
    return page(
      "Verify your trade account",
      `<h1>Verify your trade account</h1>${summary(view)}
<p>Once verified, you can place orders for this business on invoice in one click.</p>
<form method="post" action="" class="actions">
<button type="submit" name="decision" value="cancel" data-testid="cancel">Cancel</button>
<button type="submit" name="decision" value="verify" class="verify" data-testid="verify">Verify</button>
</form><p class="note">Simulator of the trade-credit service: no real identity check takes place.</p>`
    )
  }
  const [title, text] =
    link.outcome === "cancelled"
      ? ["Verification cancelled", "You cancelled the verification. Nothing was changed."]
      : ["Trade account verified", "Your trade account user is verified: you can order in one click."]
  return page(
    title,
    `<h1 data-testid="outcome">${escape(title)}</h1>${summary(view)}<p>${escape(text)}</p>
<form method="post" action=""><button type="submit" name="decision" value="return" data-testid="return">Back to the shop</button></form>`
  )
}

export function unknownLinkHtml(): string {
  return page("Unknown link", "<h1>Unknown link</h1><p>This verification link is not valid.</p>")
}
