"use client"
import type { ReactNode } from "react"
import type { ClientSdk } from "../company-search"
import { documentLocaleOf, type TradeCreditDocument } from "../documents"
import { DocumentRow } from "./document-row"
import type { PdfSource } from "./document-pdf"
import { type ErrorDisplayProps, KitError } from "./kit-error"
import { textsOf, type TextProps } from "./texts"
import { type DocumentsRead, useTradeCreditDocuments } from "./use-trade-credit-documents"

export type InvoicesAndInstalmentsProps = TextProps &
  ErrorDisplayProps & {
    /** The documents the page read (a server component: listTradeCreditDocuments with the customer's headers). */
    documents?: DocumentsRead
    /** Reads them (a server action); without it, and without `documents`, `sdk` reads them with the browser's login. */
    load?: () => Promise<DocumentsRead>
    sdk?: ClientSdk
    /**
     * A document's PDF link on the storefront: a path with `{id}` ("/gb/account/documents/{id}", a route handler of
     * tradeCreditDocumentRoute) or a function. Without it, `sdk` downloads the PDF with the browser's login.
     */
    pdfHref?: PdfSource["pdfHref"]
    /** The locale of money and dates (default the language's: en-GB, nb-NO, sv-SE, nl-NL, de-DE). */
    locale?: string
    /** The heading (default "Invoices and instalments"); false for none. */
    title?: ReactNode | false
    id?: string
    className?: string
  }

const COLUMNS = ["document", "number", "issued", "due", "amount", "outstanding", "status", "pdf"] as const

/**
 * "Invoices and instalments": a logged-in customer's invoices, credit notes, instalment invoices and monthly
 * statements (their own orders' and their company's), each with its dates, amount, what is left to pay, its status in
 * the buyer's words and its PDF ("Not ready yet" until the service issued it). A visitor who is not logged in reads
 * "Log in to see your invoices."
 */
export function InvoicesAndInstalments(props: InvoicesAndInstalmentsProps) {
  const { language, overrides, title, id, className, pdfHref, sdk } = props
  const t = textsOf({ language, overrides })
  const state = useTradeCreditDocuments(props, t, { language, overrides })
  const locale = props.locale ?? documentLocaleOf(language)
  return (
    <section className={["trade-credit-documents", className].filter(Boolean).join(" ")} id={id} aria-live="polite">
      {title === false ? null : <h2>{title ?? t("documents.title")}</h2>}
      {state.status === "loading" ? <p className="muted">{t("documents.loading")}</p> : null}
      {state.status === "login" ? <p className="notice">{t("documents.login")}</p> : null}
      {state.status === "failed" ? (
        <KitError message={state.message} errorClassName={props.errorClassName} renderError={props.renderError} />
      ) : null}
      {state.status === "ready" && state.documents.length === 0 ? <p className="muted">{t("documents.none")}</p> : null}
      {state.status === "ready" && state.documents.length > 0 ? (
        <table>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {t(`documents.column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {state.documents.map((doc: TradeCreditDocument) => (
              <DocumentRow key={doc.id} document={doc} locale={locale} t={t} pdfHref={pdfHref} sdk={sdk} />
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
