// A document's PDF as a route handler of the storefront (Next.js App Router's `route.ts`, or any server that speaks
// the web's Request and Response): the customer's login is the storefront's (the starters keep it in an httpOnly
// cookie the browser cannot hand to Medusa), so the storefront asks Medusa with it and passes the PDF on.

import { buyerLanguageOf, type Overrides } from "./buyer-messages"
import type { ClientSdk } from "./company-search"
import { fetchTradeCreditDocumentPdf } from "./documents"
import { statusOf } from "./error-fields"
import { kitText } from "./texts"

export type DocumentRouteOptions = {
  sdk: ClientSdk
  /** The customer's login for Medusa (the starter's getAuthHeaders: `{ authorization: "Bearer …" }`). */
  headers: () => Promise<Record<string, string>> | Record<string, string>
  /** The route segment holding the document's id (default `id`: `…/documents/[id]/route.ts`). */
  idParam?: string
  /** The buyer's language (default: the request's Accept-Language). */
  language?: (request: Request) => string | undefined
  overrides?: Overrides
}

const text = (status: number, words: string) =>
  new Response(words, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } })

/**
 * The PDF route handler: the document's PDF as a download, or its refusal in the buyer's words (404 for a document
 * that is not the customer's, 409 while the PDF is not ready, 401 without a login).
 *
 *   // src/app/[countryCode]/(main)/account/documents/[id]/route.ts
 *   export const GET = tradeCreditDocumentRoute({ sdk, headers: getAuthHeaders })
 */
export function tradeCreditDocumentRoute({
  sdk,
  headers,
  idParam = "id",
  language: languageOf = (request) => request.headers.get("accept-language") ?? undefined,
  overrides,
}: DocumentRouteOptions) {
  // `any` so that Next.js's check of a route's handler accepts it for any route (see tradeCreditReturnRoute).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's params
  return async function GET(request: Request, context: { params: any }): Promise<Response> {
    const params: Record<string, unknown> = (await context?.params) ?? {}
    const id = String(params[idParam] ?? "")
    const language = buyerLanguageOf(languageOf(request) ?? "en")
    try {
      const pdf = await fetchTradeCreditDocumentPdf({ sdk, id, headers: await headers() })
      const answer = new Headers({ "content-type": "application/pdf", "cache-control": "private, no-store" })
      const disposition = pdf.headers.get("content-disposition")
      if (disposition) answer.set("content-disposition", disposition)
      return new Response(pdf.body, { status: 200, headers: answer })
    } catch (error) {
      const status = statusOf(error)
      if (status === 409) return text(409, kitText("documents.notReady", { language, overrides }))
      if (status === 404) return text(404, kitText("documents.notFound", { language, overrides }))
      if (status === 401) return text(401, kitText("documents.login", { language, overrides }))
      return text(502, kitText("documents.downloadFailed", { language, overrides }))
    }
  }
}
