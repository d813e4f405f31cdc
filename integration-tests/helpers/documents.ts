import type { RunningSimulator } from "trade-credit-simulator"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../src/modules/trade-credit"
import type { ReceivableInput } from "../../src/modules/trade-credit/receivables"
import { call, confirmedOrder } from "../../packages/simulator/src/__tests__/helpers"

/**
 * The buyer's documents as the tests set them up: trade accounts with their users, and documents written straight
 * into the plugin's module (the pipeline that fills them from the service's events has tests of its own).
 */

let accounts = 0

export const moduleOf = (container: { resolve: (key: string) => unknown }) =>
  container.resolve(TRADE_CREDIT_MODULE) as TradeCreditModuleService

/** A trade account of a company (`GB`, `08123456`) whose users are these Medusa customers. */
export async function tradeAccountOf(
  module: TradeCreditModuleService,
  {
    country,
    organizationNumber,
    name,
    customerIds,
  }: { country: string; organizationNumber: string; name: string; customerIds: string[] },
) {
  const n = ++accounts
  const account = await module.createTradeAccounts({
    service_customer_id: `svc_cust_docs_${n}_${Date.now()}`,
    merchant_customer_id: customerIds[0],
    trade_name: name,
    company: { country_code: country, organization_number: organizationNumber },
    country_code: country,
    organization_number: organizationNumber,
  })
  for (const [i, customer_id] of customerIds.entries()) {
    await module.createTradeAccountUsers({
      trade_account_id: account.id,
      customer_id,
      service_user_id: `svc_user_docs_${n}_${i}_${Date.now()}`,
      service_customer_id: account.service_customer_id,
      verified: true,
    })
  }
  return account
}

let documents = 0

/** A document in the module, open by default, issued on 2 February and due on 3 March 2026. */
export async function seedDocument(module: TradeCreditModuleService, fields: Partial<ReceivableInput>) {
  const n = ++documents
  return await module.upsertReceivable({
    kind: "invoice",
    document_id: `doc_${n}_${Date.now()}`,
    currency_code: "GBP",
    amount: "1200.00",
    outstanding_amount: "1200.00",
    status: "open",
    issued_at: new Date("2026-02-02T00:00:00Z"),
    due_at: new Date("2026-03-03T00:00:00Z"),
    ...fields,
  })
}

/** An order the simulator invoiced (created, verified, confirmed, fulfilled): its invoice's PDF link at the service. */
export async function invoicedOrderPdfUrl(sim: RunningSimulator): Promise<string> {
  const order = await confirmedOrder(sim)
  const fulfilled = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
  if (fulfilled.status !== 200) throw new Error(`the simulator did not fulfil the order: ${fulfilled.text}`)
  // The minimal profile leaves `invoice_url` out of its answers: the service's invoice route is the same link.
  return (
    (fulfilled.body.invoice_url as string | undefined) ?? `${sim.url}/v1/invoice/${order.id}/pdf?lang=en_US&v=original`
  )
}
