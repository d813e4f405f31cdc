import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"

type TradeCreditData = {
  order_id?: string
  state?: string
  status?: string
  payment_url?: string | null
  fulfilments?: { id: string; gross_amount: string; invoice_number: string }[]
  refunds?: { id: string; amount: string; credit_note_number: string }[]
}

const PROVIDER = "pp_trade-credit_default"

const stateColor = (state?: string) =>
  state === "CANCELLED" ? "red" : state === "UNVERIFIED" ? "orange" : state?.startsWith("FULFILL") || state === "REFUNDED" ? "green" : "blue"

/** The trade credit order behind a Medusa order: its state, invoices and credit notes. */
const TradeCreditOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, isLoading, error } = useQuery({
    queryKey: ["trade-credit-order", order.id],
    queryFn: () => sdk.admin.order.retrieve(order.id, { fields: "id,*payment_collections.payments" }),
  })
  // After an order edit Medusa cancels the first payment and the plugin re-authorizes a new one: show the live one.
  const payments = (data?.order.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .filter((p) => p.provider_id === PROVIDER)
  const payment = payments.find((p) => !p.canceled_at) ?? payments[payments.length - 1]
  if (isLoading || (!error && !payment)) return null
  const tc = (payment?.data ?? {}) as TradeCreditData

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Trade credit</Heading>
        {tc.state && <Badge color={stateColor(tc.state)}>{tc.state}</Badge>}
      </div>
      {error ? (
        <Text className="px-6 py-4 text-ui-fg-error">Could not load the trade credit details: {(error as Error).message}</Text>
      ) : (
        <div className="flex flex-col gap-y-2 px-6 py-4">
          <Text size="small">
            Service order: <span className="font-mono">{tc.order_id ?? "not created"}</span>
            {tc.status ? ` (${tc.status})` : ""}
          </Text>
          {tc.fulfilments?.map((f) => (
            <Text key={f.id} size="small">
              Invoice {f.invoice_number}: {f.gross_amount}
            </Text>
          ))}
          {tc.refunds?.map((r) => (
            <Text key={r.id} size="small">
              Credit note {r.credit_note_number}: {r.amount}
            </Text>
          ))}
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default TradeCreditOrderWidget
