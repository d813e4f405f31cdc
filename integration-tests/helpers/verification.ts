/**
 * What the buyer's browser does at the service's verification page: load it,
 * submit the approve (or reject) form, and follow the redirect back to the shop.
 * Returns the URL the buyer is sent back to.
 */
export async function decideAtPaymentUrl(paymentUrl: string, approve: boolean): Promise<string> {
  const page = await fetch(paymentUrl)
  if (!page.ok) throw new Error(`the verification page answered ${page.status}`)
  const html = await page.text()
  const wanted = approve ? /approve/i : /reject/i
  // The submit button the buyer clicks: a <button> or <input type="submit"> whose value or label says approve/reject.
  for (const [, attrs, inner] of html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)) {
    const buttons = [...inner.matchAll(/<(button|input)([^>]*)>([^<]*)/g)].filter(([, tag, a, label]) =>
      tag === "button" || /type="submit"/.test(a) ? wanted.test(a + label) : false
    )
    if (!buttons.length) continue
    const action = new URL((/action="([^"]*)"/.exec(attrs)?.[1] ?? "").replace(/&amp;/g, "&"), paymentUrl)
    const fields = new URLSearchParams()
    for (const [, a] of inner.matchAll(/<input([^>]*type="hidden"[^>]*)>/g)) {
      const name = /name="([^"]+)"/.exec(a)?.[1]
      if (name) fields.set(name, /value="([^"]*)"/.exec(a)?.[1] ?? "")
    }
    const clicked = buttons[0][2]
    const name = /name="([^"]+)"/.exec(clicked)?.[1]
    if (name) fields.set(name, /value="([^"]*)"/.exec(clicked)?.[1] ?? "")
    return await submit(action, fields)
  }
  throw new Error(`no ${approve ? "approve" : "reject"} button on the verification page`)
}

async function submit(action: URL, fields: URLSearchParams): Promise<string> {
  const res = await fetch(action, {
    method: "POST",
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  })
  const location = res.headers.get("location")
  if (res.status < 300 || res.status >= 400 || !location) {
    throw new Error(`the verification form answered ${res.status} without a redirect`)
  }
  return location
}

export const approveAtPaymentUrl = (paymentUrl: string) => decideAtPaymentUrl(paymentUrl, true)
export const rejectAtPaymentUrl = (paymentUrl: string) => decideAtPaymentUrl(paymentUrl, false)
