import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { ArrowPath } from "@medusajs/icons"
import { Alert, Button, Container, Heading, Skeleton } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { BuyerRow } from "../components/order/buyer-row"
import { InvoiceDetails } from "../components/order/invoice-details"
import { OrderNotices } from "../components/order/order-notices"
import { PlanDetails } from "../components/order/plan-details"
import { ReceivablesSection } from "../components/order/receivables-section"
import { RecourseAlert } from "../components/order/recourse-alert"
import { useResync } from "../components/order/use-resync"
import { useTradeCreditOrder } from "../lib/trade-credit-api"
import { useOrderReceivables } from "../lib/trade-credit-receivables-api"

/**
 * The trade credit side of an order paid through the plugin: the service's
 * order (or instalment plan), its state, the buyer's company, the verification
 * link while unverified, invoices and credit notes to download, each document's
 * life after the invoice (a recourse first, impossible to miss), and "Re-sync"
 * (a reconciliation run for this order). Orders paid otherwise show nothing.
 */
const TradeCreditOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useTranslation("tradeCredit")
  const { data: summary, isLoading, error } = useTradeCreditOrder(order.id)
  const { resync, onResync } = useResync(order.id)
  const documents = useOrderReceivables(order.id, Boolean(summary))

  if (isLoading) {
    return (
      <Container className="p-6">
        <Skeleton className="h-6 w-32" />
      </Container>
    )
  }
  if (!error && !summary) return null

  return (
    <Container className="divide-y p-0" data-testid="trade-credit-order-widget">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <div className="flex items-center gap-x-2">
          {/* The provider by name: Medusa's payment section shows only its id (pp_trade-credit_default). */}
          <Heading level="h2" data-testid="tc-provider-name">
            {summary ? t(`common.provider.${summary.payment.kind}`) : t("common.title")}
          </Heading>
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
            <RecourseAlert docs={documents.data ?? []} />
            <OrderNotices summary={summary} />
            <BuyerRow company={summary.company} />
            {summary.invoice ? <InvoiceDetails summary={summary} /> : <PlanDetails summary={summary} />}
            <ReceivablesSection docs={documents.data} error={documents.error} />
          </>
        )
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.before" })

export default TradeCreditOrderWidget
