import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { ArrowDownTray, ArrowPath } from "@medusajs/icons"
import { Alert, Badge, Button, Container, Copy, Heading, Skeleton, Text, toast } from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  creditNotePath,
  downloadDocument,
  invoicePath,
  unknownAtService,
  useResyncOrder,
  useTradeCreditOrder,
  type TradeCreditOrderSummary,
} from "../lib/trade-credit-api"

type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

/** Colours of the service's order states, plan statuses and instalment states (their words: src/admin/i18n). */
const COLORS: Record<string, BadgeColor> = {
  UNVERIFIED: "orange",
  VERIFIED: "blue",
  CONFIRMED: "blue",
  FULFILLING: "purple",
  FULFILLED: "green",
  REFUNDED: "grey",
  CANCELLED: "red",
  APPROVED: "green",
  PARTIAL: "orange",
  REJECTED: "red",
  PENDING: "orange",
  ACCEPTED: "green",
  NOT_INITIATED: "grey",
  SUCCEEDED: "green",
  FAILED: "red",
  PLANNED: "grey",
  INVOICED: "green",
}
const label = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, " ")
/** A state of the service in the admin's language (one the translations do not know reads as its code, in words);
 * `name` picks the tooltip and test id. */
const StateBadge = ({
  value,
  name,
}: {
  value: string | null
  name: "state" | "status" | "funding" | "fulfilment" | "instalment"
}) => {
  const { t } = useTranslation("tradeCredit")
  return value ? (
    <Badge
      size="2xsmall"
      color={COLORS[value] ?? "grey"}
      title={`${t(`order.${name}`)}: ${value}`}
      data-testid={`tc-${name}`}
    >
      {t(`order.states.${value}`, { defaultValue: label(value) })}
    </Badge>
  ) : (
    <Text size="small">-</Text>
  )
}

const money = (amount: string | null | undefined, currency: string | null | undefined) =>
  amount ? `${amount} ${(currency ?? "").toUpperCase()}`.trim() : "-"
const date = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }) : "-"

const Row = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-[2fr_3fr] items-center gap-x-3 px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    <div className="flex min-w-0 items-center gap-x-2">{children}</div>
  </div>
)

/** A button that downloads one PDF (invoice or credit note) and says plainly why it could not. */
const DownloadButton = ({
  path,
  document,
  number,
}: {
  path: string
  document: "invoice" | "creditNote"
  number: string
}) => {
  const { t } = useTranslation("tradeCredit")
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      variant="transparent"
      isLoading={busy}
      aria-label={t(`order.download.${document}`, { number })}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadDocument(path, `${document === "invoice" ? "invoice" : "credit note"} ${number}.pdf`)
        } catch (error) {
          toast.error(t(`order.download.${document}Failed`, { number }), { description: (error as Error).message })
        } finally {
          setBusy(false)
        }
      }}
    >
      <ArrowDownTray />
      {t("order.download.button")}
    </Button>
  )
}

const InvoiceDetails = ({ summary }: { summary: TradeCreditOrderSummary }) => {
  const { t } = useTranslation("tradeCredit")
  const invoice = summary.invoice!
  const currency = invoice.currency ?? summary.payment.currency_code
  return (
    <>
      <Row title={t("order.serviceOrder")}>
        {invoice.service_order_id ? (
          <>
            <Text size="small" className="truncate font-mono" data-testid="tc-service-order-id">
              {invoice.service_order_id}
            </Text>
            <Copy content={invoice.service_order_id} />
          </>
        ) : (
          <Text size="small">{t("order.notCreated")}</Text>
        )}
      </Row>
      <Row title={t("order.state")}>
        <StateBadge value={invoice.state} name="state" />
        <StateBadge value={invoice.status} name="status" />
      </Row>
      <Row title={t("order.amount")}>
        <Text size="small">{money(invoice.gross_amount, currency)}</Text>
      </Row>
      {invoice.decline_reason && (
        <Row title={t("order.declineReason")}>
          <Text size="small">{invoice.decline_reason}</Text>
        </Row>
      )}
      {invoice.verification_url && (
        <div className="px-6 py-3">
          <Alert variant="warning">
            {t("order.notVerified")}{" "}
            <a
              href={invoice.verification_url}
              target="_blank"
              rel="noreferrer"
              className="text-ui-fg-interactive underline"
              data-testid="tc-verification-link"
            >
              {t("order.verificationLink")}
            </a>{" "}
            <Copy content={invoice.verification_url} className="inline" />
          </Alert>
        </div>
      )}
      <div className="px-6 py-4" data-testid="tc-invoices">
        <Text size="small" weight="plus" className="text-ui-fg-subtle mb-2">
          {t("order.invoices")}
        </Text>
        {invoice.fulfilments.length === 0 ? (
          <Text size="small" className="text-ui-fg-muted">
            {t("order.noInvoices")}
          </Text>
        ) : (
          <ul className="flex flex-col gap-y-1">
            {invoice.fulfilments.map((f) => (
              <li key={f.id} className="flex items-center justify-between gap-x-2">
                <div className="min-w-0">
                  <Text size="small" className="font-mono">
                    {f.invoice_number}
                  </Text>
                  <Text size="xsmall" className="text-ui-fg-muted">
                    {money(f.gross_amount, currency)}
                  </Text>
                </div>
                <DownloadButton
                  path={invoicePath(summary.order.id, f.id)}
                  document="invoice"
                  number={f.invoice_number}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="px-6 py-4" data-testid="tc-credit-notes">
        <Text size="small" weight="plus" className="text-ui-fg-subtle mb-2">
          {t("order.creditNotes")}
        </Text>
        {invoice.refunds.length === 0 ? (
          <Text size="small" className="text-ui-fg-muted">
            {t("order.noCreditNotes")}
          </Text>
        ) : (
          <ul className="flex flex-col gap-y-1">
            {invoice.refunds.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-x-2">
                <div className="min-w-0">
                  <Text size="small" className="font-mono">
                    {r.credit_note_number}
                  </Text>
                  <Text size="xsmall" className="text-ui-fg-muted">
                    {money(r.amount, currency)}
                    {r.refund_date ? ` · ${date(r.refund_date)}` : ""}
                    {r.reason ? ` · ${r.reason}` : ""}
                  </Text>
                </div>
                <DownloadButton
                  path={creditNotePath(summary.order.id, r.credit_note_number)}
                  document="creditNote"
                  number={r.credit_note_number}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

const DOT: Record<string, string> = {
  INVOICED: "bg-ui-tag-green-icon",
  CANCELLED: "bg-ui-tag-red-icon",
  PLANNED: "bg-ui-tag-neutral-icon",
}

const PlanDetails = ({ summary }: { summary: TradeCreditOrderSummary }) => {
  const { t } = useTranslation("tradeCredit")
  const plan = summary.plan!
  const currency = summary.payment.currency_code
  return (
    <>
      <Row title={t("order.plan")}>
        {plan.plan_id ? (
          <>
            <Text size="small" className="truncate font-mono" data-testid="tc-plan-id">
              {plan.plan_id}
            </Text>
            <Copy content={plan.plan_id} />
          </>
        ) : (
          <Text size="small">{t("order.notCreated")}</Text>
        )}
      </Row>
      <Row title={t("order.funding")}>
        <StateBadge value={plan.funding_status} name="funding" />
      </Row>
      <Row title={t("order.fulfilment")}>
        <StateBadge value={plan.fulfilment_status} name="fulfilment" />
      </Row>
      <Row title={t("order.planAmounts")}>
        <Text size="small">
          {[plan.invoiced_amount, plan.cancelled_amount, plan.credited_amount].map((a) => a ?? "-").join(" / ")}{" "}
          {(currency ?? "").toUpperCase()}
        </Text>
      </Row>
      {plan.credit_decline_reason && (
        <Row title={t("order.declineReason")}>
          <Text size="small">{plan.credit_decline_reason}</Text>
        </Row>
      )}
      <div className="px-6 py-4" data-testid="tc-instalments">
        <Text size="small" weight="plus" className="text-ui-fg-subtle mb-3">
          {t("order.instalments", { count: plan.number_of_periods ?? plan.instalments.length })}
        </Text>
        <ol className="relative ml-1 border-l border-ui-border-base">
          {plan.instalments.map((i, n) => (
            <li key={i.id} className="mb-3 ml-4 last:mb-0">
              <span className={`absolute -left-[5px] mt-1.5 h-2.5 w-2.5 rounded-full ${DOT[i.state] ?? DOT.PLANNED}`} />
              <div className="flex items-center justify-between gap-x-2">
                <Text size="small">
                  {n + 1}. {date(i.invoice_issue_date)}
                </Text>
                <div className="flex items-center gap-x-2">
                  <Text size="small" className="text-ui-fg-subtle">
                    {money(i.repayment_amount, currency)}
                  </Text>
                  <StateBadge value={i.state} name="instalment" />
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </>
  )
}

/**
 * The trade credit side of an order paid through the plugin: the service's
 * order (or instalment plan), its state, the buyer's company, the verification
 * link while unverified, invoices and credit notes to download, and "Re-sync"
 * (a reconciliation run for this order). Orders paid otherwise show nothing.
 */
const TradeCreditOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useTranslation("tradeCredit")
  const { data: summary, isLoading, error } = useTradeCreditOrder(order.id)
  const resync = useResyncOrder(order.id)

  if (isLoading) {
    return (
      <Container className="p-6">
        <Skeleton className="h-6 w-32" />
      </Container>
    )
  }
  if (!error && !summary) return null

  const onResync = () =>
    resync.mutate(undefined, {
      onSuccess: ({ run }) => {
        const failure = run.findings?.find((f) => f.error)?.error
        // An order the service answers 404 for is a discrepancy, never "agree": say which, and what the merchant can
        // do.
        const unknown = unknownAtService(run)
        const reported = run.findings?.filter((f) => !f.error && !f.discrepancy && f.action.includes("reported:")) ?? []
        if (run.failed)
          toast.error(t("order.resync.problem"), {
            description: failure ?? t("order.resync.unchecked", { count: run.failed }),
          })
        else if (unknown.length) {
          toast.warning(
            t("order.resync.unknownAtService", { orders: unknown.map((f) => f.service_order_id ?? "?").join(", ") }),
            {
              description: t("order.resync.unknownAtServiceHelp"),
              duration: 30_000,
            },
          )
        } else if (reported.length) {
          toast.warning(t("order.resync.reported", { count: reported.length }), {
            description: reported.map((f) => f.action).join(" · "),
            duration: 30_000,
          })
        } else
          toast.success(run.repaired ? t("order.resync.repaired", { count: run.repaired }) : t("order.resync.agree"))
      },
      onError: (e) => toast.error(t("order.resync.failed"), { description: (e as Error).message }),
    })

  return (
    <Container className="divide-y p-0" data-testid="trade-credit-order-widget">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{t("common.title")}</Heading>
          {summary && (
            <Badge size="2xsmall" color="grey">
              {summary.payment.kind === "plan" ? t("order.kind.plan") : t("order.kind.invoice")}
            </Badge>
          )}
        </div>
        <Button
          size="small"
          variant="secondary"
          onClick={onResync}
          isLoading={resync.isPending}
          data-testid="tc-resync"
        >
          <ArrowPath />
          {t("order.resync.button")}
        </Button>
      </div>
      {error ? (
        <div className="px-6 py-4">
          <Alert variant="error">{t("order.loadFailed", { error: (error as Error).message })}</Alert>
        </div>
      ) : (
        summary && (
          <>
            {summary.service_error && (
              <div className="px-6 py-3">
                <Alert variant="warning" data-testid="tc-service-error">
                  {t("order.serviceError")} {summary.service_error.message}
                </Alert>
              </div>
            )}
            {summary.order_edit_error && (
              <div className="px-6 py-3">
                <Alert variant="error">{t("order.orderEditError", { error: summary.order_edit_error })}</Alert>
              </div>
            )}
            {summary.payment.canceled && (
              <div className="px-6 py-3">
                <Alert variant="info">{t("order.canceled")}</Alert>
              </div>
            )}
            <Row title={t("order.buyer")}>
              {summary.company ? (
                <div className="min-w-0">
                  <Text size="small" className="truncate" data-testid="tc-company">
                    {summary.company.name ?? summary.company.canonical_id ?? "-"}
                  </Text>
                  {summary.company.organization_number && (
                    <Text size="xsmall" className="text-ui-fg-muted">
                      {summary.company.country ? `${summary.company.country} ` : ""}
                      {summary.company.organization_number}
                    </Text>
                  )}
                </div>
              ) : (
                <Text size="small">-</Text>
              )}
            </Row>
            {summary.invoice ? <InvoiceDetails summary={summary} /> : <PlanDetails summary={summary} />}
          </>
        )
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.before" })

export default TradeCreditOrderWidget
