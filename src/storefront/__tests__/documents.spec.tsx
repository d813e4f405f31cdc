// The buyer's documents in the kit: InvoicesAndInstalments in the five buyer languages (kinds, statuses, money and
// dates in the buyer's locale, the PDF or "not ready yet") as a server component hands them in, and the PDF route
// handler a storefront serves the download with. Mounted in a browser: documents-mount.spec.tsx.
import { renderToStaticMarkup } from "react-dom/server"
import { BUYER_LANGUAGES, documentStatusKey, formatDocumentMoney, KIT_TEXTS, tradeCreditDocumentRoute } from ".."
import { InvoicesAndInstalments } from "../react"
import { documentOf } from "./documents-fakes"

const doc = documentOf

const DOCUMENTS = [
  doc({}),
  doc({
    id: "tcrcv_2",
    kind: "credit_note",
    number: "CN-000001",
    amount: "-100.00",
    status: "credited",
    pdf_available: false,
  }),
  doc({ id: "tcrcv_3", kind: "instalment_invoice", status: "part_paid", overdue: true, outstanding_amount: "300.00" }),
  doc({ id: "tcrcv_4", kind: "statement", number: "7", status: "in_collection" }),
  doc({ id: "tcrcv_5", status: "recoursed" }),
]

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")

import { fakeSdk } from "./documents-fakes"

describe("InvoicesAndInstalments", () => {
  it.each(BUYER_LANGUAGES)("shows every document in the buyer's words (%s), never a raw status", (language) => {
    const text = textOf(
      renderToStaticMarkup(
        <InvoicesAndInstalments documents={DOCUMENTS} language={language} pdfHref="/gb/account/documents/{id}" />,
      ),
    )
    const words = (key: keyof typeof KIT_TEXTS) => KIT_TEXTS[key][language]
    expect(text).toContain(words("documents.title"))
    for (const key of [
      "documents.kind.invoice",
      "documents.kind.credit_note",
      "documents.kind.instalment_invoice",
      "documents.kind.statement",
      "documents.status.open",
      "documents.status.credited",
      "documents.status.part_paid_overdue",
      "documents.status.in_collection",
      "documents.status.recoursed",
      "documents.hint.recoursed",
      "documents.notReady",
    ] as const)
      expect(text).toContain(words(key))
    expect(text).not.toMatch(/\b(in_collection|recoursed|part_paid|credit_note)\b/)
  })

  it("writes money and dates in the buyer's locale, exactly, on the service's day", () => {
    const text = textOf(renderToStaticMarkup(<InvoicesAndInstalments documents={[doc({})]} language="de" />))
    expect(text).toContain(formatDocumentMoney("1200.50", "GBP", "de-DE").replace(/\s+/g, " "))
    expect(text).toContain("03.03.2026")
    expect(formatDocumentMoney("1200.50", "gbp", "en-GB")).toBe("£1,200.50")
    expect(formatDocumentMoney("12345678901234567.89", "EUR", "en-GB")).toBe("€12,345,678,901,234,567.89")
  })

  it("links each ready PDF to the storefront's route, and says when one is not ready yet", () => {
    const markup = renderToStaticMarkup(
      <InvoicesAndInstalments documents={DOCUMENTS.slice(0, 2)} pdfHref="/gb/account/documents/{id}" />,
    )
    expect(markup).toContain('href="/gb/account/documents/tcrcv_1"')
    expect(markup).not.toContain('documents/tcrcv_2"')
    expect(textOf(markup)).toContain("Not ready yet")
  })

  it("reads overdue only for what is still to pay", () => {
    expect(documentStatusKey({ status: "open", overdue: true })).toBe("documents.status.overdue")
    expect(documentStatusKey({ status: "paid", overdue: false })).toBe("documents.status.paid")
  })
})

describe("tradeCreditDocumentRoute", () => {
  const request = new Request("https://shop.example/gb/account/documents/tcrcv_1", {
    headers: { "accept-language": "nl" },
  })
  const context = { params: Promise.resolve({ countryCode: "gb", id: "tcrcv_1" }) }

  it("passes the customer's PDF on, asked with the customer's login", async () => {
    const pdf = new Response("%PDF-1.7", {
      headers: { "content-disposition": 'attachment; filename="INV-000001.pdf"' },
    })
    const { sdk, calls } = fakeSdk(pdf)
    const GET = tradeCreditDocumentRoute({ sdk, headers: async () => ({ authorization: "Bearer token" }) })
    const answer = await GET(request, context)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toBe("application/pdf")
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="INV-000001.pdf"')
    expect(await answer.text()).toBe("%PDF-1.7")
    expect(calls[0]).toEqual({
      input: "/store/trade-credit/documents/tcrcv_1/pdf",
      init: { headers: { authorization: "Bearer token", accept: "application/pdf" } },
    })
  })

  it("answers a refusal in the buyer's words", async () => {
    for (const [status, key] of [
      [404, "documents.notFound"],
      [409, "documents.notReady"],
      [401, "documents.login"],
      [503, "documents.downloadFailed"],
    ] as const) {
      const GET = tradeCreditDocumentRoute({ sdk: fakeSdk("refused", status).sdk, headers: () => ({}) })
      const answer = await GET(request, context)
      expect(answer.status).toBe(status === 503 ? 502 : status)
      expect(await answer.text()).toBe(KIT_TEXTS[key].nl)
    }
  })
})
