import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import type { useIntlFormat } from "../common/intl-format"

type Format = ReturnType<typeof useIntlFormat>
/** The plugin's texts (`useTranslation("tradeCredit").t`). */
export type Texts = (key: string, options?: Record<string, unknown>) => string

/** How a line reads: as news for the merchant (good), a warning, or a loss (bad). */
export type LifeTone = "neutral" | "good" | "warn" | "bad"
export type LifeLine = { id: string; text: string; tone: LifeTone }

/** Entries the document's heading already says ("issued"). */
const ISSUING = new Set(["invoiced", "instalment_invoiced", "statement_issued"])
const TONES: Record<string, LifeTone> = {
  payment: "good",
  payment_reversed: "warn",
  credited: "neutral",
  collected: "warn",
  recoursed: "bad",
}

/** The amount without its sign: the words say which way it went ("Paid by the buyer: £400.00"). */
const unsigned = (amount: string) => amount.replace(/^-/, "")

/** "Invoice 1042" (the kind alone when it has no number). */
export const documentName = (t: Texts, doc: TradeCreditReceivable) => {
  const kind = t(`receivables.kinds.${doc.kind}`, { defaultValue: doc.kind })
  return doc.number ? t("receivables.life.document", { kind, number: doc.number }) : kind
}

/** "Invoice 1042 issued 3 March 2026, due 2 April 2026: £1,200.00". */
export function documentHeading(t: Texts, fmt: Format, doc: TradeCreditReceivable): string {
  const values = { document: documentName(t, doc), amount: fmt.money(unsigned(doc.amount), doc.currency_code) }
  if (doc.issued_at && doc.due_at)
    return t("receivables.life.issuedDue", { ...values, issued: fmt.day(doc.issued_at), due: fmt.day(doc.due_at) })
  if (doc.issued_at) return t("receivables.life.issued", { ...values, issued: fmt.day(doc.issued_at) })
  return t("receivables.life.amount", values)
}

/** Where the document stands now, in words: overdue since, in collection, handed back, paid, what is outstanding. */
function standing(t: Texts, fmt: Format, doc: TradeCreditReceivable): LifeLine[] {
  const money = (amount: string) => fmt.money(unsigned(amount), doc.currency_code)
  const has = (kind: string) => doc.entries.some((e) => e.kind === kind)
  const lines: LifeLine[] = []
  if (doc.overdue && doc.due_at)
    lines.push({ id: "overdue", text: t("receivables.life.overdueSince", { date: fmt.day(doc.due_at) }), tone: "bad" })
  if (doc.status === "in_collection" && !has("collected"))
    lines.push({ id: "collection", text: t("receivables.life.inCollection"), tone: "warn" })
  if (doc.status === "recoursed" && !has("recoursed"))
    lines.push({
      id: "recourse",
      text: t("receivables.life.handedBack", { amount: money(doc.recoursed_amount ?? doc.amount) }),
      tone: "bad",
    })
  if (doc.status === "paid")
    lines.push({
      id: "paid",
      text: doc.settled_at
        ? t("receivables.life.paidOn", { date: fmt.day(doc.settled_at) })
        : t("receivables.life.paid"),
      tone: "good",
    })
  if ((doc.status === "open" || doc.status === "part_paid") && doc.outstanding_amount)
    lines.push({
      id: "outstanding",
      text: t("receivables.life.outstanding", { amount: money(doc.outstanding_amount) }),
      tone: "neutral",
    })
  return lines
}

/** A document's life after its heading: each dated event in words, oldest first, then where it stands. */
export function lifeLines(t: Texts, fmt: Format, doc: TradeCreditReceivable): LifeLine[] {
  const events = doc.entries
    .filter((entry) => !ISSUING.has(entry.kind))
    .map((entry) => ({
      id: entry.id,
      text: t(`receivables.life.${entry.kind}`, {
        date: fmt.moment(entry.occurred_at),
        amount: fmt.money(unsigned(entry.amount), entry.currency_code || doc.currency_code),
        defaultValue: entry.kind,
      }),
      tone: TONES[entry.kind] ?? "neutral",
    }))
  return [...events, ...standing(t, fmt, doc)]
}

/** Whether the service handed the document back to the merchant (recourse), in whole or in part. */
export const isRecoursed = (doc: TradeCreditReceivable) =>
  doc.status === "recoursed" || doc.entries.some((e) => e.kind === "recoursed")
