/**
 * What the buyer's browser does at the service's verification page: load it,
 * submit the approve (or reject) form, and follow the redirect back to the shop.
 * Returns the URL the buyer is sent back to.
 */
export async function decideAtPaymentUrl(paymentUrl: string, approve: boolean): Promise<string> {
  const page = await fetch(paymentUrl)
  if (!page.ok) throw new Error(`the verification page answered ${page.status}`)
  const html = await page.text()
  const forms = [...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)]
  const form = forms.find(([, , inner]) => (approve ? /approve/i : /reject/i).test(inner))
  if (!form) throw new Error(`no ${approve ? "approve" : "reject"} form on the verification page`)
  const action = new URL(form[1].replace(/&amp;/g, "&"), paymentUrl)
  const fields = new URLSearchParams()
  for (const [, name, value] of form[2].matchAll(/<(?:input|button)[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields.set(name, value)
  }
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
