import type { OrderRecord } from "../state/orders"

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d1f23;margin:0}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{color:#5b6270}dd{margin:0}
.amount{font-size:1.6rem;font-weight:600}.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{flex:1;font-size:1rem;padding:.8rem;border-radius:8px;border:1px solid #c9ced6;background:#fff;cursor:pointer}
button.approve{background:#1a7f4b;border-color:#1a7f4b;color:#fff}p.note{color:#5b6270;font-size:.85rem}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

function summary(record: OrderRecord, merchantName: string): string {
  const { order } = record
  const company = order.buyer.company
  const buyer = record.company?.name ?? company.company_name ?? company.company_canonical_id ?? ""
  const number = record.company?.organization_number ?? company.organization_number
  // An order always carries the whole representative (section 2).
  const rep = order.buyer.representative!
  return `<p class="amount" data-testid="amount">${escape(order.gross_amount)} ${escape(order.currency)}</p><dl>
<dt>Merchant</dt><dd data-testid="merchant">${escape(merchantName)}</dd>
<dt>Buyer</dt><dd data-testid="buyer">${escape(buyer)}${number ? ` (${escape(number)})` : ""}</dd>
<dt>Ordered by</dt><dd>${escape(`${rep.first_name} ${rep.last_name}`)}, ${escape(rep.email ?? "")}</dd>
<dt>Order</dt><dd>${escape(order.merchant_order_id)}</dd></dl>`
}

/** The hosted verification page: the buyer approves or rejects the purchase on credit. */
export function verificationHtml(record: OrderRecord, merchantName: string): string {
  const { order } = record
  if (order.status === "REJECTED") {
    return page("Order declined", `<h1>This order was declined</h1>${summary(record, merchantName)}<p>There is nothing to verify.</p>`)
  }
  if (order.state === "UNVERIFIED") {
    const action = `/verify/${encodeURIComponent(order.id)}`
    return page(
      "Verify your purchase",
      `<h1>Verify your purchase on invoice</h1>${summary(record, merchantName)}
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="reject" data-testid="reject">Reject</button>
<button type="submit" name="decision" value="approve" class="approve" data-testid="approve">Approve</button>
</form><p class="note">Simulator of the trade-credit service: no real identity check takes place.</p>`
    )
  }
  const outcome =
    record.verification === "approved"
      ? ["Purchase verified", "You verified this purchase. The merchant has been told.", order.merchant_urls.merchant_confirmation_url]
      : record.verification === "rejected"
        ? ["Purchase rejected", "You rejected this purchase. It has been cancelled.", null]
        : record.verification === "expired"
          ? ["Verification expired", "This verification link has expired and the order was cancelled.", null]
          : ["Order cancelled", "This order was cancelled by the merchant.", null]
  const [title, text, link] = outcome
  return page(
    title as string,
    `<h1 data-testid="outcome">${escape(title as string)}</h1>${summary(record, merchantName)}<p>${escape(text as string)}</p>${
      link ? `<p><a href="${escape(link)}">Back to the shop</a></p>` : ""
    }`
  )
}

export function unknownOrderHtml(): string {
  return page("Unknown order", "<h1>Unknown order</h1><p>This verification link is not valid.</p>")
}
