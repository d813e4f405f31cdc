import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditReceivable } from "../../lib/trade-credit-receivables-api"
import { useIntlFormat } from "../common/intl-format"
import { documentHeading, type LifeTone, lifeLines } from "../receivables/document-life"
import { ReceivableStatus } from "../receivables/receivable-status"

/** The colour of a line of a document's life. */
const TONE: Record<LifeTone, string> = {
  neutral: "text-ui-fg-subtle",
  good: "text-ui-fg-interactive",
  warn: "text-ui-tag-orange-text",
  bad: "text-ui-fg-error",
}

/** One document of an order and its life in plain words: issued and due, paid, credited, overdue, handed back. */
export const DocumentLifeItem = ({ doc }: { doc: TradeCreditReceivable }) => {
  const { t } = useTranslation("tradeCredit")
  const fmt = useIntlFormat()
  return (
    <li className="flex flex-col gap-y-1" data-testid="tc-document-life" data-number={doc.number ?? ""}>
      <div className="flex items-start justify-between gap-x-2">
        <Text size="small" weight="plus" className="text-ui-fg-base" data-testid="tc-document-heading">
          {documentHeading(t, fmt, doc)}
        </Text>
        <ReceivableStatus doc={doc} />
      </div>
      <ul className="flex flex-col gap-y-0.5 pl-3">
        {lifeLines(t, fmt, doc).map((line) => (
          <li key={line.id} data-testid="tc-life-line" data-tone={line.tone}>
            <Text size="xsmall" className={TONE[line.tone]}>
              {line.text}
            </Text>
          </li>
        ))}
      </ul>
      {doc.document_url && (
        <a
          href={doc.document_url}
          target="_blank"
          rel="noreferrer"
          className="text-ui-fg-interactive txt-compact-xsmall pl-3 underline"
        >
          {t("receivables.life.download")}
        </a>
      )}
    </li>
  )
}
