"use client"
import { useEffect, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import type { ClientSdk } from "../company-search"
import { listTradeCreditDocuments, type TradeCreditDocument, type TradeCreditDocumentsPage } from "../documents"
import { isNoAnswer, SHOP_UNREACHABLE, statusOf } from "../error-fields"
import type { Texts, TextProps } from "./texts"

export type DocumentsRead = TradeCreditDocumentsPage | TradeCreditDocument[]

/** Where the list stands: being read, read, the customer not logged in, or a failure in the buyer's words. */
export type DocumentsState =
  | { status: "loading" }
  | { status: "ready"; documents: TradeCreditDocument[] }
  | { status: "login" }
  | { status: "failed"; message: string }

const listOf = (read: DocumentsRead) => (Array.isArray(read) ? read : read.documents)

/**
 * The customer's documents: those the page read (`documents`, e.g. a server component's), else read once on mount
 * with `load` (a server action) or `sdk` (the browser's login). No way to read them: the customer is not logged in.
 */
export function useTradeCreditDocuments(
  { documents, load, sdk }: { documents?: DocumentsRead; load?: () => Promise<DocumentsRead>; sdk?: ClientSdk },
  t: Texts,
  words: TextProps,
): DocumentsState {
  const [state, setState] = useState<DocumentsState>(() =>
    documents ? { status: "ready", documents: listOf(documents) } : { status: "loading" },
  )
  useEffect(() => {
    if (documents) return setState({ status: "ready", documents: listOf(documents) })
    const read = load ?? (sdk ? () => listTradeCreditDocuments({ sdk }) : undefined)
    if (!read) return setState({ status: "login" })
    let stopped = false
    read().then(
      (answer) => !stopped && setState({ status: "ready", documents: listOf(answer) }),
      (error: unknown) => {
        if (stopped) return
        if (statusOf(error) === 401) return setState({ status: "login" })
        const message = isNoAnswer(error) ? buyerMessage(SHOP_UNREACHABLE, words) : t("documents.failed")
        setState({ status: "failed", message })
      },
    )
    return () => {
      stopped = true
    }
    // Read once per mount (and again if the page's documents change).
  }, [documents])
  return state
}
